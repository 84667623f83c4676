package io.hanacdc.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.BehaviourSuite;
import io.hanacdc.testing.FreshSource;
import io.hanacdc.testing.Pipeline;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A primary-key change reaches the target as an UPDATE of the key, not a delete and an insert: a foreign key someone
 * added on the target takes its referring rows along (ON UPDATE CASCADE), or refuses and stops the table
 * (ON UPDATE RESTRICT), and never deletes them (ON DELETE CASCADE) — also when the referring table is quiet at the
 * source, so its own stream would never write those rows again. At both PostgreSQL trigger levels and on HANA.
 */
@MethodSource({"io.hanacdc.testing.FixtureMatrix#selectedWithRowTriggers", "io.hanacdc.testing.FixtureMatrix#intoPostgres",
        "io.hanacdc.testing.FixtureMatrix#newestPostgres"})
class KeyChangeTest extends BehaviourSuite {

    @Test
    void aKeyChangeMovesTheTargetRowSoItsCascadingChildrenStay() throws Exception {
        FreshSource s = fresh("keymove");
        try (Pipeline p = parentAndChildren(s)) {
            Pipeline.exec(p.targetUrl, "ALTER TABLE child ADD CONSTRAINT child_parent FOREIGN KEY (pid) REFERENCES parent (id)"
                    + " ON DELETE CASCADE ON UPDATE CASCADE");
            s.exec("UPDATE " + s.table("parent") + " SET \"id\" = 100 WHERE \"id\" = 1", // one row, alone in its statement
                    "UPDATE " + s.table("parent") + " SET \"id\" = 200, \"v\" = 'moved and changed' WHERE \"id\" = 2",
                    "UPDATE " + s.table("parent") + " SET \"v\" = 'later' WHERE \"id\" = 200");
            awaitParent(p, List.of("3 | c", "100 | a", "200 | later"));
            assertEquals(List.of("10 | 100", "11 | 100", "20 | 200", "30 | 3"), Pipeline.rows(p.targetUrl, "SELECT id, pid FROM child ORDER BY id"),
                    "no child was deleted: each follows its parent to the new key");
        }
    }

    /**
     * UPDATE … SET id = id + 1 over adjacent keys: rows move onto each other's keys within one statement. Each row trigger
     * pairs its row's old and new key (HANA, PostgreSQL at row level), the target moves them from the far end, and every
     * child follows its parent.
     */
    @Test
    void rowsShiftedOntoEachOthersKeysMoveWithTheirChildren() throws Exception {
        FreshSource s = fresh("keyshift");
        s.exec(s.createTable("parent", "\"id\" INTEGER NOT NULL, \"v\" VARCHAR(40), " + s.shiftableKey("\"id\"")),
                s.createTable("child", "\"id\" INTEGER NOT NULL PRIMARY KEY, \"pid\" INTEGER"),
                s.insertSeries("parent", 1, 3, FreshSource.G + ", 'p' || " + FreshSource.G_TEXT),
                s.insertSeries("child", 1, 3, "10 * " + FreshSource.G + ", " + FreshSource.G));
        try (Pipeline p = s.pipeline(target)) {
            p.set("hanacdc.tables", s.entry("parent") + "," + s.entry("child")).set("hanacdc.capture.trigger-level", "row").start();
            p.awaitConverged(30_000);
            Pipeline.exec(p.targetUrl, "ALTER TABLE child ADD CONSTRAINT child_parent FOREIGN KEY (pid) REFERENCES parent (id)"
                    + " ON DELETE CASCADE ON UPDATE CASCADE");
            s.exec("UPDATE " + s.table("parent") + " SET \"id\" = \"id\" + 1");
            awaitParent(p, List.of("2 | p1", "3 | p2", "4 | p3"));
            assertEquals(List.of("10 | 2", "20 | 3", "30 | 4"), Pipeline.rows(p.targetUrl, "SELECT id, pid FROM child ORDER BY id"),
                    "every child followed its parent's row");
        }
    }

    @Test
    void aKeyChangeTheTargetsForeignKeyForbidsStopsTheTableDeletingNothing() throws Exception {
        FreshSource s = fresh("keyrestrict");
        try (Pipeline p = parentAndChildren(s)) {
            Pipeline.exec(p.targetUrl, "ALTER TABLE child ADD CONSTRAINT child_parent FOREIGN KEY (pid) REFERENCES parent (id) ON DELETE CASCADE");
            s.exec("UPDATE " + s.table("parent") + " SET \"id\" = 100 WHERE \"id\" = 1");
            String error = null;
            for (int i = 0; i < 50 && error == null; i++) {
                p.tick();
                error = p.task().workers().stream().filter(w -> w.table().id().name().equals("parent")).findFirst().orElseThrow().status().lastError();
                Thread.sleep(50);
            }
            assertNotNull(error, "the parent table stops");
            assertTrue(error.contains("parent") && error.contains("foreign key constraint"), error);
            assertEquals(List.of("1 | a", "2 | b", "3 | c"), Pipeline.rows(p.targetUrl, "SELECT id, v FROM parent ORDER BY id"), "nothing of the batch");
            assertEquals(4, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM child"), "no child was deleted");
        }
    }

    /** Parent rows 1..3 and children referring to them, both replicated and loaded. */
    private Pipeline parentAndChildren(FreshSource s) throws Exception {
        s.exec(s.createTable("parent", "\"id\" INTEGER NOT NULL PRIMARY KEY, \"v\" VARCHAR(40)"),
                s.createTable("child", "\"id\" INTEGER NOT NULL PRIMARY KEY, \"pid\" INTEGER"),
                "INSERT INTO " + s.table("parent") + " VALUES (1, 'a')", "INSERT INTO " + s.table("parent") + " VALUES (2, 'b')",
                "INSERT INTO " + s.table("parent") + " VALUES (3, 'c')",
                "INSERT INTO " + s.table("child") + " VALUES (10, 1)", "INSERT INTO " + s.table("child") + " VALUES (11, 1)",
                "INSERT INTO " + s.table("child") + " VALUES (20, 2)", "INSERT INTO " + s.table("child") + " VALUES (30, 3)");
        Pipeline p = s.pipeline(target);
        p.set("hanacdc.tables", s.entry("parent") + "," + s.entry("child")).start();
        p.awaitConverged(30_000);
        return p;
    }

    private static void awaitParent(Pipeline p, List<String> expected) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        while (!Pipeline.rows(p.targetUrl, "SELECT id, v FROM parent ORDER BY id").equals(expected) && System.currentTimeMillis() < deadline) {
            p.tick();
            Thread.sleep(50);
        }
        assertEquals(expected, Pipeline.rows(p.targetUrl, "SELECT id, v FROM parent ORDER BY id"));
    }
}
