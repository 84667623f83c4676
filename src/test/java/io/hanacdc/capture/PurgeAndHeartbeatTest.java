package io.hanacdc.capture;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Purge deletes only what every subscriber applied; the heartbeat flows through capture to the target, and a heartbeat
 * the source refuses is warned about.
 */
@IntegrationTest
class PurgeAndHeartbeatTest {
    private static final String CDC_ROWS = "SELECT COUNT(*) FROM hanacdc.\"public$t\"";

    @Test
    void purgeDeletesAppliedRowsOnlyAndWaitsForEverySubscriber() throws Exception {
        try (Pipeline p = new Pipeline("purge")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.t").set("hanacdc.purge.retention-s", "0").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "INSERT INTO public.t SELECT g, 'x' FROM generate_series(1, 500) g", "UPDATE public.t SET v = 'y'");
            try (Connection open = TestDatabases.connect(p.sourceUrl); Statement s = open.createStatement()) {
                open.setAutoCommit(false);
                s.execute("INSERT INTO public.t VALUES (1000, 'held by an open transaction')");
                p.awaitConverged(20_000); // the open row is not visible on either side
                long deleted = p.task().purge(p.task().purger(p.config()));
                assertEquals(1000, deleted, "the 1000 applied rows are purged");
                open.commit(); // committed after the purge looked: must still be there to apply
                assertEquals(0, p.task().purge(p.task().purger(p.config())), "the late transaction's row is not purged");
                assertEquals(1, count(p.sourceUrl, CDC_ROWS), "it is kept until it is applied");
            }
            p.awaitConverged(20_000);
            assertEquals(1, count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE id = 1000"));

            // a second task that subscribed but has not applied anything holds the purge back
            p.stop();
            p.set("hanacdc.task", "second").start();
            p.set("hanacdc.task", "test").start();
            exec(p.sourceUrl, "UPDATE public.t SET v = 'z' WHERE id <= 10");
            p.awaitConverged(20_000);
            assertEquals(0, p.task().purge(p.task().purger(p.config())), "task 'second' never said what it needs");
            assertTrue(count(p.sourceUrl, CDC_ROWS) >= 10);
        }
    }

    /**
     * A process that has not yet seen another take its table over and reset it backwards purges only what the stored
     * position says is applied, never its own memory's later base: the replay needs those rows.
     */
    @Test
    void aStaleOwnerPurgesOnlyWhatTheStoredPositionApplied() throws Exception {
        try (Pipeline p = new Pipeline("stalepurge")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.t").set("hanacdc.purge.retention-s", "0").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "INSERT INTO public.t SELECT g, 'x' FROM generate_series(1, 300) g");
            p.awaitConverged(20_000);
            try (Pipeline other = p.twin()) {
                other.start();
                var worker = other.task().workers().stream().filter(w -> w.table().id().toString().equals("public.t")).findFirst().orElseThrow();
                other.command(worker, io.hanacdc.pipeline.TableCommands.resetToDataId(0)); // the new owner replays from the start
                assertEquals(0, p.task().purge(p.task().purger(p.config())), "the old owner's memory says all 300 are applied");
                assertEquals(300, count(p.sourceUrl, CDC_ROWS), "the replay's rows are kept");
            }
        }
    }

    @Test
    void heartbeatIsCapturedAndReplicated() throws Exception {
        try (Pipeline p = new Pipeline("heartbeat")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            p.set("hanacdc.tables", "public.t").start();
            p.task().beat();
            p.awaitConverged(20_000);
            assertEquals(1, count(p.targetUrl, "SELECT COUNT(*) FROM hanacdc_heartbeat WHERE task = 'test'"));
            p.task().beat();
            p.awaitConverged(20_000);
            assertTrue(count(p.targetUrl, "SELECT TIMESTAMPDIFF(SECOND, beat_at, UTC_TIMESTAMP()) FROM hanacdc_heartbeat") < 30);
        }
    }

    /** Its route logs each failure at DEBUG (a source that is down is every table's to report): the third in a row warns. */
    @Test
    void aHeartbeatTheSourceRefusesIsWarnedAboutAfterThreeTries() throws Exception {
        try (Pipeline p = new Pipeline("heartbeatrefused")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            p.set("hanacdc.tables", "public.t").start();
            exec(p.sourceUrl, "CREATE FUNCTION public.refuse() RETURNS trigger LANGUAGE plpgsql AS $$BEGIN RAISE EXCEPTION 'refused by a test'; END$$",
                    "CREATE TRIGGER refuse BEFORE INSERT OR UPDATE ON hanacdc.hanacdc_heartbeat FOR EACH ROW EXECUTE FUNCTION public.refuse()");
            String twice = logged(() -> {
                assertThrows(SQLException.class, p.task()::beat);
                assertThrows(SQLException.class, p.task()::beat);
            });
            assertFalse(twice.contains("heartbeat row"), twice);
            String third = logged(() -> assertThrows(SQLException.class, p.task()::beat));
            assertTrue(third.contains("WARN") && third.contains("hanacdc.hanacdc_heartbeat was not written 3 times in a row")
                    && third.contains("refused by a test") && third.contains("INSERT and UPDATE"), third);
            exec(p.sourceUrl, "DROP TRIGGER refuse ON hanacdc.hanacdc_heartbeat");
            String again = logged(() -> p.task().beat());
            assertTrue(again.contains("is written again"), again);
        }
    }

    private interface Step {
        void run() throws Exception;
    }

    /** What the step logged (the tests' logger writes to standard error). */
    private static String logged(Step step) throws Exception {
        PrintStream err = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setErr(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            step.run();
        } finally {
            System.setErr(err);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
