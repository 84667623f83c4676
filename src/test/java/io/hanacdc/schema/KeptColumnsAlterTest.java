package io.hanacdc.schema;

import static io.hanacdc.testing.Background.loop;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.capture.CdcPurger;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * ALTERs that keep a table's columns (storage parameters, constraints, statistics, indexes,
 * comments), each followed by writes, while the task streams, checks schemas and purges as its
 * timers do: nothing about capture may change (no cut, no new version, no trigger re-created) and
 * every write reaches the target.
 */
@IntegrationTest
class KeptColumnsAlterTest {
    private static final int TABLES = 6;
    private static final long WRITE_MILLIS = 6_000;

    private static String table(int i) {
        return "public.kept" + i;
    }

    /** The ALTERs that change no column, in the order they are cycled through (each leaves the table as the next expects). */
    private static List<String> alters(String t, int round) {
        String c = "kept_ck_" + t.replace("public.", "");
        String i = "kept_ix_" + t.replace("public.", "");
        return List.of("ALTER TABLE " + t + " SET (fillfactor = " + (70 + round % 30) + ")",
                "ALTER TABLE " + t + " ADD CONSTRAINT " + c + " CHECK (v >= 0)",
                "ALTER TABLE " + t + " ALTER COLUMN v SET STATISTICS " + (100 + round % 50),
                "CREATE INDEX " + i + " ON " + t + " (v)",
                "COMMENT ON TABLE " + t + " IS 'round " + round + "'",
                "ALTER TABLE " + t + " DROP CONSTRAINT " + c,
                "DROP INDEX " + i,
                "ALTER TABLE " + t + " RESET (fillfactor)");
    }

    @ParameterizedTest(name = "trigger level: {0}")
    @ValueSource(strings = {"statement", "row"})
    void everyWriteAfterAnAlterThatKeepsTheColumnsIsApplied(String level) throws Exception {
        try (Pipeline p = new Pipeline("kept" + level)) {
            List<String> setup = new ArrayList<>();
            for (int t = 0; t < TABLES; t++) {
                // the key in another order than the columns, a quoted name and types format_type prints with modifiers
                setup.add("CREATE TABLE " + table(t) + " (grp int NOT NULL DEFAULT 1, id int NOT NULL, v int NOT NULL, note text,"
                        + " \"Odd \"\"col\"\" ü\" numeric(10,2) DEFAULT 1.5, at timestamp(3) with time zone DEFAULT now(), PRIMARY KEY (id, grp))");
                setup.add("INSERT INTO " + table(t) + " (id, v, note) SELECT g, g, 'n' || g FROM generate_series(1, 50) g");
            }
            exec(p.sourceUrl, setup.toArray(String[]::new));
            p.set("hanacdc.tables", "public.kept*").set("hanacdc.capture.trigger-level", level).start();
            p.awaitConverged(30_000);
            List<String> functions = captureFunctions(p.sourceUrl);

            AtomicBoolean stop = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicLong writes = new AtomicLong();
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < 2; w++) {
                int writer = w;
                threads.add(loop("kept-writer-" + w, stop, failure, () -> {
                    Random rnd = new Random(writer);
                    try (Connection c = TestDatabases.connect(p.sourceUrl); Statement s = c.createStatement()) {
                        for (int round = 0; !stop.get(); round++) {
                            String t = table(writer + 2 * rnd.nextInt(TABLES / 2));
                            for (String alter : alters(t, round)) {
                                s.execute(alter);
                                int id = 1 + rnd.nextInt(60);
                                s.execute("UPDATE " + t + " SET v = v + 1, note = 'r" + round + "' WHERE id % 7 = " + rnd.nextInt(7));
                                s.execute("INSERT INTO " + t + " (id, v, note) VALUES (" + id + ", " + round + ", 'i') ON CONFLICT (id, grp) DO UPDATE SET v = excluded.v + "
                                        + t.length() + ", note = 'c'");
                                writes.addAndGet(2);
                            }
                        }
                    }
                }));
            }
            // the task's timers: the tables stream while the schema check and the purge run on their own threads
            threads.add(loop("kept-stream", stop, failure, () -> {
                while (!stop.get()) {
                    p.tick();
                    Thread.sleep(5);
                }
            }));
            CdcPurger purger = p.task().purger(p.config());
            threads.add(loop("kept-check", stop, failure, () -> {
                for (int n = 0; !stop.get(); n++) {
                    p.task().checkSchemas();
                    if (n % 5 == 4) {
                        p.task().purge(purger);
                    }
                    Thread.sleep(20);
                }
            }));
            Thread.sleep(WRITE_MILLIS);
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(null, failure.get(), "a writer or the task failed");
            assertTrue(writes.get() > 100, "writes: " + writes.get());

            p.task().checkSchemas();
            p.task().purge(purger);
            p.awaitConverged(30_000);
            for (TableWorker w : p.task().workers()) {
                assertEquals(1, w.versions().latest().number(), w.table().id() + ": an ALTER that changes no column moved capture to a new version");
            }
            assertEquals(functions, captureFunctions(p.sourceUrl), "capture triggers were re-created");
            assertEquals(0, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.hanacdc_ddl_cut WHERE cut IS NOT NULL"), "cuts recorded");
        }
    }

    /** Each capture trigger with the object id of the function it calls: a re-created trigger has a new one. */
    private static List<String> captureFunctions(String url) throws Exception {
        return Pipeline.rows(url, "SELECT t.tgname || ' ' || t.tgfoid || ' ' || t.tgenabled::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
                + " WHERE c.relname LIKE 'kept%' AND NOT t.tgisinternal ORDER BY 1");
    }
}
