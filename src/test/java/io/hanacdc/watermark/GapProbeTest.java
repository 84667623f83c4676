package io.hanacdc.watermark;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.testing.Workload;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * The gap-probe watermark (for a source user who cannot read open transactions) with real
 * concurrent PostgreSQL transactions: rolled-back ids are filled, an id held by an open transaction
 * holds back only its own table, and nothing is lost or applied twice under concurrent writers. A table
 * a task starts anew probes only the ids its capture may still hold open, never every id since 0, and a
 * poll probes a bounded number of ids. Probes are counted as the placeholder rows they leave.
 */
@IntegrationTest
class GapProbeTest {
    private static Pipeline probing(String name) throws Exception {
        return probing(new Pipeline(name));
    }

    private static Pipeline probing(Pipeline p) {
        return p.set("hanacdc.watermark", "gap-probe").set("hanacdc.watermark.probe-timeout-ms", "200")
                .set("hanacdc.purge.retention-s", "0");
    }

    private static long placeholders(String sourceUrl, String cdcTable) throws Exception {
        return count(sourceUrl, "SELECT COUNT(*) FROM hanacdc.\"" + cdcTable + "\" WHERE \"__$OPERATION\" = 0");
    }

    /** Task b, into a target of its own, started on table public.t of task a's source. */
    private static Pipeline secondTask(Pipeline a, String name) throws Exception {
        Pipeline b = probing(new Pipeline(a.sourceUrl, name)).set("hanacdc.task", "b").set("hanacdc.tables", "public.t");
        b.start();
        return b;
    }

