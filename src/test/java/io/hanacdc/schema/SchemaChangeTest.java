package io.hanacdc.schema;

import static io.hanacdc.testing.FreshSource.G;
import static io.hanacdc.testing.FreshSource.G_TEXT;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.pipeline.TableState;
import io.hanacdc.testing.BehaviourSuite;
import io.hanacdc.testing.FreshSource;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.verify.Verifier;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Schema changes at the source while writers run (DESIGN §5): after each change the target has the
 * source's shape and rows, and verify finds no difference. At both PostgreSQL trigger levels.
 */
@MethodSource({"io.hanacdc.testing.FixtureMatrix#selectedWithRowTriggers", "io.hanacdc.testing.FixtureMatrix#intoPostgres",
        "io.hanacdc.testing.FixtureMatrix#newestPostgres"})
class SchemaChangeTest extends BehaviourSuite {
    private static final String ID_AND_NAME = "\"id\" INTEGER NOT NULL, \"name\" VARCHAR(20), PRIMARY KEY (\"id\")";

    /** Random inserts, updates and deletes on the columns every shape below has; failures are counted. */
    private static final class Writer implements AutoCloseable {
        final AtomicBoolean paused = new AtomicBoolean();
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicLong committed = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        volatile String lastFailure;
        private final Thread thread;

        Writer(FreshSource source) {
            thread = new Thread(() -> run(source), "schema-change-writer");
            thread.start();
        }

        private void run(FreshSource source) {
            Random rnd = new Random(42);
            String t = source.table("sc");
            try (Connection c = TestDatabases.connect(source.url()); Statement s = c.createStatement()) {
                while (!stop.get()) {
                    if (paused.get()) {
                        Thread.sleep(5);
                        continue;
                    }
                    int id = rnd.nextInt(300);
                    try {
                        switch (rnd.nextInt(3)) {
                            case 0 -> s.execute(source.upsert("sc", List.of("id", "name", "amount"),
                                    List.of(Integer.toString(id), "'n" + rnd.nextInt(1000) + "'", Double.toString(rnd.nextInt(99999) / 100.0))));
                            case 1 -> s.execute("UPDATE " + t + " SET \"amount\" = \"amount\" + 1, \"name\" = 'u" + rnd.nextInt(1000)
                                    + "' WHERE \"id\" = " + id);
                            default -> s.execute("DELETE FROM " + t + " WHERE \"id\" = " + id);
                        }
                        committed.incrementAndGet();
                    } catch (SQLException e) {
                        failed.incrementAndGet();
                        lastFailure = e.getMessage();
                        Thread.sleep(2);
                    }
                }
            } catch (SQLException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }

        void pause() throws InterruptedException {
            paused.set(true);
            Thread.sleep(50);
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            thread.join();
        }
    }

