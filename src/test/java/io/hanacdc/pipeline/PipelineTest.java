package io.hanacdc.pipeline;

import static io.hanacdc.testing.FreshSource.G;
import static io.hanacdc.testing.FreshSource.G_TEXT;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.BehaviourSuite;
import io.hanacdc.testing.FreshSource;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.testing.Workload;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/** Source → MySQL/MariaDB end to end: DML of every kind, types, names, snapshot, restart; at both PostgreSQL trigger levels. */
@MethodSource({"io.hanacdc.testing.FixtureMatrix#selectedWithRowTriggers", "io.hanacdc.testing.FixtureMatrix#intoPostgres",
        "io.hanacdc.testing.FixtureMatrix#newestPostgres"})
class PipelineTest extends BehaviourSuite {
    @Test
    void insertsUpdatesDeletesAndKeyChangesReplicate() throws Exception {
        FreshSource s = fresh("dml");
        String t = s.table("items");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("items", "\"id\" INTEGER NOT NULL, \"name\" VARCHAR(100), \"qty\" INTEGER, " + s.shiftableKey("\"id\"")),
                    s.insertSeries("items", 1, 50, G + ", 'item ' || " + G_TEXT + ", " + G));
            p.set("hanacdc.tables", s.entry("items")).start();
            p.awaitConverged(20_000);
            s.exec("INSERT INTO " + t + " VALUES (100, 'new', 1)",
                    "UPDATE " + t + " SET \"qty\" = \"qty\" + 1 WHERE \"id\" <= 10",
                    "DELETE FROM " + t + " WHERE \"id\" BETWEEN 20 AND 25",
                    "UPDATE " + t + " SET \"id\" = \"id\" + 1000 WHERE \"id\" BETWEEN 30 AND 35", // key change, multi-row
                    "UPDATE " + t + " SET \"id\" = 85 - \"id\" WHERE \"id\" BETWEEN 40 AND 45",   // keys swap within one statement
                    "UPDATE " + t + " SET \"id\" = \"id\" + 1 WHERE \"id\" BETWEEN 46 AND 50",   // keys shift onto each other
                    "INSERT INTO " + t + " VALUES (20, 'reborn', 0)",
                    "DELETE FROM " + t + " WHERE \"id\" = 100");
            try (Connection c = TestDatabases.connect(s.url()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.execute("INSERT INTO " + t + " VALUES (200, 'rolled back', 0)");
                st.execute("UPDATE " + t + " SET \"name\" = 'rolled back' WHERE \"id\" = 1");
                c.rollback();
                st.execute("INSERT INTO " + t + " VALUES (201, 'kept', 0)");
                st.execute("SAVEPOINT \"sp\"");
                st.execute("INSERT INTO " + t + " VALUES (202, 'savepoint rolled back', 0)");
                st.execute("DELETE FROM " + t + " WHERE \"id\" = 2");
                st.execute("ROLLBACK TO SAVEPOINT \"sp\"");
                st.execute("UPDATE " + t + " SET \"name\" = 'after savepoint' WHERE \"id\" = 3");
                c.commit();
            }
            p.awaitConverged(20_000);
            assertEquals(0, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM items WHERE id IN (200, 202) OR name LIKE 'rolled%'"));
            assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM items WHERE id = 2"));
        }
    }

