package io.hanacdc.pipeline;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.CdcException;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.checkpoint.PositionStore;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.db.DataSources;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.source.TableResolver;
import io.hanacdc.target.mysql.MySqlTarget;
import io.hanacdc.target.mysql.TargetTable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A running task: pools, capture installed, target tables ready and one worker per table.
 * Everything is validated before anything is written, so bad configuration changes nothing.
 */
public final class CdcTask implements AutoCloseable {
    private static final int MAX_POOL = 16;
    private final HikariDataSource source;
    private final MySqlTarget target;
    private final List<TableWorker> workers;

    private CdcTask(HikariDataSource source, MySqlTarget target, List<TableWorker> workers) {
        this.source = source;
        this.target = target;
        this.workers = workers;
    }

    public static CdcTask start(CdcConfig cfg) {
        return start(cfg, TableObserver.NONE);
    }

    public static CdcTask start(CdcConfig cfg, TableObserver observer) {
        SourceDialect dialect = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
        CaptureNames names = new CaptureNames(cfg.cdcSchema(), dialect.maxIdentifierBytes());
        HikariDataSource source = null;
        MySqlTarget target = null;
        try {
            source = DataSources.pool("source", sourceEndpoint(cfg, dialect), MAX_POOL, dialect.connectionInitSql());
            List<SourceTable> tables;
            try (Connection c = source.getConnection()) {
                tables = new TableResolver(dialect, cfg.cdcSchema()).resolve(c, cfg.tables());
            }
            target = new MySqlTarget(cfg.target(), Math.min(MAX_POOL, tables.size() + 2));
            String controlDb = cfg.controlDatabase().isEmpty() ? target.database() : cfg.controlDatabase();
            PositionStore store = new PositionStore(controlDb, cfg.task());
            List<TargetTable> targetTables = targetTables(target, tables);
            CaptureInstaller installer = new CaptureInstaller(dialect, names, cfg.task(), cfg.lockTimeout());
            WatermarkChoice watermarks;
            try (Connection c = source.getConnection()) {
                watermarks = new WatermarkChoice(cfg, dialect, names, installer, c);
                installer.install(c, tables);
            }
            List<TableWorker> workers = new ArrayList<>();
            TableWorkerFactory factory = new TableWorkerFactory(cfg, dialect, names, source, target, store, watermarks, observer);
            try (Connection t = target.connection()) {
                store.ensureTable(t);
                for (TargetTable tt : targetTables) {
                    tt.ensure(t, target.flavor());
                    workers.add(factory.create(tt));
                }
            }
            return new CdcTask(source, target, workers);
        } catch (SQLException | RuntimeException e) {
            if (target != null) {
                target.close();
            }
            if (source != null) {
                source.close();
            }
            throw e instanceof CdcException ce ? ce : new CdcException("task " + cfg.task() + " could not start: " + e.getMessage(), e);
        }
    }

    /** The configured source, with the URL settings the dialect relies on. */
    public static CdcConfig.Endpoint sourceEndpoint(CdcConfig cfg, SourceDialect dialect) {
        return new CdcConfig.Endpoint(dialect.connectionUrl(cfg.source().url()), cfg.source().user(), cfg.source().password());
    }

    private static List<TargetTable> targetTables(MySqlTarget target, List<SourceTable> tables) {
        Map<String, SourceTable> byName = new HashMap<>();
        List<TargetTable> out = new ArrayList<>();
        for (SourceTable t : tables) {
            SourceTable clash = byName.putIfAbsent(t.id().name().toLowerCase(), t);
            if (clash != null) {
                throw new CdcException("tables " + clash.id() + " and " + t.id() + " would both be written to target table "
                        + target.database() + "." + t.id().name() + ": replicate them with separate tasks and target databases");
            }
            out.add(new TargetTable(target.database(), t));
        }
        return out;
    }

    public List<TableWorker> workers() {
        return workers;
    }

    @Override
    public void close() {
        target.close();
        source.close();
    }
}
