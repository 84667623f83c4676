package io.hanacdc.schema;

import static io.hanacdc.testing.Background.loop;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.cli.DirectCommands;
import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The alter command (docs/operations.md "Changing a captured table") on PostgreSQL, without the event trigger that
 * otherwise switches capture at an ALTER, so only the command stands between an ALTER and the writers:
 * several threads insert and update the table while columns are added, renamed and dropped through it.
 * No writer may get an error, capture must move one version per ALTER with no cut, and every write must
 * reach the MariaDB target. Bad input changes nothing.
 */
@IntegrationTest
class AlterCommandTest {
    private static final int WRITERS = 4;
    private static final int ROUNDS = 4;

    @Test
    void writersNeverFailWhileColumnsAreAddedRenamedAndDroppedThroughAlter() throws Exception {
        try (Pipeline p = new Pipeline("altercmd")) {
            exec(p.sourceUrl, "CREATE TABLE public.orders (id int PRIMARY KEY, v int NOT NULL, updates int NOT NULL DEFAULT 0, note varchar(10))",
                    "INSERT INTO public.orders (id, v) SELECT g, g FROM generate_series(1, 200) g");
            p.set("hanacdc.tables", "public.orders").start();
            // a plain ALTER that drops or renames a captured column now breaks the writers' triggers
            exec(p.sourceUrl, "DROP EVENT TRIGGER IF EXISTS \"hanacdc$ddl\"");
            p.awaitConverged(30_000);

            AtomicBoolean stop = new AtomicBoolean();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            AtomicLong writes = new AtomicLong();
            AtomicInteger nextId = new AtomicInteger(1000);
            List<Thread> threads = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                threads.add(loop("alter-writer-" + w, stop, failure, () -> {
                    Random rnd = new Random(writer);
                    try (Connection c = TestDatabases.connect(p.sourceUrl); Statement s = c.createStatement()) {
                        while (!stop.get()) {
                            s.execute("INSERT INTO public.orders (id, v, note) VALUES (" + nextId.incrementAndGet() + ", " + writer + ", 'w" + writer + "')");
                            s.execute("UPDATE public.orders SET v = v + 1, updates = updates + 1 WHERE id % 50 = " + rnd.nextInt(50));
                            writes.addAndGet(2);
                        }
                    }
                }));
            }
            threads.add(loop("alter-stream", stop, failure, () -> {
                while (!stop.get()) {
                    p.tick();
                    Thread.sleep(5);
                }
            }));
            threads.add(loop("alter-check", stop, failure, () -> {
                while (!stop.get()) {
                    p.task().checkSchemas();
                    Thread.sleep(20);
                }
            }));
            Thread.sleep(500);
            int alters = 0;
            for (int round = 0; round < ROUNDS && failure.get() == null; round++) {
                for (String clause : List.of("ADD COLUMN extra" + round + " int DEFAULT " + round,
                        "RENAME COLUMN extra" + round + " TO kept" + round,
                        "ALTER COLUMN note TYPE varchar(" + (20 + 10 * round) + "), ADD COLUMN flag" + round + " boolean",
                        "DROP COLUMN flag" + round)) {
                    alter(p, "public.orders", clause);
                    alters++;
                    Thread.sleep(150);
                }
            }
            stop.set(true);
            for (Thread t : threads) {
                t.join();
            }
            assertEquals(null, failure.get(), "a writer or the task failed");
            assertTrue(writes.get() > 200, "writes: " + writes.get());

            p.task().checkSchemas();
            p.awaitConverged(60_000);
            TableWorker orders = p.task().workers().stream().filter(w -> w.table().id().name().equals("orders")).findFirst().orElseThrow();
            // the schema check takes each version as made by another process: it used to add one for no change
            // when the stream reloaded the versions between its decision and its move
            assertEquals(1 + alters, orders.versions().latest().number(), "one capture version per ALTER");
            assertEquals(0, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.hanacdc_ddl_cut WHERE cut IS NOT NULL"), "cuts recorded");
            assertEquals(List.of("id", "v", "updates", "note", "kept0", "kept1", "kept2", "kept3"),
                    orders.versions().latest().layout().table().columnNames());
        }
    }

