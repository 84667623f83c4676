package io.hanacdc.capture;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.cli.DirectCommands;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL capture at both trigger levels records the same CDC rows — operations, before-images
 * only for keys that are gone, shared data-id sequence, capture version, transaction — switching
 * the level re-creates the triggers on the next install, and a large statement costs linear time.
 */
@IntegrationTest
class TriggerLevelTest {
    /** One row per CDC row, without data id and time; within a statement the levels may order rows differently. */
    private static final String CDC_ROWS = "SELECT \"__$OPERATION\" || ' ' || id || ' ' || coalesce(v, '-') || ' v' || \"__$TRIGGER_ID\""
            + " || (CASE WHEN \"__$TRANSACTION_ID\" > 0 THEN ' tx' ELSE ' no tx' END) FROM hanacdc.\"public$t\" ORDER BY 1";

    private static void install(Pipeline p, boolean printOnly, StringBuilder printed) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new DirectCommands(p.config(), new PrintStream(out, true, StandardCharsets.UTF_8)).install(printOnly);
        printed.append(out.toString(StandardCharsets.UTF_8));
    }

    private static List<String> capture(String level) throws Exception {
        try (Pipeline p = new Pipeline("level_" + level)) {
            // deferrable key: PostgreSQL checks it at the end of the statement, so one UPDATE can swap or shift keys
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY DEFERRABLE INITIALLY IMMEDIATE, v text)");
            p.set("hanacdc.tables", "public.t").set("hanacdc.capture.trigger-level", level);
            StringBuilder script = new StringBuilder();
            install(p, true, script);
            assertTrue(script.toString().contains(level.equals("row") ? "FOR EACH ROW" : "FOR EACH STATEMENT"), script.toString());
            install(p, false, new StringBuilder());
            exec(p.sourceUrl,
                    "INSERT INTO public.t SELECT g, 'v' || g FROM generate_series(1, 6) g",
                    "UPDATE public.t SET v = 'one' WHERE id = 1",
                    "UPDATE public.t SET id = 3 - id WHERE id IN (1, 2)", // swap: no key is gone
                    "UPDATE public.t SET id = id + 1 WHERE id IN (5, 6)", // shift: 5 is gone, 6 is held by the old 5
                    "UPDATE public.t SET id = 50 WHERE id = 3",
                    "DELETE FROM public.t WHERE id IN (1, 50)");
            List<String> rows = Pipeline.rows(p.sourceUrl, CDC_ROWS);
            assertEquals(List.of(0L, (long) rows.size()), List.of(
                    Pipeline.count(p.sourceUrl, "SELECT COUNT(*) - COUNT(DISTINCT \"__$DATA_ID\") FROM hanacdc.\"public$t\""),
                    Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.\"public$t\" WHERE \"__$DATA_ID\" <= "
                            + "(SELECT last_value FROM hanacdc.hanacdc_data_id)")), "ids from the shared sequence, all distinct");
            return rows;
        }
    }

    /**
     * The same changes at both levels; they differ only in the pairs of moved rows: at row level each moved row's new image
     * is marked as its old key's pair (operation 7), an old key another row holds again written for the pair alone (8); at
     * statement level only a one-row statement's move is paired (in the shift of 5 and 6 the statement knows that key 5
     * went and 7 came, not which row went where).
     */
    @Test
    void rowAndStatementTriggersRecordTheSameChanges() throws Exception {
        List<String> statement = capture("statement");
        List<String> row = capture("row");
        assertEquals(unpaired(statement), unpaired(row));
        assertTrue(statement.contains("3 3 v3 v1 tx") && statement.contains("3 5 v5 v1 tx"), "old keys that are gone: " + statement);
        assertEquals(2, statement.stream().filter(r -> r.startsWith("3 ")).count(), "no before-image for swapped or re-used keys: " + statement);
        assertEquals(List.of("7 50 v3 v1 tx"), statement.stream().filter(r -> r.startsWith("7 ")).toList(), "the one-row statement's move: " + statement);
        assertEquals(List.of("7 1 v2 v1 tx", "7 2 one v1 tx", "7 50 v3 v1 tx", "7 6 v5 v1 tx", "7 7 v6 v1 tx"),
                row.stream().filter(r -> r.startsWith("7 ")).toList(), "each moved row: " + row);
        assertEquals(List.of("8 1 one v1 tx", "8 2 v2 v1 tx", "8 6 v6 v1 tx"), row.stream().filter(r -> r.startsWith("8 ")).toList(),
                "the old keys held again (the swap, the shift): " + row);
    }

    private static List<String> unpaired(List<String> rows) {
        return rows.stream().filter(r -> !r.startsWith("8 ")).map(r -> r.startsWith("7 ") ? "4" + r.substring(1) : r).sorted().toList();
    }

    @Test
    void changingTheLevelRecreatesTheTriggersOnInstall() throws Exception {
        try (Pipeline p = new Pipeline("level_switch")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.t");
            install(p, false, new StringBuilder());
            String rowTriggers = "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.t'::regclass AND NOT tgisinternal"
                    + " AND (tgtype & 1) = 1"; // TRIGGER_TYPE_ROW
            assertEquals(0, Pipeline.count(p.sourceUrl, rowTriggers));
            install(p.set("hanacdc.capture.trigger-level", "row"), false, new StringBuilder());
            assertEquals(3, Pipeline.count(p.sourceUrl, rowTriggers));
            assertEquals(4, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.t'::regclass AND NOT tgisinternal"
                    + " AND tgenabled <> 'D'")); // the 3 row ones and the truncate one: the statement-level ones are gone (the fallback ones wait disabled)
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (1, 'a')");
            assertEquals(List.of("2 1 a v1 tx"), Pipeline.rows(p.sourceUrl, CDC_ROWS));
        }
    }

    @Test
    void aLargeUpdateAfterOneRowUpdatesStaysLinear() throws Exception {
        try (Pipeline p = new Pipeline("level_large")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t SELECT g, 'v' FROM generate_series(1, 40000) g");
            install(p.set("hanacdc.tables", "public.t"), false, new StringBuilder());
            double seconds;
            try (Connection c = TestDatabases.connect(p.sourceUrl); Statement s = c.createStatement()) {
                // one-row statements first, in the same session: its cached plans are made for transition tables of one row
                s.execute("UPDATE public.t SET v = 'a' WHERE id = 1");
                s.execute("UPDATE public.t SET v = 'b' WHERE id = 2");
                long t0 = System.nanoTime();
                s.execute("UPDATE public.t SET v = 'all'");
                seconds = (System.nanoTime() - t0) / 1e9;
            }
            // a nested loop over the transition tables takes about a minute here; linear work well under a second
            assertTrue(seconds < 15, "40,000-row UPDATE took " + seconds + " s");
            assertEquals(40_002, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.\"public$t\" WHERE \"__$OPERATION\" = 4"));
        }
    }

    /**
     * The first statement of a session planned for its real size: NOT IN is then no hashed subplan once the new keys
     * outgrow work_mem, and compared every old key with every new one (a 1,000,000-row UPDATE never ended). A small
     * work_mem makes 40,000 rows enough to show it.
     */
    @Test
    void aLargeUpdateAsASessionsFirstStatementStaysLinear() throws Exception {
        try (Pipeline p = new Pipeline("level_fresh")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t SELECT g, 'v' FROM generate_series(1, 40000) g");
            install(p.set("hanacdc.tables", "public.t"), false, new StringBuilder());
            double seconds;
            try (Connection c = TestDatabases.connect(p.sourceUrl); Statement s = c.createStatement()) {
                s.execute("SET work_mem = '64kB'");
                long t0 = System.nanoTime();
                s.execute("UPDATE public.t SET v = 'all', id = id + 100000 WHERE id > 1"); // every key moved: all before-images
                seconds = (System.nanoTime() - t0) / 1e9;
            }
            // quadratic: minutes here; linear: well under a second
            assertTrue(seconds < 15, "40,000-row UPDATE took " + seconds + " s");
            assertEquals(List.of(39_999L, 39_999L), List.of(
                    Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.\"public$t\" WHERE \"__$OPERATION\" = 3"),
                    Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.\"public$t\" WHERE \"__$OPERATION\" = 4")));
        }
    }
}
