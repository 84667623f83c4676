package io.hanacdc.schema;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TargetSuite;
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
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Schema changes at the source while writers run (DESIGN §5): after each change the target has the
 * source's shape and rows, and verify finds no difference.
 */
@MethodSource("io.hanacdc.testing.TargetFixture#selected")
class SchemaChangeTest extends TargetSuite {
    private static final String TABLE = "public.sc";

    /** Random inserts, updates and deletes on the columns every shape below has; failures are counted. */
    private static final class Writer implements AutoCloseable {
        final AtomicBoolean paused = new AtomicBoolean();
        final AtomicBoolean stop = new AtomicBoolean();
        final AtomicLong committed = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        volatile String lastFailure;
        private final Thread thread;

        Writer(String url) {
            thread = new Thread(() -> run(url), "schema-change-writer");
            thread.start();
        }

        private void run(String url) {
            Random rnd = new Random(42);
            try (Connection c = TestDatabases.connect(url); Statement s = c.createStatement()) {
                while (!stop.get()) {
                    if (paused.get()) {
                        Thread.sleep(5);
                        continue;
                    }
                    int id = rnd.nextInt(300);
                    try {
                        switch (rnd.nextInt(3)) {
                            case 0 -> s.execute("INSERT INTO " + TABLE + " (id, name, amount) VALUES (" + id + ", 'n" + rnd.nextInt(1000)
                                    + "', " + rnd.nextInt(99999) / 100.0 + ") ON CONFLICT (id) DO UPDATE SET name = excluded.name");
                            case 1 -> s.execute("UPDATE " + TABLE + " SET amount = amount + 1, name = 'u" + rnd.nextInt(1000) + "' WHERE id = " + id);
                            default -> s.execute("DELETE FROM " + TABLE + " WHERE id = " + id);
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
    @ParameterizedTest(name = "event trigger: {0}, trigger level: {1}")
    @CsvSource({"true, statement", "false, statement", "true, row"})
    void targetFollowsEveryKindOfChangeDuringWrites(boolean eventTrigger, String triggerLevel) throws Exception {
        try (Pipeline p = new Pipeline("schemachg" + (eventTrigger ? "" : "poll") + triggerLevel, target)) {
            exec(p.sourceUrl, "CREATE TABLE " + TABLE + " (id int PRIMARY KEY, name varchar(20) NOT NULL, amount numeric(8,2), note text)",
                    "INSERT INTO " + TABLE + " SELECT g, 'r' || g, g, 'note ' || g FROM generate_series(1, 200) g");
            p.set("hanacdc.tables", TABLE).set("hanacdc.capture.trigger-level", triggerLevel).start();
            if (!eventTrigger) {
                exec(p.sourceUrl, "DROP EVENT TRIGGER \"hanacdc$ddl\"");
            }
            p.awaitConverged(30_000);
            List<List<String>> changes = List.of(
                    List.of("ALTER TABLE " + TABLE + " ADD COLUMN c_null int"),
                    List.of("ALTER TABLE " + TABLE + " ADD COLUMN c_default varchar(10) NOT NULL DEFAULT 'it''s'"),
                    List.of("ALTER TABLE " + TABLE + " ADD COLUMN c_expression bigint DEFAULT (random() * 1000)::bigint"),
                    List.of("UPDATE " + TABLE + " SET c_null = id * 2 WHERE id % 3 = 0"),
                    List.of("ALTER TABLE " + TABLE + " DROP COLUMN note"),
                    List.of("ALTER TABLE " + TABLE + " ALTER COLUMN name TYPE varchar(50)"),
                    List.of("ALTER TABLE " + TABLE + " ALTER COLUMN amount TYPE numeric(12,3)"),
                    List.of("ALTER TABLE " + TABLE + " RENAME COLUMN c_null TO c_renamed"),
                    List.of("ALTER TABLE " + TABLE + " ADD COLUMN x1 int DEFAULT 7", "ALTER TABLE " + TABLE + " ADD COLUMN x2 text",
                            "UPDATE " + TABLE + " SET x2 = 'x' || id", "ALTER TABLE " + TABLE + " DROP COLUMN x1"));
            try (Writer writer = new Writer(p.sourceUrl)) {
                for (List<String> change : changes) {
                    exec(p.sourceUrl, change.toArray(String[]::new));
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
        try (Pipeline p = new Pipeline("schemaorder", target)) {
            exec(p.sourceUrl, "CREATE TABLE " + TABLE + " (id int PRIMARY KEY, name varchar(20))");
            p.set("hanacdc.tables", TABLE).start();
            p.awaitConverged(30_000);
            // all three before the task looks: rows of version 1 are applied before the target gains the column
            exec(p.sourceUrl, "INSERT INTO " + TABLE + " VALUES (1, 'before')");
            exec(p.sourceUrl, "ALTER TABLE " + TABLE + " ADD COLUMN extra int");
            exec(p.sourceUrl, "INSERT INTO " + TABLE + " VALUES (2, 'during', 20)");
            p.task().checkSchemas();
            exec(p.sourceUrl, "INSERT INTO " + TABLE + " VALUES (3, 'after', 30)");
            p.awaitConverged(30_000);
            exec(p.sourceUrl, "DROP TABLE " + TABLE, "CREATE TABLE " + TABLE + " (id int PRIMARY KEY, label text)",
                    "INSERT INTO " + TABLE + " VALUES (10, 'new table')");
            p.task().checkSchemas();
            exec(p.sourceUrl, "INSERT INTO " + TABLE + " VALUES (11, 'captured')");
            p.awaitConverged(30_000);
            assertEquals(List.of("10 | new table", "11 | captured"), Pipeline.rows(p.targetUrl, "SELECT id, label FROM sc ORDER BY id"));
        }
    }

    @Test
    void aNarrowingStopsTheTableWithAClearMessage() throws Exception {
        try (Pipeline p = new Pipeline("schemanarrow", target)) {
            exec(p.sourceUrl, "CREATE TABLE " + TABLE + " (id int PRIMARY KEY, name varchar(20))", "INSERT INTO " + TABLE + " VALUES (1, 'a')");
            p.set("hanacdc.tables", TABLE).start();
            p.awaitConverged(30_000);
            exec(p.sourceUrl, "ALTER TABLE " + TABLE + " ALTER COLUMN name TYPE varchar(5)");
            p.task().checkSchemas();
            exec(p.sourceUrl, "INSERT INTO " + TABLE + " VALUES (2, 'b')"); // captured under the new version: waits with it
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
        try (Pipeline p = new Pipeline("schemarestart", target)) {
            exec(p.sourceUrl, "CREATE TABLE " + TABLE + " (id int PRIMARY KEY, name varchar(20), note text NOT NULL)",
                    "INSERT INTO " + TABLE + " VALUES (1, 'a', 'kept on the target')");
            p.set("hanacdc.tables", TABLE).set("hanacdc.schema-changes.drop-column." + TABLE, "ignore").start();
            p.awaitConverged(30_000);
            exec(p.sourceUrl, "ALTER TABLE " + TABLE + " DROP COLUMN note", "ALTER TABLE " + TABLE + " ADD COLUMN qty int",
                    "INSERT INTO " + TABLE + " VALUES (2, 'b', 5)", "UPDATE " + TABLE + " SET qty = 1 WHERE id = 1");
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
        try (Pipeline p = new Pipeline("schemaload", target)) {
            exec(p.sourceUrl, "CREATE TABLE " + TABLE + " (id int PRIMARY KEY, name varchar(20))",
                    "INSERT INTO " + TABLE + " SELECT g, 'n' || g FROM generate_series(1, 3000) g");
            p.set("hanacdc.tables", TABLE).set("hanacdc.snapshot.chunk-size", "100").start();
            Thread consumer = new Thread(p::tick); // one tick copies the table chunk by chunk: change it meanwhile
            consumer.start();
            Thread.sleep(100);
            exec(p.sourceUrl, "ALTER TABLE " + TABLE + " RENAME COLUMN name TO label", "ALTER TABLE " + TABLE + " ADD COLUMN qty int DEFAULT 1");
            p.task().checkSchemas();
            consumer.join();
            p.awaitConverged(60_000);
            assertEquals(3000, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM sc WHERE label LIKE 'n%' AND qty = 1"));
        }
    }

    /** Keys-only capture re-reads every row: rows captured before a rename and a drop are re-read after them, under the new names. */
    @Test
    void keysOnlyCaptureReadsRowsOfEarlierVersionsFromTheChangedTable() throws Exception {
        try (Pipeline p = new Pipeline("schemakeys", target)) {
            exec(p.sourceUrl, "CREATE TABLE " + TABLE + " (id int PRIMARY KEY, name varchar(20), note text)",
                    "INSERT INTO " + TABLE + " VALUES (1, 'a', 'x')");
            p.set("hanacdc.tables", TABLE).set("hanacdc.capture.mode", "keys-only").start();
            p.awaitConverged(30_000);
            exec(p.sourceUrl, "UPDATE " + TABLE + " SET name = 'b' WHERE id = 1", "INSERT INTO " + TABLE + " VALUES (2, 'c', 'y')");
            exec(p.sourceUrl, "ALTER TABLE " + TABLE + " RENAME COLUMN name TO label", "ALTER TABLE " + TABLE + " DROP COLUMN note");
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
        try (Pipeline p = new Pipeline("schemadba", target)) {
            String role = "hc_owner_" + Long.toString(System.nanoTime() % 1_000_000, 36);
            exec(p.sourceUrl, "CREATE ROLE " + role + " LOGIN", "GRANT CREATE ON DATABASE " + p.sourceUrl.replaceAll(".*/([^/?]+)\\?.*", "$1") + " TO " + role,
                    "CREATE TABLE " + TABLE + " (id int PRIMARY KEY, name varchar(20))", "INSERT INTO " + TABLE + " VALUES (1, 'a'), (2, 'b')",
                    "ALTER TABLE " + TABLE + " OWNER TO " + role);
            p.set("hanacdc.tables", TABLE).set("hanacdc.source.url", p.sourceUrl.replace("user=postgres", "user=" + role)).start();
            p.awaitConverged(30_000);
            p.task().checkSchemas();
            exec(p.sourceUrl, "ALTER TABLE " + TABLE + " OWNER TO postgres", "GRANT SELECT ON " + TABLE + " TO " + role,
                    "ALTER TABLE " + TABLE + " ADD COLUMN qty int", "UPDATE " + TABLE + " SET qty = id * 10, name = name || '2'");
            p.tick(); // the rows of the old version are applied before the check sees the change
            p.task().checkSchemas();
            p.task().purge(p.task().purger(p.config()));
            p.tick();
            var status = p.task().workers().stream().filter(w -> w.table().id().toString().equals(TABLE)).findFirst().orElseThrow().status();
            assertEquals("stopped", status.state(), status.toString());
            String error = status.lastError();
            assertTrue(error.contains(TABLE) && error.contains("DBA") && error.contains("CREATE TRIGGER"), error);
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
