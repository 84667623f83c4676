package io.hanacdc.pipeline;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.capture.CaptureEvolver;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.capture.CaptureVersionStore;
import io.hanacdc.capture.CaptureVersions;
import io.hanacdc.capture.UnreadCapture;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.TargetNames;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.source.SourcePools;
import io.hanacdc.source.TableResolver;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.sink.Positions;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetResolver;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import io.hanacdc.watermark.WatermarkChoice;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Builds a running task from its settings: the pools, the tables resolved, capture installed, target tables ready,
 * one worker per table and the schema guard. Everything is validated before anything is written, so bad
 * configuration changes nothing; what was opened is closed again when the task cannot start.
 */
public final class TaskAssembler {
    private static final Logger LOG = LoggerFactory.getLogger(TaskAssembler.class);
    private static final int MAX_POOL = 16;

    private TaskAssembler() {}

    public static CdcTask start(CdcConfig cfg) {
        return start(cfg, TableObserver.NONE, ChangeHook.NONE);
    }

    /**
     * Starts the task; each table's changes pass through the hook before they are applied and after they are committed.
     * A table that cannot be replicated stops alone (see {@link CdcTask#stopped}); the task fails to start only when no table can.
     */
    public static CdcTask start(CdcConfig cfg, TableObserver observer, ChangeHook hook) {
        return start(cfg, observer, hook, Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "hanacdc-prefetch");
            t.setDaemon(true);
            return t;
        }));
    }

    /** @param readers the threads tables read their next batch on while one is applied; shut down with the task */
    public static CdcTask start(CdcConfig cfg, TableObserver observer, ChangeHook hook, ExecutorService readers) {
        SourceDialect dialect = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
        CaptureNames names = new CaptureNames(cfg.cdcSchema(), dialect);
        HikariDataSource source = null;
        Target target = null;
        StoppedTables stopped = new StoppedTables();
        try {
            source = SourcePools.open(cfg, dialect, MAX_POOL);
            TableResolver.Resolved resolved;
            try (Connection c = source.getConnection()) {
                resolved = new TableResolver(dialect, cfg.cdcSchema()).resolve(c, cfg.tables());
            }
            resolved.refused().forEach(stopped::stop);
            stopped.requireSome(resolved.tables().size());
            target = TargetResolver.open(cfg, Math.min(MAX_POOL, resolved.tables().size() + 2));
            Positions store = target.positions();
            List<SourceTable> captured = new ArrayList<>(resolved.tables());
            captured.add(dialect.captureSql(names).heartbeatTable()); // replicated like any table: proves the pipeline alive
            List<TargetTable> targetTables = target.tables(captured);
            List<SourceTable> tables = resolved.tables();
            CaptureInstaller installer = new CaptureInstaller(dialect, names, cfg.task(), cfg.lockTimeout());
            WatermarkChoice watermarks;
            Set<TableId> listed = captured.stream().map(SourceTable::id).collect(Collectors.toSet());
            UnreadCapture unread = new UnreadCapture(dialect, names, cfg.task(), listed::contains);
            try (Connection c = source.getConnection()) {
                watermarks = new WatermarkChoice(cfg, dialect, names, installer::allCaptureTables, c);
                CaptureRaces.install(installer, c, tables, stopped);
                unread.refresh(c);
            }
            List<TableWorker> workers = new ArrayList<>();
            Map<TableId, Long> storedHighs = new HashMap<>();
            TableWorkerFactory factory = new TableWorkerFactory(cfg, dialect, names, source, target, watermarks, observer, hook, readers);
            CaptureVersionStore versionStore = new CaptureVersionStore(dialect, names);
            try (Connection s = source.getConnection(); TargetSession t = target.session()) {
                store.ensure(t);
                for (TargetTable tt : targetTables) {
                    TableId id = tt.source().id();
                    if (stopped.contains(id)) {
                        continue;
                    }
                    try {
                        CaptureVersions versions = CaptureVersions.load(s, versionStore, id);
                        Optional<Position> position = store.load(t, id);
                        position.ifPresent(p -> storedHighs.put(id, p.range().base().high()));
                        if (targetAtItsVersion(target, tt, versions, position).ensure(t) && position.isPresent()) {
                            copyAgain(store, t, position.get(), tt);
                        }
                        workers.add(factory.create(versions, Optional.ofNullable(resolved.keyIndexes().get(id))));
                    } catch (CdcException e) {
                        if (id.schema().equals(names.cdcSchema())) {
                            throw e; // the heartbeat table
                        }
                        stopped.stop(id, e.getMessage());
                    }
                }
            }
            stopped.requireSome(workers.size() - 1);
            SchemaWatcher watcher = new SchemaWatcher(dialect, names, new CaptureEvolver(dialect, names, cfg.lockTimeout()), installer);
            try (Connection c = source.getConnection()) { // before any table runs
                watcher.guard(c, storedHighs);
            }
            workers.forEach(w -> w.stopFor(watcher.stopReason(w.table().id())));
            return new CdcTask(source, target, workers, dialect, names, cfg.task(), watcher, unread, stopped.statuses(), readers, watermarks);
        } catch (SQLException | RuntimeException e) {
            readers.shutdown();
            if (target != null) {
                target.close();
            }
            if (source != null) {
                source.close();
            }
            throw e instanceof CdcException ce ? ce : new CdcException("task " + cfg.task() + " could not start: " + e.getMessage(), e);
        }
    }

    /**
     * A target table created though the position says rows were written to it: it was dropped, or the
     * naming settings changed (positions are kept by source table). Copied again, so no row is missing.
     */
    private static void copyAgain(Positions store, TargetSession t, Position p, TargetTable created) throws SQLException {
        store.save(t, p.phase() == Position.Phase.SNAPSHOT ? p.restartSnapshot(p.range(), p.captureVersion()) : p.resnapshot());
        LOG.warn("table {}: its target table {} did not exist, though the task had written to it before (was it dropped, or did {} or {}"
                + " change?): created it, and copying the table again", p.table(), created.qualifiedName(),
                TargetNames.TEMPLATE_KEY, TargetNames.MAP_KEY);
    }

    /** The target table in the shape of the capture version its position says it has (the stream changes it from there). */
    private static TargetTable targetAtItsVersion(Target target, TargetTable latest, CaptureVersions versions, Optional<Position> position) {
        return position.flatMap(p -> versions.find(p.captureVersion()))
                .map(v -> target.table(v.layout().table())).orElse(latest);
    }
}