    @Test
    void badInputIsRefusedAndChangesNothing() throws Exception {
        try (Pipeline p = new Pipeline("alterbad")) {
            exec(p.sourceUrl, "CREATE TABLE public.items (id int PRIMARY KEY, v int)", "CREATE TABLE public.other (id int PRIMARY KEY)",
                    "INSERT INTO public.items VALUES (1, 1)");
            p.set("hanacdc.tables", "public.items").start();
            p.awaitConverged(30_000);
            List<String> triggers = triggers(p.sourceUrl);

            assertRefused(p, "public.missing", "ADD COLUMN x int", "not captured");
            assertRefused(p, "public.other", "ADD COLUMN x int", "not captured");
            assertRefused(p, "public.items", " ", "no ALTER clause");
            // the first change would work; the second fails, so neither happens
            assertRefused(p, "public.items", "ADD COLUMN ok int, ADD COLUMN v int", "nothing was changed");
            assertRefused(p, "public.items", "RENAME TO items_elsewhere", "renames or drops the table");
            // a user that may not alter the table (the URL names the task's user, so it is left out)
            exec(p.sourceUrl, "DROP ROLE IF EXISTS alter_nopriv", "CREATE ROLE alter_nopriv LOGIN");
            CdcConfig cfg = p.config();
            CdcConfig.Endpoint nopriv = new CdcConfig.Endpoint(p.sourceUrl.replaceAll("([?&])user=[^&]*&?", "$1"), "alter_nopriv", "");
            CdcException denied = assertThrows(CdcException.class,
                    () -> new DirectCommands(cfg, new PrintStream(new ByteArrayOutputStream())).alter("public.items", "ADD COLUMN x int", nopriv));
            assertTrue(denied.getMessage().contains("nothing was changed") && denied.getMessage().contains("permission denied"), denied.getMessage());

            assertEquals(triggers, triggers(p.sourceUrl), "capture triggers changed");
            assertEquals(List.of("id", "v"), Pipeline.rows(p.sourceUrl, "SELECT column_name::text FROM information_schema.columns"
                    + " WHERE table_schema = 'public' AND table_name = 'items' ORDER BY ordinal_position"));
            assertEquals(1, Pipeline.count(p.sourceUrl, "SELECT max(version) FROM hanacdc.hanacdc_schema_history WHERE source_table = 'items'"));
            exec(p.sourceUrl, "UPDATE public.items SET v = 2", "INSERT INTO public.items VALUES (2, 2)");
            p.awaitConverged(30_000);
        }
    }

    @Test
    void anAlterThatKeepsTheColumnsKeepsTheCaptureVersion() throws Exception {
        try (Pipeline p = new Pipeline("alterkept")) {
            exec(p.sourceUrl, "CREATE TABLE public.items (id int PRIMARY KEY, v int)", "INSERT INTO public.items VALUES (1, 1)");
            p.set("hanacdc.tables", "public.items").start();
            p.awaitConverged(30_000);
            List<String> enabled = enabledTriggers(p.sourceUrl);
            alter(p, "public.items", "ADD CONSTRAINT items_v CHECK (v >= 0), SET (fillfactor = 80)");
            assertEquals(1, Pipeline.count(p.sourceUrl, "SELECT max(version) FROM hanacdc.hanacdc_schema_history WHERE source_table = 'items'"));
            assertEquals(enabled, enabledTriggers(p.sourceUrl));
            exec(p.sourceUrl, "UPDATE public.items SET v = 2", "INSERT INTO public.items VALUES (2, 2)", "DELETE FROM public.items WHERE id = 1");
            p.task().checkSchemas();
            p.awaitConverged(30_000);
            assertEquals(1, p.task().workers().get(0).versions().latest().number());
        }
    }

    @Test
    void aCommandLineWithoutTheClauseIsAUsageError() throws Exception {
        for (String[] args : List.of(new String[] {"alter", "public.items"}, new String[] {"alter", "public.items", "--user", "dba"})) {
            try (AppProcess app = AppProcess.start("alter-usage", Map.of(), args)) {
                assertTrue(app.process.waitFor(60, TimeUnit.SECONDS));
                assertEquals(2, app.process.exitValue(), app.output());
                assertTrue(app.output().contains("alter needs SCHEMA.TABLE \"ALTER clause\""), app.output());
            }
        }
    }

    private static void alter(Pipeline p, String table, String clause) throws Exception {
        CdcConfig cfg = p.config();
        new DirectCommands(cfg, new PrintStream(new ByteArrayOutputStream())).alter(table, clause, cfg.source());
    }

    private static void assertRefused(Pipeline p, String table, String clause, String message) {
        CdcException e = assertThrows(CdcException.class, () -> alter(p, table, clause));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    /** The capture triggers that fire (the fallback ones are created disabled). */
    private static List<String> enabledTriggers(String url) throws Exception {
        return triggers(url).stream().filter(t -> t.endsWith(" O")).map(t -> t.substring(0, t.indexOf(' '))).toList();
    }

    /** Each capture trigger with the object id of the function it calls: a re-created trigger has a new one. */
    private static List<String> triggers(String url) throws Exception {
        return Pipeline.rows(url, "SELECT t.tgname || ' ' || t.tgfoid || ' ' || t.tgenabled::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
                + " WHERE c.relname = 'items' AND NOT t.tgisinternal ORDER BY 1");
    }
}
