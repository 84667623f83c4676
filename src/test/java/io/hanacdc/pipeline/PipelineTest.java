package io.hanacdc.pipeline;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TargetSuite;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.testing.Workload;
import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/** PostgreSQL → MySQL/MariaDB end to end: DML of every kind, types, names, snapshot, restart. */
@MethodSource("io.hanacdc.testing.TargetFixture#selected")
class PipelineTest extends TargetSuite {
    @Test
    void insertsUpdatesDeletesAndKeyChangesReplicate() throws Exception {
        try (Pipeline p = new Pipeline("dml", target)) {
            exec(p.sourceUrl, "CREATE SCHEMA app", "CREATE TABLE app.items (id int PRIMARY KEY DEFERRABLE, name text, qty int)",
                    "INSERT INTO app.items SELECT g, 'item ' || g, g FROM generate_series(1, 50) g");
            p.set("hanacdc.tables", "app.items").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl,
                    "INSERT INTO app.items VALUES (100, 'new', 1)",
                    "UPDATE app.items SET qty = qty + 1 WHERE id <= 10",
                    "DELETE FROM app.items WHERE id BETWEEN 20 AND 25",
                    "UPDATE app.items SET id = id + 1000 WHERE id BETWEEN 30 AND 35", // key change, multi-row
                    "UPDATE app.items SET id = 85 - id WHERE id BETWEEN 40 AND 45",   // keys swap within one statement
                    "UPDATE app.items SET id = id + 1 WHERE id BETWEEN 46 AND 50",   // keys shift onto each other
                    "INSERT INTO app.items VALUES (20, 'reborn', 0)",
                    "DELETE FROM app.items WHERE id = 100");
            try (Connection c = TestDatabases.connect(p.sourceUrl); Statement s = c.createStatement()) {
                c.setAutoCommit(false);
                s.execute("INSERT INTO app.items VALUES (200, 'rolled back', 0)");
                s.execute("UPDATE app.items SET name = 'rolled back' WHERE id = 1");
                c.rollback();
                s.execute("INSERT INTO app.items VALUES (201, 'kept', 0)");
                s.execute("SAVEPOINT sp");
                s.execute("INSERT INTO app.items VALUES (202, 'savepoint rolled back', 0)");
                s.execute("DELETE FROM app.items WHERE id = 2");
                s.execute("ROLLBACK TO SAVEPOINT sp");
                s.execute("UPDATE app.items SET name = 'after savepoint' WHERE id = 3");
                c.commit();
            }
            p.awaitConverged(20_000);
            assertEquals(0, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM items WHERE id IN (200, 202) OR name LIKE 'rolled%'"));
            assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM items WHERE id = 2"));
        }
    }

    @Test
    void keysOnlyCaptureStoresOnlyKeysAndConvergesByReReadingRows() throws Exception {
        try (Pipeline p = new Pipeline("keysonly", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.w (a int, b text, wide text, n numeric(10,2), PRIMARY KEY (a, b))",
                    "INSERT INTO public.w SELECT g % 7, 'k' || g, repeat('x', g), g FROM generate_series(1, 300) g");
            p.set("hanacdc.tables", "public.w").set("hanacdc.capture.mode", "keys-only").start();
            p.awaitConverged(20_000);
            assertEquals(7, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM information_schema.columns WHERE table_name = 'public$w'"),
                    "CDC table holds 5 bookkeeping columns and the 2 key columns only");
            exec(p.sourceUrl, "UPDATE public.w SET wide = 'changed', n = n * 2 WHERE a = 3",
                    "UPDATE public.w SET b = b || '-moved' WHERE a = 4", // key change
                    "DELETE FROM public.w WHERE a = 5",
                    "INSERT INTO public.w VALUES (9, 'new', 'fresh', 1.5)",
                    "UPDATE public.w SET wide = 'short-lived' WHERE a = 9", "DELETE FROM public.w WHERE a = 9 AND b = 'new'");
            p.awaitConverged(20_000);
        }
    }

