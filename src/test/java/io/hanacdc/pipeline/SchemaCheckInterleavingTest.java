package io.hanacdc.pipeline;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.capture.CaptureEvolver;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.source.TableResolver;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The interleaving behind lost updates, pinned: an ALTER (and writes after it) committed right after
 * the schema check, or the install at startup, read the recorded cuts and before it walks the tables.
 * An ALTER that changes a column must move capture to a new version that re-reads what was written
 * since (never a repair of the old triggers that forgets the cut); one that changes no column must
 * leave capture as it is. Either way every write reaches the target.
 */
@IntegrationTest
class SchemaCheckInterleavingTest {
    private static final String TABLE = "public.race";

    @ParameterizedTest(name = "{0}, {1} triggers, during the {2}")
    @CsvSource({
            "ADD COLUMN extra int, statement, check", "ADD COLUMN extra int, row, check",
            "ADD COLUMN extra int, statement, install", "ADD COLUMN extra int, row, install",
            "SET (fillfactor = 70), statement, check", "SET (fillfactor = 70), row, check",
            "SET (fillfactor = 70), statement, install", "SET (fillfactor = 70), row, install"})
    void anAlterCommittedBetweenReadingTheCutsAndTheWalkLosesNothing(String alter, String level, String reader) throws Exception {
        boolean columnChange = alter.startsWith("ADD COLUMN");
        try (Pipeline p = new Pipeline("race" + level + reader)) {
            exec(p.sourceUrl, "CREATE TABLE " + TABLE + " (id int PRIMARY KEY, v int)",
                    "INSERT INTO " + TABLE + " SELECT g, g FROM generate_series(1, 20) g");
            p.set("hanacdc.tables", TABLE).set("hanacdc.capture.trigger-level", level).start();
            p.awaitConverged(30_000);
            CdcConfig cfg = p.config();
            AtomicReference<Runnable> afterCutsRead = new AtomicReference<>();
            SourceDialect dialect = injecting(SourceDialects.forUrl(p.sourceUrl, cfg.capture()), afterCutsRead);
            CaptureNames names = new CaptureNames(cfg.cdcSchema(), dialect.maxIdentifierBytes());
            CaptureInstaller installer = new CaptureInstaller(dialect, names, cfg.task(), cfg.lockTimeout());
            Runnable alterAndWrite = () -> {
                try {
                    exec(p.sourceUrl, "ALTER TABLE " + TABLE + " " + alter, "UPDATE " + TABLE + " SET v = v + 100" + (columnChange ? ", extra = id" : ""));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            };
            try (Connection c = TestDatabases.connect(p.sourceUrl)) {
                if (reader.equals("check")) {
                    SchemaWatcher watcher = new SchemaWatcher(dialect, names, new CaptureEvolver(dialect, names, cfg.lockTimeout()), installer);
                    var tables = p.task().workers().stream().map(TableWorker::versions).toList();
                    watcher.check(c, tables, java.util.Map.of()); // sees every table once
                    afterCutsRead.set(alterAndWrite);
                    watcher.check(c, tables, java.util.Map.of());
                } else {
                    p.stop();
                    var tables = new TableResolver(dialect, cfg.cdcSchema()).resolve(c, cfg.tables()).tables();
                    afterCutsRead.set(alterAndWrite);
                    installer.install(c, tables);
                }
            }
            assertEquals(null, afterCutsRead.get(), "the ALTER was run");
            assertEquals(List.of(columnChange ? "2" : "1"), Pipeline.rows(p.sourceUrl, "SELECT max(version) FROM hanacdc.hanacdc_schema_history"
                    + " WHERE source_table = 'race'"), columnChange ? "the ALTER's cut did not move capture on" : "an ALTER that changes no column moved capture on");
            assertEquals(List.of("4"), Pipeline.rows(p.sourceUrl, "SELECT count(*) FROM pg_trigger WHERE tgrelid = '" + TABLE + "'::regclass"
                    + " AND NOT tgisinternal AND tgenabled <> 'D' AND tgname NOT LIKE '%$k%'"), "the capture triggers (insert, update, delete, truncate) are on");
            assertEquals(0, Pipeline.count(p.sourceUrl, "SELECT count(*) FROM hanacdc.hanacdc_ddl_cut WHERE cut IS NOT NULL"), "a cut is left");

            if (p.task() == null) {
                p.start();
            }
            p.task().checkSchemas();
            p.awaitConverged(30_000);
            if (columnChange) {
                assertEquals(20, Pipeline.count(p.targetUrl, "SELECT count(*) FROM race WHERE extra = id AND v = id + 100"));
            }
        }
    }

    /** The source dialect, running the armed action once right after it read the recorded cuts. */
    private static SourceDialect injecting(SourceDialect real, AtomicReference<Runnable> afterCutsRead) {
        return (SourceDialect) Proxy.newProxyInstance(SourceDialect.class.getClassLoader(), new Class<?>[] {SourceDialect.class},
                (proxy, method, args) -> {
                    Object result;
                    try {
                        result = method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("ddlCuts")) {
                        Runnable action = afterCutsRead.getAndSet(null);
                        if (action != null) {
                            action.run();
                        }
                    }
                    return result;
                });
    }
}
