package io.hanacdc.cluster;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.pipeline.TableState;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.schema.TableId;
import io.hanacdc.sink.mysql.PositionStore;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A process whose position of a table is stale (another process stored the table's position since
 * it read its own: a failover window, or the task started twice) never changes the target table's
 * shape: DDL commits on its own on MySQL/MariaDB, so the position's compare-and-set that rolls back
 * a stale batch cannot undo it. The stale process leaves the target as the current owner made it and
 * reloads the position.
 */
@IntegrationTest
class TargetDdlFenceTest {
    /** Whether target table t has column w. */
    private static final String COLUMN_W = "SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE()"
            + " AND table_name = 't' AND column_name = 'w'";

    private static TableWorker worker(Pipeline p, String table) {
        return p.task().workers().stream().filter(w -> w.table().id().name().equals(table)).findFirst().orElseThrow();
    }

    @Test
    void aStaleOwnerDoesNotDropATableTheNewOwnerLoadedAgain() throws Exception {
        try (Pipeline stale = new Pipeline("ddlfence")) {
            exec(stale.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)",
                    "INSERT INTO public.t SELECT g, 'first life' FROM generate_series(1, 100) g");
            stale.set("hanacdc.tables", "public.t").start();
            stale.awaitConverged(20_000); // holds the table's position from here on, and is not polled again until the end

            try (Pipeline owner = stale.twin()) {
                owner.start();
                exec(stale.sourceUrl, "DROP TABLE public.t", "CREATE TABLE public.t (id int PRIMARY KEY, v text)",
                        "INSERT INTO public.t SELECT g, 'second life' FROM generate_series(1, 50) g");
                owner.task().checkSchemas(); // capture follows the re-created table
                exec(stale.sourceUrl, "INSERT INTO public.t VALUES (51, 'captured')");
                owner.awaitConverged(20_000); // the new owner made the target table anew and loaded it
                assertEquals(51, count(stale.targetUrl, "SELECT COUNT(*) FROM t"));

                stale.tick(); // the stale owner meets the same re-creation
                assertEquals(51, count(stale.targetUrl, "SELECT COUNT(*) FROM t"), "the new owner's rows are still on the target");
                assertEquals(TableState.RELOADING, worker(stale, "t").status().state(), "the stale owner stepped back to reload its position");
                assertEquals(List.of(), owner.differences());
            }
        }
    }

    @Test
    void aStaleOwnerDoesNotDropAColumn() throws Exception {
        try (Pipeline p = new Pipeline("ddlfence_alter")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text, w int)",
                    "INSERT INTO public.t SELECT g, 'x', g FROM generate_series(1, 20) g");
            p.set("hanacdc.tables", "public.t").start();
            p.awaitConverged(20_000);
            exec(p.targetUrl, "UPDATE hanacdc_position SET version = version + 1 WHERE source_table = 't'"); // another process stored it
            exec(p.sourceUrl, "ALTER TABLE public.t DROP COLUMN w", "UPDATE public.t SET v = 'y' WHERE id = 1");
            p.task().checkSchemas();

            p.tick();
            assertEquals(1, count(p.targetUrl, COLUMN_W), "the stale position's ALTER ... DROP COLUMN was not run");
            assertEquals(TableState.RELOADING, worker(p, "t").status().state());

            p.awaitConverged(20_000); // with the position reloaded, this process makes the change itself
            assertEquals(0, count(p.targetUrl, COLUMN_W));
        }
    }

    @Test
    void aChangeWaitsWhileAnotherProcessHoldsTheTablesLock() throws Exception {
        try (Pipeline p = new Pipeline("ddlfence_lock")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text, w int)", "INSERT INTO public.t VALUES (1, 'x', 1)");
            p.set("hanacdc.tables", "public.t").start();
            p.awaitConverged(20_000);
            try (Connection other = TestDatabases.connect(p.targetUrl); PreparedStatement lock = other.prepareStatement("SELECT GET_LOCK(?, 0)")) {
                lock.setString(1, new PositionStore(other.getCatalog(), "test").lockName(new TableId("public", "t")));
                try (ResultSet rs = lock.executeQuery()) {
                    rs.next();
                    assertEquals(1, rs.getInt(1), "the lock name is one MySQL/MariaDB accept");
                }
                exec(p.sourceUrl, "ALTER TABLE public.t DROP COLUMN w");
                p.task().checkSchemas();
                p.tick();
                assertEquals(1, count(p.targetUrl, COLUMN_W), "no DDL while another process holds the table's lock");
                String error = worker(p, "t").status().lastError();
                assertTrue(error != null && error.contains("another process is changing its target table"), error);
            }
            long deadline = System.currentTimeMillis() + 20_000; // the lock went with the other session: the retry makes the change
            while (count(p.targetUrl, COLUMN_W) > 0) {
                assertTrue(System.currentTimeMillis() < deadline, "the change was not made once the lock was free");
                p.tick();
                Thread.sleep(50);
            }
            p.awaitConverged(20_000);
        }
    }
}