    /**
     * With the event trigger (a superuser installed capture) and without it (the schema check's poll
     * alone, as for other users and on HANA: writes may fail until capture follows, none is lost).
     */
    @ParameterizedTest(name = "event trigger: {0}")
    @ValueSource(booleans = {true, false})
    void targetFollowsEveryKindOfChangeDuringWrites(boolean eventTrigger) throws Exception {
        if (eventTrigger) {
            source.assumePostgres("the event trigger is PostgreSQL's; HANA has no DDL triggers, its run without one is the schema check's");
        }
        FreshSource s = fresh("schemachg" + (eventTrigger ? "" : "poll"));
        String t = s.table("sc");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("sc", "\"id\" INTEGER NOT NULL, \"name\" VARCHAR(20) NOT NULL, \"amount\" DECIMAL(8,2), \"note\" VARCHAR(100),"
                    + " PRIMARY KEY (\"id\")"), s.insertSeries("sc", 1, 200, G + ", 'r' || " + G_TEXT + ", " + G + ", 'note ' || " + G_TEXT));
            p.set("hanacdc.tables", s.entry("sc")).start();
            if (!eventTrigger) {
                s.exec(s.schemaCheckAlone());
            }
            p.awaitConverged(30_000);
            List<List<String>> changes = List.of(
                    List.of(s.addColumn("sc", "\"c_null\" INTEGER")),
                    List.of(s.addColumn("sc", "\"c_default\" VARCHAR(10) DEFAULT 'it''s' NOT NULL")),
                    List.of(s.addColumn("sc", s.expressionDefault("c_expression"))),
                    List.of("UPDATE " + t + " SET \"c_null\" = \"id\" * 2 WHERE MOD(\"id\", 3) = 0"),
                    List.of(s.dropColumn("sc", "note")),
                    List.of(s.alterType("sc", "name", "VARCHAR(50)")),
                    List.of(s.alterType("sc", "amount", "DECIMAL(12,3)")),
                    List.of(s.renameColumn("sc", "c_null", "c_renamed")),
                    List.of(s.addColumn("sc", "\"x1\" INTEGER DEFAULT 7"), s.addColumn("sc", "\"x2\" VARCHAR(100)"),
                            "UPDATE " + t + " SET \"x2\" = 'x' || CAST(\"id\" AS VARCHAR(20))", s.dropColumn("sc", "x1")));
            try (Writer writer = new Writer(s)) {
                for (List<String> change : changes) {
                    s.exec(change.toArray(String[]::new));
                    p.task().checkSchemas();
                    long until = System.currentTimeMillis() + 700;
                    while (System.currentTimeMillis() < until) { // the stream applies rows of both versions meanwhile
                        p.tick();
                        Thread.sleep(20);
                    }
                    writer.pause();
                    p.awaitConverged(30_000);
                    writer.paused.set(false);
                }
                assertTrue(writer.committed.get() > 100, "writer made progress: " + writer.committed.get());
                if (eventTrigger) { // capture switched in each ALTER's transaction: no write ever failed on it
                    assertEquals(0, writer.failed.get(), "writes failed, the last with: " + writer.lastFailure);
                }
            }
            p.awaitConverged(30_000);
            assertEquals(0, verify(p).differences());
        }
    }

    @Test
    void insertAlterInsertComesOutRightAndARecreatedTableIsCopiedAnew() throws Exception {
        FreshSource s = fresh("schemaorder");
        String t = s.table("sc");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("sc", ID_AND_NAME));
            p.set("hanacdc.tables", s.entry("sc")).start();
            p.awaitConverged(30_000);
            // all three before the task looks: rows of version 1 are applied before the target gains the column
            s.exec("INSERT INTO " + t + " VALUES (1, 'before')");
            s.exec(s.addColumn("sc", "\"extra\" INTEGER"));
            s.exec("INSERT INTO " + t + " VALUES (2, 'during', 20)");
            p.task().checkSchemas();
            s.exec("INSERT INTO " + t + " VALUES (3, 'after', 30)");
            p.awaitConverged(30_000);
            s.exec("DROP TABLE " + t, s.createTable("sc", "\"id\" INTEGER NOT NULL, \"label\" VARCHAR(100), PRIMARY KEY (\"id\")"),
                    "INSERT INTO " + t + " VALUES (10, 'new table')");
            p.task().checkSchemas();
            s.exec("INSERT INTO " + t + " VALUES (11, 'captured')");
            p.awaitConverged(30_000);
            assertEquals(List.of("10 | new table", "11 | captured"), Pipeline.rows(p.targetUrl, "SELECT id, label FROM sc ORDER BY id"));
        }
    }

    @Test
    void aNarrowingStopsTheTableWithAClearMessage() throws Exception {
        FreshSource s = fresh("schemanarrow");
        String t = s.table("sc");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("sc", ID_AND_NAME), "INSERT INTO " + t + " VALUES (1, 'a')");
            p.set("hanacdc.tables", s.entry("sc")).start();
            p.awaitConverged(30_000);
            s.exec(s.alterType("sc", "name", "VARCHAR(5)"));
            p.task().checkSchemas();
            s.exec("INSERT INTO " + t + " VALUES (2, 'b')"); // captured under the new version: waits with it
            for (int i = 0; i < 5; i++) {
                p.tick();
            }
            String error = p.task().workers().get(0).status().toString();
            assertTrue(error.contains("hanacdc.schema-changes.change-type") && error.contains("name"), error);
            assertEquals(List.of("1 | a"), Pipeline.rows(p.targetUrl, "SELECT id, name FROM sc ORDER BY id"));
        }
    }

    @Test
    void aChangeFollowedAcrossARestartAndADroppedColumnKeptWhereThePolicySaysSo() throws Exception {
        FreshSource s = fresh("schemarestart");
        String t = s.table("sc");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("sc", "\"id\" INTEGER NOT NULL, \"name\" VARCHAR(20), \"note\" VARCHAR(100) NOT NULL, PRIMARY KEY (\"id\")"),
                    "INSERT INTO " + t + " VALUES (1, 'a', 'kept on the target')");
            p.set("hanacdc.tables", s.entry("sc")).set("hanacdc.schema-changes.drop-column." + s.entry("sc"), "ignore").start();
            p.awaitConverged(30_000);
            s.exec(s.dropColumn("sc", "note"), s.addColumn("sc", "\"qty\" INTEGER"),
                    "INSERT INTO " + t + " VALUES (2, 'b', 5)", "UPDATE " + t + " SET \"qty\" = 1 WHERE \"id\" = 1");
            p.task().checkSchemas(); // capture moves on; the target has not followed yet when the task stops
            p.stop();
            p.start(); // the target table is checked against the shape its position has, then follows
            p.awaitConverged(30_000);
            assertEquals(List.of("1 | a | kept on the target | 1", "2 | b | NULL | 5"),
                    Pipeline.rows(p.targetUrl, "SELECT id, name, note, qty FROM sc ORDER BY id"));
        }
    }

    @Test
    void aChangeDuringTheInitialLoadStartsItAgainInTheNewShape() throws Exception {
        FreshSource s = fresh("schemaload");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("sc", ID_AND_NAME), s.insertSeries("sc", 1, 3000, G + ", 'n' || " + G_TEXT));
            p.set("hanacdc.tables", s.entry("sc")).set("hanacdc.snapshot.chunk-size", "100").start();
            Thread consumer = new Thread(p::tick); // one tick copies the table chunk by chunk: change it meanwhile
            consumer.start();
            Thread.sleep(100);
            s.exec(s.renameColumn("sc", "name", "label"));
            s.exec(s.addColumn("sc", "\"qty\" INTEGER DEFAULT 1"));
            p.task().checkSchemas();
            consumer.join();
            p.awaitConverged(60_000);
            assertEquals(3000, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM sc WHERE label LIKE 'n%' AND qty = 1"));
        }
    }

    /** Keys-only capture re-reads every row: rows captured before a rename and a drop are re-read after them, under the new names. */
    @Test
    void keysOnlyCaptureReadsRowsOfEarlierVersionsFromTheChangedTable() throws Exception {
        FreshSource s = fresh("schemakeys");
        String t = s.table("sc");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("sc", "\"id\" INTEGER NOT NULL, \"name\" VARCHAR(20), \"note\" VARCHAR(100), PRIMARY KEY (\"id\")"),
                    "INSERT INTO " + t + " VALUES (1, 'a', 'x')");
            p.set("hanacdc.tables", s.entry("sc")).set("hanacdc.capture.mode", "keys-only").start();
            p.awaitConverged(30_000);
            s.exec("UPDATE " + t + " SET \"name\" = 'b' WHERE \"id\" = 1", "INSERT INTO " + t + " VALUES (2, 'c', 'y')");
            s.exec(s.renameColumn("sc", "name", "label"));
            s.exec(s.dropColumn("sc", "note"));
            p.task().checkSchemas(); // the rows above (version 1) are still to be applied, from the changed table
            p.awaitConverged(30_000);
            assertEquals(List.of("1 | b", "2 | c"), Pipeline.rows(p.targetUrl, "SELECT id, label FROM sc ORDER BY id"));
        }
    }

    /**
     * A source user that may read the table but no longer change its triggers (the table changed
     * owner): the change stops that table with the script a DBA runs, nothing captured since the
     * change is purged meanwhile, and once the script has run the table goes on by itself.
     */
    @Test
    void aUserThatMayNotChangeTriggersStopsTheTableWithTheScriptForADba() throws Exception {
        source.assumePostgres("it hands the table to another PostgreSQL role; on HANA the live run's owner user"
                + " (HANACDC_TEST_HANA_OWNER_USER) is such a user from the start");
        String table = "public.sc";
        try (Pipeline p = fresh("schemadba").pipeline(target)) {
            String role = "hc_owner_" + Long.toString(System.nanoTime() % 1_000_000, 36);
            exec(p.sourceUrl, "CREATE ROLE " + role + " LOGIN", "GRANT CREATE ON DATABASE " + p.sourceUrl.replaceAll(".*/([^/?]+)\\?.*", "$1") + " TO " + role,
                    "CREATE TABLE " + table + " (id int PRIMARY KEY, name varchar(20))", "INSERT INTO " + table + " VALUES (1, 'a'), (2, 'b')",
                    "ALTER TABLE " + table + " OWNER TO " + role);
            p.set("hanacdc.tables", table).set("hanacdc.source.url", p.sourceUrl.replace("user=postgres", "user=" + role)).start();
            p.awaitConverged(30_000);
            p.task().checkSchemas();
            exec(p.sourceUrl, "ALTER TABLE " + table + " OWNER TO postgres", "GRANT SELECT ON " + table + " TO " + role,
                    "ALTER TABLE " + table + " ADD COLUMN qty int", "UPDATE " + table + " SET qty = id * 10, name = name || '2'");
            p.tick(); // the rows of the old version are applied before the check sees the change
            p.task().checkSchemas();
            p.task().purge(p.task().purger(p.config()));
            p.tick();
            var status = p.task().workers().stream().filter(w -> w.table().id().toString().equals(table)).findFirst().orElseThrow().status();
            assertEquals(TableState.STOPPED, status.state(), status.toString());
            String error = status.lastError();
            assertTrue(error.contains(table) && error.contains("DBA") && error.contains("CREATE TRIGGER"), error);
            exec(p.sourceUrl, error.substring(error.indexOf("BEGIN;"))); // the DBA runs the script as it is printed
            p.task().checkSchemas();
            p.awaitConverged(30_000);
            assertEquals(List.of("1 | a2 | 10", "2 | b2 | 20"), Pipeline.rows(p.targetUrl, "SELECT id, name, qty FROM sc ORDER BY id"));
        }
    }

    private static Verifier.Result verify(Pipeline p) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        return new Verifier(p.config(), new PrintStream(bytes, true, StandardCharsets.UTF_8), Duration.ofSeconds(10)).run(p.config().tables());
    }
}
