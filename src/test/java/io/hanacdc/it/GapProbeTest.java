package io.hanacdc.it;

import static io.hanacdc.it.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * The gap-probe watermark (for a source user who cannot read open transactions) with real
 * concurrent PostgreSQL transactions: rolled-back ids are filled, an id held by an open transaction
 * holds back only its own table, and nothing is lost or applied twice under concurrent writers.
 */
class GapProbeTest {
    private static Pipeline probing(String name) throws Exception {
        return new Pipeline(name).set("hanacdc.watermark", "gap-probe").set("hanacdc.watermark.probe-timeout-ms", "200");
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
}