    @Test
    void valuesOfEveryMappedTypeReplicateExactly() throws Exception {
        try (Pipeline p = new Pipeline("types", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id bigint PRIMARY KEY, b boolean, s smallint, i int, n numeric(38,10),"
                    + " nf numeric, r real, d double precision, c char(5), v varchar(20), tx text, by bytea, dt date, tm time(3),"
                    + " ts timestamp(6), tz timestamptz, u uuid, j jsonb)");
            String bigText = "x".repeat(1_000_000);
            exec(p.sourceUrl,
                    "INSERT INTO public.t VALUES (1, true, -32768, 2147483647, 1234567890123456789012345678.0123456789,"
                            + " 12345.678901234567890123, 3.25, 2.718281828459045, 'ab', '', 'ünïcødé 😀 𝄞', '\\x00ff10'::bytea,"
                            + " '0001-01-01', '23:59:59.999', '9999-12-31 23:59:59.999999', '2024-02-29 12:00:00+05:30',"
                            + " 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{\"k\": [1, 2]}')",
                    "INSERT INTO public.t (id, v, tx) VALUES (2, NULL, '')",
                    "INSERT INTO public.t (id, tx) VALUES (3, '" + bigText + "')");
            p.set("hanacdc.tables", "public.t").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl,
                    "INSERT INTO public.t SELECT id + 10, b, s, i, -n, nf, r, d, c, v, tx, by, dt, tm, ts, tz, u, j FROM public.t",
                    "UPDATE public.t SET v = NULL, tx = NULL WHERE id = 1",
                    "UPDATE public.t SET v = '' WHERE id = 2");
            p.awaitConverged(20_000);
            assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE id = 2 AND v = '' AND tx = ''"));
            assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE id = 1 AND v IS NULL"));
        }
    }

    @Test
    void mixedCaseQuotedUnicodeAndReservedNamesReplicate() throws Exception {
        try (Pipeline p = new Pipeline("names", target)) {
            exec(p.sourceUrl, "CREATE SCHEMA \"Mixed Schema\"",
                    "CREATE TABLE \"Mixed Schema\".\"Order \"\"Lines\"\" ü\" (\"select\" int, \"Col With Space\" text,"
                            + " \"UPPER\" text, \"ü名\" text, \"x`y\" int, PRIMARY KEY (\"select\", \"x`y\"))",
                    "INSERT INTO \"Mixed Schema\".\"Order \"\"Lines\"\" ü\" VALUES (1, 'a', 'b', 'c', 1), (2, 'd', 'e', 'f', 2)");
            p.set("hanacdc.tables", "\"Mixed Schema\".*").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "UPDATE \"Mixed Schema\".\"Order \"\"Lines\"\" ü\" SET \"ü名\" = 'changed', \"select\" = 3 WHERE \"select\" = 1");
            p.awaitConverged(20_000);
        }
    }

    @Test
    void keysDifferingOnlyInCaseOrTrailingSpaceStayDistinct() throws Exception {
        try (Pipeline p = new Pipeline("collation", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.k (code varchar(10) PRIMARY KEY, v int)",
                    "INSERT INTO public.k VALUES ('a', 1), ('A', 2), ('a ', 3), ('ä', 4)");
            p.set("hanacdc.tables", "public.k").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "DELETE FROM public.k WHERE code = 'A'");
            p.awaitConverged(20_000);
        }
    }

    @Test
    void changesDuringTheInitialLoadConvergeAndAnInterruptedLoadResumes() throws Exception {
        try (Pipeline p = new Pipeline("snapshot", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.big (id int PRIMARY KEY, v text)",
                    "INSERT INTO public.big SELECT g, md5(g::text) FROM generate_series(1, 20000) g", "ANALYZE public.big");
            p.set("hanacdc.tables", "public.big").start();
            Workload w = new Workload(p.sourceUrl, "public.big", 25_000, 4).start();
            p.tick(); // copies while the workload changes rows
            w.stopAndJoin();
            long copied = p.task().workers().get(0).status().rowsSnapshotted();
            assertTrue(copied > 10_000, "snapshot copied " + copied); // less than 20,000: the workload deletes rows meanwhile
            p.awaitConverged(30_000);
        }
    }

    @Test
    void restartResumesFromStoredPositionsWithoutReapplying() throws Exception {
        try (Pipeline p = new Pipeline("restart", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.r (id int PRIMARY KEY, v int)", "INSERT INTO public.r SELECT g, 0 FROM generate_series(1, 100) g");
            p.set("hanacdc.tables", "public.r").start();
            p.awaitConverged(20_000);
            long batches = p.task().workers().get(0).status().rowsStreamed();
            p.stop();
            exec(p.sourceUrl, "UPDATE public.r SET v = v + 1 WHERE id <= 10");
            p.start();
            p.awaitConverged(20_000);
            assertEquals(batches + 10, p.task().workers().get(0).status().rowsStreamed(), "exactly the 10 new changes were applied after restart");
        }
    }
    /**
     * With one stream slot, a table with a long backlog takes turns: a quiet table's change is applied
     * before the backlog is. 1,000 batches take longer than one turn (half a second) on any machine.
     */
    @Test
    void tablesTakeTurnsForStreamSlots() throws Exception {
        try (Pipeline p = new Pipeline("turns", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.busy (id int PRIMARY KEY, v int)", "CREATE TABLE public.quiet (id int PRIMARY KEY, v int)");
            p.set("hanacdc.tables", "public.busy,public.quiet").set("hanacdc.stream.parallel-tables", "1").set("hanacdc.batch-size", "100").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "INSERT INTO public.busy SELECT g, 0 FROM generate_series(1, 100000) g", "INSERT INTO public.quiet VALUES (1, 1)");
            TableWorker busy = worker(p, "busy");
            TableWorker quiet = worker(p, "quiet");
            AtomicBoolean stop = new AtomicBoolean();
            Thread busyThread = new Thread(() -> {
                while (!stop.get()) {
                    busy.poll();
                }
            });
            busyThread.start();
            try {
                Thread.sleep(100); // the busy table has its turn
                long deadline = System.currentTimeMillis() + 20_000;
                while (Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM quiet") == 0 && System.currentTimeMillis() < deadline) {
                    quiet.poll();
                }
                long busyApplied = Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM busy");
                assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM quiet"));
                assertTrue(busyApplied < 100_000, "the quiet table waited for the whole backlog: " + busyApplied + " rows of busy applied first");
                deadline = System.currentTimeMillis() + 60_000;
                while (Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM busy") < 100_000 && System.currentTimeMillis() < deadline) {
                    Thread.sleep(200);
                }
            } finally {
                stop.set(true);
                busyThread.join();
            }
            p.awaitConverged(30_000);
        }
    }

    private static TableWorker worker(Pipeline p, String table) {
        return p.task().workers().stream().filter(w -> w.table().id().name().equals(table)).findFirst().orElseThrow();
    }
}