    @Test
    void keysOnlyCaptureStoresOnlyKeysAndConvergesByReReadingRows() throws Exception {
        FreshSource s = fresh("keysonly");
        String t = s.table("w");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("w", "\"a\" INTEGER NOT NULL, \"b\" VARCHAR(20) NOT NULL, \"wide\" VARCHAR(300), \"n\" DECIMAL(10,2),"
                    + " PRIMARY KEY (\"a\", \"b\")"), s.insertSeries("w", 1, 300, "MOD(" + G + ", 7), 'k' || " + G_TEXT + ", LPAD('x', " + G + ", 'x'), " + G));
            p.set("hanacdc.tables", s.entry("w")).set("hanacdc.capture.mode", "keys-only").start();
            p.awaitConverged(20_000);
            try (Connection c = TestDatabases.connect(p.sourceUrl); Statement st = c.createStatement();
                 ResultSet cdc = st.executeQuery("SELECT * FROM " + s.cdcTable("w") + " WHERE 1 = 0")) {
                assertEquals(7, cdc.getMetaData().getColumnCount(), "CDC table holds 5 bookkeeping columns and the 2 key columns only");
            }
            s.exec("UPDATE " + t + " SET \"wide\" = 'changed', \"n\" = \"n\" * 2 WHERE \"a\" = 3",
                    "UPDATE " + t + " SET \"b\" = \"b\" || '-moved' WHERE \"a\" = 4", // key change
                    "DELETE FROM " + t + " WHERE \"a\" = 5",
                    "INSERT INTO " + t + " VALUES (9, 'new', 'fresh', 1.5)",
                    "UPDATE " + t + " SET \"wide\" = 'short-lived' WHERE \"a\" = 9", "DELETE FROM " + t + " WHERE \"a\" = 9 AND \"b\" = 'new'");
            p.awaitConverged(20_000);
        }
    }

    @Test
    void valuesOfEveryMappedTypeReplicateExactly() throws Exception {
        source.assumePostgres("bytea, jsonb, uuid, timestamptz and unbounded numeric are PostgreSQL types; HANA's are pinned by"
                + " HanaDateTimesTest and the golden files");
        try (Pipeline p = fresh("types").pipeline(target)) {
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
        FreshSource s = fresh("names", "Mixed Schema");
        String t = s.table("Order \"Lines\" ü");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("Order \"Lines\" ü", "\"select\" INTEGER NOT NULL, \"Col With Space\" VARCHAR(100), \"UPPER\" VARCHAR(100),"
                            + " \"ü名\" VARCHAR(100), \"x`y\" INTEGER NOT NULL, PRIMARY KEY (\"select\", \"x`y\")"),
                    "INSERT INTO " + t + " VALUES (1, 'a', 'b', 'c', 1)", "INSERT INTO " + t + " VALUES (2, 'd', 'e', 'f', 2)");
            p.set("hanacdc.tables", "\"" + s.schema() + "\".*").start();
            p.awaitConverged(20_000);
            s.exec("UPDATE " + t + " SET \"ü名\" = 'changed', \"select\" = 3 WHERE \"select\" = 1");
            p.awaitConverged(20_000);
        }
    }

    @Test
    void keysDifferingOnlyInCaseOrTrailingSpaceStayDistinct() throws Exception {
        FreshSource s = fresh("collation");
        String t = s.table("k");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("k", "\"code\" VARCHAR(10) NOT NULL, \"v\" INTEGER, PRIMARY KEY (\"code\")"),
                    "INSERT INTO " + t + " VALUES ('a', 1)", "INSERT INTO " + t + " VALUES ('A', 2)",
                    "INSERT INTO " + t + " VALUES ('a ', 3)", "INSERT INTO " + t + " VALUES ('ä', 4)");
            p.set("hanacdc.tables", s.entry("k")).start();
            p.awaitConverged(20_000);
            s.exec("DELETE FROM " + t + " WHERE \"code\" = 'A'");
            p.awaitConverged(20_000);
        }
    }

    @Test
    void changesDuringTheInitialLoadConvergeAndAnInterruptedLoadResumes() throws Exception {
        FreshSource s = fresh("snapshot");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("big", Workload.COLUMNS),
                    s.insertSeries("big", 1, 20000, G + ", 'v' || " + G_TEXT));
            s.exec(s.analyze("big"));
            p.set("hanacdc.tables", s.entry("big")).start();
            Workload w = new Workload(s, "big", 25_000, 4).start();
            p.tick(); // copies while the workload changes rows
            w.stopAndJoin();
            long copied = p.task().workers().get(0).status().rowsSnapshotted();
            assertTrue(copied > 10_000, "snapshot copied " + copied); // less than 20,000: the workload deletes rows meanwhile
            p.awaitConverged(30_000);
        }
    }

    @Test
    void restartResumesFromStoredPositionsWithoutReapplying() throws Exception {
        FreshSource s = fresh("restart");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("r", "\"id\" INTEGER NOT NULL, \"v\" INTEGER, PRIMARY KEY (\"id\")"), s.insertSeries("r", 1, 100, G + ", 0"));
            p.set("hanacdc.tables", s.entry("r")).start();
            p.awaitConverged(20_000);
            long batches = p.task().workers().get(0).status().rowsStreamed();
            p.stop();
            s.exec("UPDATE " + s.table("r") + " SET \"v\" = \"v\" + 1 WHERE \"id\" <= 10");
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
        FreshSource s = fresh("turns");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("busy", "\"id\" INTEGER NOT NULL, \"v\" INTEGER, PRIMARY KEY (\"id\")"),
                    s.createTable("quiet", "\"id\" INTEGER NOT NULL, \"v\" INTEGER, PRIMARY KEY (\"id\")"));
            p.set("hanacdc.tables", s.entry("busy") + "," + s.entry("quiet")).set("hanacdc.stream.parallel-tables", "1").set("hanacdc.batch-size", "100").start();
            p.awaitConverged(20_000);
            s.exec(s.insertSeries("busy", 1, 100000, G + ", 0"), "INSERT INTO " + s.table("quiet") + " VALUES (1, 1)");
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
