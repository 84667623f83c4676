package io.hanacdc.pipeline;

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

/** Long transactions hold back only their own rows; concurrent writers on several tables converge. */
@IntegrationTest
class IsolationTest {

    @Test
    void aLongOpenTransactionOnOneTableDelaysNeitherOtherTablesNorLaterRowsAndLosesNothing() throws Exception {
        try (Pipeline p = new Pipeline("longtx")) {
            exec(p.sourceUrl, "CREATE TABLE public.x (id int PRIMARY KEY, v text)", "CREATE TABLE public.y (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.x,public.y").start();
            p.awaitConverged(20_000);
            try (Connection longTx = TestDatabases.connect(p.sourceUrl); Statement s = longTx.createStatement()) {
                longTx.setAutoCommit(false);
                s.execute("INSERT INTO public.x VALUES (1, 'held by the long transaction')"); // takes the lower data id
                exec(p.sourceUrl, "INSERT INTO public.x VALUES (2, 'committed after')", "INSERT INTO public.y VALUES (1, 'other table')");
                for (int i = 0; i < 5; i++) {
                    p.tick();
                }
                assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM y"), "y is not delayed by x's open transaction");
                assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM x WHERE id = 2"), "x's later rows are not delayed");
                assertEquals(0, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM x WHERE id = 1"), "open rows are not applied");
                longTx.commit();
            }
            p.awaitConverged(20_000);
        }
    }

    @Test
    void concurrentWritersOnSeveralTablesConverge() throws Exception {
        try (Pipeline p = new Pipeline("concurrent")) {
            exec(p.sourceUrl, "CREATE TABLE public.a (id int PRIMARY KEY, v text)", "CREATE TABLE public.b (id int PRIMARY KEY, v text)",
                    "INSERT INTO public.a SELECT g, 'seed' FROM generate_series(1, 500) g");
            p.set("hanacdc.tables", "public.*").set("hanacdc.batch-size", "37").start();
            Workload wa = new Workload(p.sourceUrl, "public.a", 300, 4).start();
            Workload wb = new Workload(p.sourceUrl, "public.b", 300, 4).start();
            long end = System.currentTimeMillis() + 6_000;
            while (System.currentTimeMillis() < end) {
                p.tick();
            }
            wa.stopAndJoin();
            wb.stopAndJoin();
            p.awaitConverged(30_000);
            assertTrue(wa.committed.get() > 50 && wa.rolledBack.get() > 5, "workload ran: " + wa.committed + " committed");
        }
    }
}
