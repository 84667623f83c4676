package io.hanacdc.pipeline;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.capture.CaptureEvolver;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.capture.CaptureSuspension;
import io.hanacdc.capture.CaptureVersionStore;
import io.hanacdc.capture.CaptureVersions;
import io.hanacdc.capture.CdcPurger;
import io.hanacdc.capture.UnreadCapture;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.cluster.OwnerStore;
import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.TargetNames;
import io.hanacdc.control.ControlSql;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.source.SourcePools;
import io.hanacdc.source.TableResolver;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.stream.HeldBackQuery;
import io.hanacdc.stream.PendingRowsQuery;
import io.hanacdc.target.Positions;
import io.hanacdc.target.Target;
import io.hanacdc.target.TargetResolver;
import io.hanacdc.target.TargetSession;
import io.hanacdc.target.TargetTable;
import io.hanacdc.watermark.Watermark;
import io.hanacdc.watermark.WatermarkChoice;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running task: pools, capture installed, target tables ready and one worker per table.
 * Everything is validated before anything is written, so bad configuration changes nothing.
 */
public final class CdcTask implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CdcTask.class);
    private static final int MAX_POOL = 16;
    private static final int INSTALL_ATTEMPTS = 3;
    private final HikariDataSource source;
    private final Target target;
    private final List<TableWorker> workers;
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final String task;
    private final SchemaWatcher watcher;
    private final UnreadCapture unread;
    private final List<TableStatus> stopped;
    private final ExecutorService readers;
    private final WatermarkChoice watermarks;

    private CdcTask(HikariDataSource source, Target target, List<TableWorker> workers, SourceDialect dialect, CaptureNames names,
                    String task, SchemaWatcher watcher, UnreadCapture unread, List<TableStatus> stopped, ExecutorService readers,
                    WatermarkChoice watermarks) {
        this.source = source;
        this.target = target;
        this.workers = workers;
        this.dialect = dialect;
        this.names = names;
        this.task = task;
        this.watcher = watcher;
        this.unread = unread;
        this.stopped = stopped;
        this.readers = readers;
        this.watermarks = watermarks;
    }

    /**
     * Checks the shapes of the tables this process runs (DESIGN §5), following changes, stops the tables
     * whose capture waits for a DBA, and finds the captured tables this task does not read; returns the
     * high water mark up to which purging cannot lose rows a later check would re-read.
     */
    public long checkSchemas() throws SQLException {
        try (Connection c = source.getConnection()) {
            long bound = watcher.check(c, workers.stream().filter(w -> !w.standby()).map(TableWorker::versions).toList(), storedHighs());
            workers.forEach(w -> w.stopFor(watcher.stopReason(w.table().id())));
            unread.refresh(c);
            return bound;
        }
    }

    /** The high-water mark of each table's position, for the tables whose position this process holds. */
    private Map<TableId, Long> storedHighs() {
        Map<TableId, Long> out = new HashMap<>();
        for (TableWorker w : workers) {
            if (w.storedHigh() >= 0) {
                out.put(w.table().id(), w.storedHigh());
            }
        }
        return out;
    }

    /** Captured tables nothing in this task applies, as of the last check. */
    public UnreadCapture unread() {
        return unread;
    }

    /**
     * Purges, for every table, the CDC rows all its subscribers have applied (and a schema check has seen); returns rows
     * deleted. A table whose CDC table still holds more rows than the breaker's limit has its capture suspended.
     */
    long purge(CdcPurger purger, CaptureBreaker breaker) throws SQLException {
        long deleted = purge(purger);
        try (Connection c = source.getConnection()) {
            if (!breaker.check(c, workers.stream().filter(w -> !w.standby()).map(w -> w.table().id()).toList()).isEmpty()) {
                checkSchemas(); // the suspended tables stop with the reason now
            }
        }
        return deleted;
    }

    /**
     * Purges, for every table, the CDC rows all its subscribers have applied (and a schema check has seen); returns rows
     * deleted. What this task applied is checked against the stored positions: a replica that has not yet seen another
     * take the table over (and reset it back) would otherwise publish its memory's base, beyond the replay.
     */
    public long purge(CdcPurger purger) throws SQLException {
        long deleted = 0;
        long checked = checkSchemas();
        Map<TableId, Position> stored = new HashMap<>();
        try (TargetSession t = target.session()) {
            target.positions().list(t).forEach(p -> stored.put(p.table(), p));
        }
        try (Connection c = source.getConnection()) {
            for (TableWorker w : workers) {
                Watermark base = w.purgeBase(stored.get(w.table().id()));
                if (base == null) { // another replica's, or not started: its owner publishes
                    continue;
                }
                Watermark bound = base.high() <= checked ? base : new Watermark(checked, base.open(), base.openFrom());
                deleted += purger.purge(c, w.table().id(), bound, names.captureTables(dialect, w.table().id()));
            }
        }
        return deleted;
    }

    CaptureBreaker breaker(CdcConfig cfg) {
        return new CaptureBreaker(dialect, names, new CaptureSuspension(dialect, names, cfg.lockTimeout()),
                cfg.maintenance().maxPendingRows());
    }

    public CdcPurger purger(CdcConfig cfg) {
        return new CdcPurger(dialect, names, task, cfg.maintenance().purgeRetention(), cfg.maintenance().purgeChunk());
    }

    /** Writes this task's heartbeat row on the source; its capture and replication keep idle lag honest. */
    public void beat() throws SQLException {
        ControlSql control = new ControlSql(dialect, names);
        SourceTable hb = dialect.captureSql(names).heartbeatTable();
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        try (Connection c = source.getConnection(); PreparedStatement update = c.prepareStatement(control.heartbeatUpdate(hb))) {
            update.setObject(1, now);
            update.setString(2, task);
            if (update.executeUpdate() == 0) {
                try (PreparedStatement insert = c.prepareStatement(control.heartbeatInsert(hb))) {
                    insert.setString(1, task);
                    insert.setObject(2, now);
                    insert.executeUpdate();
                }
            }
        }
    }

    public static CdcTask start(CdcConfig cfg) {
        return start(cfg, TableObserver.NONE);
    }

    public static CdcTask start(CdcConfig cfg, TableObserver observer) {
        return start(cfg, observer, ChangeHook.NONE);
    }

    /**
     * Starts the task; each table's changes pass through the hook before they are applied and after they are committed.
     * A table that cannot be replicated stops alone (see {@link #stopped}); the task fails to start only when no table can.
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
                installCapture(installer, c, tables, stopped);
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
                        workers.add(factory.create(versions));
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
     * Installs what is missing. Replicas starting together install the same capture at the same time;
     * each table's install is atomic and idempotent, so the loser of such a race finds it installed
     * when it tries again. A table whose install still fails stops; a lost connection stops the task.
     */
    private static void installCapture(CaptureInstaller installer, Connection c, List<SourceTable> tables, StoppedTables stopped)
            throws SQLException {
        List<SourceTable> pending = tables;
        for (int attempt = 1; ; attempt++) {
            Map<TableId, CdcException> failed;
            try {
                failed = installer.install(c, pending);
            } catch (CdcException e) { // the shared objects or the heartbeat table, which a replica starting now may be creating
                if (attempt == INSTALL_ATTEMPTS || !(e.getCause() instanceof SQLException)) {
                    throw e;
                }
                LOG.info("capture install failed, maybe racing another process; trying again: {}", e.getMessage());
                pause(attempt);
                continue;
            }
            for (Map.Entry<TableId, CdcException> f : failed.entrySet()) {
                if (f.getValue().getCause() instanceof SQLException e && String.valueOf(e.getSQLState()).startsWith("08")) {
                    throw f.getValue(); // the connection is lost: no table can be installed now
                }
                if (!(f.getValue().getCause() instanceof SQLException) || attempt == INSTALL_ATTEMPTS) {
                    stopped.stop(f.getKey(), f.getValue().getMessage());
                }
            }
            pending = pending.stream().filter(t -> failed.containsKey(t.id()) && !stopped.contains(t.id())).toList();
            if (pending.isEmpty()) {
                return;
            }
            LOG.info("capture install failed, maybe racing another process; trying again: {}", failed.get(pending.get(0).id()).getMessage());
            pause(attempt);
        }
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(500L * attempt);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new CdcException("interrupted while installing capture", ie);
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

    public List<TableWorker> workers() {
        return workers;
    }

    /** The tables that cannot be replicated: stopped at start, each with its reason (state "stopped", last error). */
    public List<TableStatus> stopped() {
        return stopped;
    }

    public DataSource source() {
        return source;
    }

    public Target target() {
        return target;
    }

    /**
     * One timer's driver of all the tables: turns on {@code turns} threads, loads on {@code loads} threads (both
     * shut down by the caller, which stops ticking first).
     */
    TickScheduler scheduler(ExecutorService turns, ExecutorService loads) {
        return new TickScheduler(workers, source, watermarks.taskWide(), dialect, names, turns, loads);
    }

    /** Where replicas sharing task {@code taskName} record who owns which table. */
    public OwnerStore ownerStore(String taskName) {
        return new OwnerStore(dialect, names, taskName);
    }

    /** The query of captured tables' rows above a data id each. */
    public PendingRowsQuery pendingRowsQuery(List<TableId> tables) {
        return new PendingRowsQuery(dialect, tables.stream().map(t -> names.captureTables(dialect, t)).toList());
    }

    /** The held-back-rows query of the task's tables' CDC tables, in the workers' order. */
    public HeldBackQuery heldBackQuery() {
        return new HeldBackQuery(dialect, workers.stream().map(w -> dialect.qualified(names.cdcSchema(), names.cdcTable(w.table().id()))).toList());
    }

    @Override
    public void close() {
        readers.shutdown();
        target.close();
        source.close();
    }
}
