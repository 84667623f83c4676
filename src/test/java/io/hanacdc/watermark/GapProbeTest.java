package io.hanacdc.watermark;

import static io.hanacdc.testing.FreshSource.G;
import static io.hanacdc.testing.Pipeline.count;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.BehaviourSuite;
import io.hanacdc.testing.FreshSource;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.testing.Workload;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The gap-probe watermark (for a source user who cannot read open transactions) with real
 * concurrent source transactions: rolled-back ids are filled, an id held by an open transaction
 * holds back only its own table, and nothing is lost or applied twice under concurrent writers. A table
 * a task starts anew probes only the ids its capture may still hold open, never every id since 0, and a
 * poll probes a bounded number of ids. Probes are counted as the placeholder rows they leave.
 */
@MethodSource({"io.hanacdc.testing.FixtureMatrix#selected", "io.hanacdc.testing.FixtureMatrix#intoPostgres"})
class GapProbeTest extends BehaviourSuite {
    /**
     * The tests poll back to back, so the poll interval is set as short: the tables' shared reads of the capture
     * tables (CaptureIdReads) are kept half of it, and each poll here reads them anew, as each tick does.
     */
    private static Pipeline probing(Pipeline p) {
        return p.set("hanacdc.watermark", "gap-probe").set("hanacdc.watermark.probe-timeout-ms", "200")
                .set("hanacdc.purge.retention-s", "0").set("hanacdc.poll-interval-ms", "2");
    }

    /** The placeholder rows in a table's CDC table, read as the task's user. */
    private static long placeholders(FreshSource s, String table) throws Exception {
        return count(s.taskUrl(), "SELECT COUNT(*) FROM " + s.cdcTable(table) + " WHERE \"__$OPERATION\" = 0");
    }

    /** Task b, into a target of its own, started on table t of task a's source. */
    private Pipeline secondTask(FreshSource s, String name) throws Exception {
        Pipeline b = probing(s.pipeline(name, target)).set("hanacdc.task", "b").set("hanacdc.tables", s.entry("t"));
        b.start();
        return b;
    }

    /** Writes 3,000 rows, applies them, and purges them: on a busy source most ids below the newest are purged ones. */
    private static void applyAndPurge3000(FreshSource s, Pipeline p, String... writes) throws Exception {
        s.exec(writes);
        p.awaitConverged(60_000);
        for (int i = 0; i < 3; i++) {
            p.tick(); // a base follows the highest id one poll behind
        }
        assertTrue(p.task().purge(p.task().purger(p.config())) >= 3000, "the applied rows are purged: their ids are gaps now");
    }

    /**
     * A table just added to the task: its start and (empty) initial load, then one change, which must be
     * applied within five polls. Returns how many ids its stream probed (placeholders beyond {@code before}).
     */
    private static long probesForFirstChange(FreshSource s, Pipeline p, String table, long before) throws Exception {
        p.tick();
        s.exec("INSERT INTO " + s.table(table) + " VALUES (1, 'first change')");
        for (int polls = 1; count(p.targetUrl, "SELECT COUNT(*) FROM " + table + " WHERE id = 1") == 0; polls++) {
            assertTrue(polls <= 5, "the first change of " + table + " was not applied within 5 polls");
            p.tick();
        }
        p.awaitConverged(20_000);
        return placeholders(s, table) - before;
    }

