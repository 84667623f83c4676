package io.hanacdc.pipeline;

import static io.hanacdc.testing.FreshSource.G;
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

/** Long transactions hold back only their own rows; concurrent writers on several tables converge. */
@MethodSource({"io.hanacdc.testing.FixtureMatrix#selected", "io.hanacdc.testing.FixtureMatrix#intoPostgres"})
class IsolationTest extends BehaviourSuite {
    @Test
    void aLongOpenTransactionOnOneTableDelaysNeitherOtherTablesNorLaterRowsAndLosesNothing() throws Exception {
        FreshSource s = fresh("longtx");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("x", Workload.COLUMNS), s.createTable("y", Workload.COLUMNS));
            p.set("hanacdc.tables", s.entry("x") + "," + s.entry("y")).start();
            p.awaitConverged(20_000);
            try (Connection longTx = TestDatabases.connect(s.url()); Statement st = longTx.createStatement()) {
                longTx.setAutoCommit(false);
                st.execute("INSERT INTO " + s.table("x") + " VALUES (1, 'held by the long transaction')"); // takes the lower data id
                s.exec("INSERT INTO " + s.table("x") + " VALUES (2, 'committed after')", "INSERT INTO " + s.table("y") + " VALUES (1, 'other table')");
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
        FreshSource s = fresh("concurrent");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("a", Workload.COLUMNS), s.createTable("b", Workload.COLUMNS), s.insertSeries("a", 1, 500, G + ", 'seed'"));
            p.set("hanacdc.tables", s.entry("*")).set("hanacdc.batch-size", "37").start();
            Workload wa = new Workload(s, "a", 300, 4).start();
            Workload wb = new Workload(s, "b", 300, 4).start();
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