    /** Writes 3,000 rows, applies them, and purges them: on a busy source most ids below the newest are purged ones. */
    private static void applyAndPurge3000(Pipeline p, String... writes) throws Exception {
        exec(p.sourceUrl, writes);
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
    private static long probesForFirstChange(Pipeline p, String table, long before) throws Exception {
        p.tick();
        exec(p.sourceUrl, "INSERT INTO public." + table + " VALUES (1, 'first change')");
        for (int polls = 1; count(p.targetUrl, "SELECT COUNT(*) FROM " + table + " WHERE id = 1") == 0; polls++) {
            assertTrue(polls <= 5, "the first change of " + table + " was not applied within 5 polls");
            p.tick();
        }
        p.awaitConverged(20_000);
        return placeholders(p.sourceUrl, "public$" + table) - before;
    }

    @Test
    void rolledBackIdsAreFilledAndAnOpenTransactionHoldsBackOnlyItsOwnTable() throws Exception {
        try (Pipeline p = probing("gapprobe")) {
            exec(p.sourceUrl, "CREATE TABLE public.x (id int PRIMARY KEY, v text)", "CREATE TABLE public.y (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.x,public.y").start();
            p.awaitConverged(20_000);
            try (Connection rolledBack = TestDatabases.connect(p.sourceUrl); Statement s = rolledBack.createStatement()) {
                rolledBack.setAutoCommit(false);
                s.execute("INSERT INTO public.x SELECT g, 'gone' FROM generate_series(1000, 1010) g");
                rolledBack.rollback();
            }
            exec(p.sourceUrl, "INSERT INTO public.x VALUES (1, 'after the rollback')");
            p.awaitConverged(20_000);

            try (Connection longTx = TestDatabases.connect(p.sourceUrl); Statement s = longTx.createStatement()) {
                longTx.setAutoCommit(false);
                s.execute("INSERT INTO public.x VALUES (2, 'held open')");
                exec(p.sourceUrl, "INSERT INTO public.x VALUES (3, 'committed after')", "INSERT INTO public.y VALUES (1, 'other table')");
                for (int i = 0; i < 6; i++) {
                    p.tick();
                }
                assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM y"), "y is not held back by x's open transaction");
                assertEquals(0, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM x WHERE id = 2"), "open rows are not applied");
                longTx.commit();
            }
            p.awaitConverged(20_000);
            assertTrue(Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.\"public$x\" WHERE \"__$OPERATION\" = 0") >= 11,
                    "the rolled-back ids were filled with placeholders");
        }
    }

    @Test
    void concurrentWritersConvergeWithGapProbing() throws Exception {
        try (Pipeline p = probing("gapconcurrent")) {
            exec(p.sourceUrl, "CREATE TABLE public.a (id int PRIMARY KEY, v text)", "CREATE TABLE public.b (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.*").set("hanacdc.batch-size", "37").start();
            Workload wa = new Workload(p.sourceUrl, "public.a", 200, 3).start();
            Workload wb = new Workload(p.sourceUrl, "public.b", 200, 3).start();
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
        try (Pipeline p = probing("gapfresh")) {
            exec(p.sourceUrl, "CREATE TABLE public.busy (id int PRIMARY KEY, v text)", "CREATE TABLE public.fresh (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.busy").start();
            p.awaitConverged(20_000);
            applyAndPurge3000(p, "INSERT INTO public.busy SELECT g, 'x' FROM generate_series(1, 3000) g");

            p.stop();
            p.set("hanacdc.tables", "public.busy,public.fresh").start();
            long probes = probesForFirstChange(p, "fresh", 0);
            assertTrue(probes < 100, "fresh probed " + probes + " ids: the purged ids below its capture's start were probed");
        }
    }

    @Test
    void aTaskSubscribingLaterStartsAtTheCaptureVersionInForce() throws Exception {
        try (Pipeline a = probing("gapversion_a")) {
            exec(a.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            a.set("hanacdc.task", "a").set("hanacdc.tables", "public.t").start();
            a.awaitConverged(20_000);
            a.stop(); // task a is down: its rows of capture version 1 stay in the CDC table
            exec(a.sourceUrl, "INSERT INTO public.t VALUES (1, 'version 1, not applied by task a')", "ALTER TABLE public.t ADD COLUMN w int",
                    "INSERT INTO public.t VALUES (2, 'version 2', 7)");
            try (Pipeline b = secondTask(a, "gapversion_b")) {
                b.awaitConverged(20_000);
                exec(b.sourceUrl, "INSERT INTO public.t VALUES (3, 'streamed by task b', 8)");
                b.awaitConverged(20_000);
                assertEquals(null, b.task().workers().stream().filter(w -> w.table().id().name().equals("t")).findFirst().orElseThrow()
                        .status().lastError(), "task b streams table t");
            }
        }
    }

    @Test
    void aTaskSubscribingLaterProbesOnlyAboveWhatAProbingSubscriberApplied() throws Exception {
        try (Pipeline a = probing("gaphorizon_a")) {
            exec(a.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "CREATE TABLE public.u (id int PRIMARY KEY, v text)");
            a.set("hanacdc.task", "a").set("hanacdc.tables", "public.t,public.u").start();
            a.awaitConverged(20_000);
            applyAndPurge3000(a, "INSERT INTO public.u SELECT g, 'x' FROM generate_series(1, 3000) g", "INSERT INTO public.t VALUES (0, 'zero')");

            try (Pipeline b = secondTask(a, "gaphorizon_b")) {
                long probes = probesForFirstChange(b, "t", placeholders(a.sourceUrl, "public$t"));
                assertTrue(probes < 100, "task b probed " + probes + " ids below what task a had applied");
            }
        }
    }

    @Test
    void aPollProbesABoundedNumberOfIdsAndTheNextGoesOn() throws Exception {
        try (Pipeline p = probing("gapbound")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.t").set("hanacdc.watermark.probes-per-poll", "50").start();
            p.awaitConverged(20_000);
            try (Connection rolledBack = TestDatabases.connect(p.sourceUrl); Statement s = rolledBack.createStatement()) {
                rolledBack.setAutoCommit(false);
                s.execute("INSERT INTO public.t SELECT g, 'gone' FROM generate_series(1000, 1399) g"); // 400 gaps
                rolledBack.rollback();
            }
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (1, 'after 400 gaps')");
            long before = placeholders(p.sourceUrl, "public$t");
            int polls = 0;
            while (count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE id = 1") == 0) {
                assertTrue(++polls <= 40, "the row after the gaps was not applied within 40 polls");
                long atStart = placeholders(p.sourceUrl, "public$t");
                p.tick();
                long probed = placeholders(p.sourceUrl, "public$t") - atStart;
                assertTrue(probed <= 50, "one poll probed " + probed + " ids, more than hanacdc.watermark.probes-per-poll");
            }
            assertTrue(placeholders(p.sourceUrl, "public$t") - before >= 400, "every gap was probed, over several polls");
            assertTrue(polls >= 8, "the probes were spread over polls: " + polls);
        }
    }
}