    @Test
    void rolledBackIdsAreFilledAndAnOpenTransactionHoldsBackOnlyItsOwnTable() throws Exception {
        FreshSource s = fresh("gapprobe");
        String x = s.table("x");
        try (Pipeline p = probing(s.pipeline(target))) {
            s.exec(s.createTable("x", Workload.COLUMNS), s.createTable("y", Workload.COLUMNS));
            p.set("hanacdc.tables", s.entry("x") + "," + s.entry("y")).start();
            p.awaitConverged(20_000);
            try (Connection rolledBack = TestDatabases.connect(s.url()); Statement st = rolledBack.createStatement()) {
                rolledBack.setAutoCommit(false);
                st.execute(s.insertSeries("x", 1000, 1010, G + ", 'gone'"));
                rolledBack.rollback();
            }
            s.exec("INSERT INTO " + x + " VALUES (1, 'after the rollback')");
            p.awaitConverged(20_000);

            try (Connection longTx = TestDatabases.connect(s.url()); Statement st = longTx.createStatement()) {
                longTx.setAutoCommit(false);
                st.execute("INSERT INTO " + x + " VALUES (2, 'held open')");
                s.exec("INSERT INTO " + x + " VALUES (3, 'committed after')", "INSERT INTO " + s.table("y") + " VALUES (1, 'other table')");
                for (int i = 0; i < 6; i++) {
                    p.tick();
                }
                assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM y"), "y is not held back by x's open transaction");
                assertEquals(0, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM x WHERE id = 2"), "open rows are not applied");
                longTx.commit();
            }
            p.awaitConverged(20_000);
            assertTrue(placeholders(s, "x") >= 11, "the rolled-back ids were filled with placeholders");
        }
    }

    @Test
    void concurrentWritersConvergeWithGapProbing() throws Exception {
        FreshSource s = fresh("gapconcurrent");
        try (Pipeline p = probing(s.pipeline(target))) {
            s.exec(s.createTable("a", Workload.COLUMNS), s.createTable("b", Workload.COLUMNS));
            p.set("hanacdc.tables", s.entry("*")).set("hanacdc.batch-size", "37").start();
            Workload wa = new Workload(s, "a", 200, 3).start();
            Workload wb = new Workload(s, "b", 200, 3).start();
            long end = System.currentTimeMillis() + 5_000;
            while (System.currentTimeMillis() < end) {
                p.tick();
            }
            wa.stopAndJoin();
            wb.stopAndJoin();
            p.awaitConverged(60_000);
        }
    }

    @Test
    void aTableAddedToABusySourceStartsWhereItsCaptureBeganNotAtDataIdZero() throws Exception {
        FreshSource s = fresh("gapfresh");
        try (Pipeline p = probing(s.pipeline(target))) {
            s.exec(s.createTable("busy", Workload.COLUMNS), s.createTable("fresh", Workload.COLUMNS));
            p.set("hanacdc.tables", s.entry("busy")).start();
            p.awaitConverged(20_000);
            applyAndPurge3000(s, p, s.insertSeries("busy", 1, 3000, G + ", 'x'"));

            p.stop();
            p.set("hanacdc.tables", s.entry("busy") + "," + s.entry("fresh")).start();
            long probes = probesForFirstChange(s, p, "fresh", 0);
            assertTrue(probes < 100, "fresh probed " + probes + " ids: the purged ids below its capture's start were probed");
        }
    }

    @Test
    void aTaskSubscribingLaterStartsAtTheCaptureVersionInForce() throws Exception {
        FreshSource s = fresh("gapversion_a");
        String t = s.table("t");
        try (Pipeline a = probing(s.pipeline(target))) {
            s.exec(s.createTable("t", Workload.COLUMNS));
            a.set("hanacdc.task", "a").set("hanacdc.tables", s.entry("t")).start();
            a.awaitConverged(20_000);
            a.stop(); // task a is down: its rows of capture version 1 stay in the CDC table
            s.exec("INSERT INTO " + t + " VALUES (1, 'version 1, not applied by task a')", s.addColumn("t", "\"w\" INTEGER"),
                    "INSERT INTO " + t + " VALUES (2, 'version 2', 7)");
            try (Pipeline b = secondTask(s, "gapversion_b")) {
                b.awaitConverged(20_000);
                s.exec("INSERT INTO " + t + " VALUES (3, 'streamed by task b', 8)");
                b.awaitConverged(20_000);
                assertEquals(null, b.task().workers().stream().filter(w -> w.table().id().name().equals("t")).findFirst().orElseThrow()
                        .status().lastError(), "task b streams table t");
            }
        }
    }

    @Test
    void aTaskSubscribingLaterProbesOnlyAboveWhatAProbingSubscriberApplied() throws Exception {
        FreshSource s = fresh("gaphorizon_a");
        try (Pipeline a = probing(s.pipeline(target))) {
            s.exec(s.createTable("t", Workload.COLUMNS), s.createTable("u", Workload.COLUMNS));
            a.set("hanacdc.task", "a").set("hanacdc.tables", s.entry("t") + "," + s.entry("u")).start();
            a.awaitConverged(20_000);
            applyAndPurge3000(s, a, s.insertSeries("u", 1, 3000, G + ", 'x'"), "INSERT INTO " + s.table("t") + " VALUES (0, 'zero')");

            try (Pipeline b = secondTask(s, "gaphorizon_b")) {
                long probes = probesForFirstChange(s, b, "t", placeholders(s, "t"));
                assertTrue(probes < 100, "task b probed " + probes + " ids below what task a had applied");
            }
        }
    }

    @Test
    void aPollProbesABoundedNumberOfIdsAndTheNextGoesOn() throws Exception {
        FreshSource s = fresh("gapbound");
        try (Pipeline p = probing(s.pipeline(target))) {
            s.exec(s.createTable("t", Workload.COLUMNS));
            p.set("hanacdc.tables", s.entry("t")).set("hanacdc.watermark.probes-per-poll", "50").start();
            p.awaitConverged(20_000);
            try (Connection rolledBack = TestDatabases.connect(s.url()); Statement st = rolledBack.createStatement()) {
                rolledBack.setAutoCommit(false);
                st.execute(s.insertSeries("t", 1000, 1399, G + ", 'gone'")); // 400 gaps
                rolledBack.rollback();
            }
            s.exec("INSERT INTO " + s.table("t") + " VALUES (1, 'after 400 gaps')");
            long before = placeholders(s, "t");
            int polls = 0;
            while (count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE id = 1") == 0) {
                assertTrue(++polls <= 40, "the row after the gaps was not applied within 40 polls");
                long atStart = placeholders(s, "t");
                p.tick();
                long probed = placeholders(s, "t") - atStart;
                assertTrue(probed <= 50, "one poll probed " + probed + " ids, more than hanacdc.watermark.probes-per-poll");
            }
            assertTrue(placeholders(s, "t") - before >= 400, "every gap was probed, over several polls");
            assertTrue(polls >= 8, "the probes were spread over polls: " + polls);
        }
    }
}
