package io.hanacdc.capture;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.cli.DirectCommands;
import io.hanacdc.common.CdcException;
import io.hanacdc.testing.CaptureObjects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** install / uninstall: idempotent, atomic per table, shared between tasks, and leaving nothing behind. */
@IntegrationTest
class CaptureInstallTest {
    private static String run(Pipeline p, String command) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        DirectCommands c = new DirectCommands(p.config(), new PrintStream(out, true, StandardCharsets.UTF_8));
        switch (command) {
            case "install" -> c.install(false);
            case "print" -> c.install(true);
            case "uninstall" -> c.uninstall();
            default -> c.status(false);
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void installIsIdempotentAndUninstallRemovesEverythingItCreatedAndNothingElse() throws Exception {
        try (Pipeline p = new Pipeline("install")) {
            exec(p.sourceUrl, "CREATE TABLE public.a (id int PRIMARY KEY, v text)", "CREATE TABLE public.b (id int PRIMARY KEY)",
                    "CREATE FUNCTION public.users_own() RETURNS int LANGUAGE sql AS 'SELECT 1'");
            List<String> before = CaptureObjects.objects(p.sourceUrl);
            p.set("hanacdc.tables", "public.*");
            run(p, "install");
            List<String> installed = CaptureObjects.objects(p.sourceUrl);
            run(p, "install");
            assertEquals(installed, CaptureObjects.objects(p.sourceUrl), "second install changes nothing");
            assertTrue(installed.size() > before.size() + 8, installed.toString());
            run(p, "uninstall");
            assertEquals(before, CaptureObjects.objects(p.sourceUrl));
        }
    }

    @Test
    void aTableWhoseInstallFailsLeavesNothingHalfInstalled() throws Exception {
        try (Pipeline p = new Pipeline("atomic")) {
            exec(p.sourceUrl, "CREATE TABLE public.a (id int PRIMARY KEY)", "CREATE TABLE public.b (id int PRIMARY KEY)",
                    // a foreign object under the name install wants for b's trigger function
                    "CREATE SCHEMA hanacdc", "CREATE FUNCTION hanacdc.\"public$b$fn\"() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END'");
            p.set("hanacdc.tables", "public.a,public.b");
            String m = assertThrows(CdcException.class, () -> run(p, "install")).getMessage();
            assertTrue(m.contains("public.b"), m);
            assertEquals(0, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.b'::regclass"));
            assertEquals(0, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM pg_class WHERE relname = 'public$b'"));
            assertEquals(4, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.a'::regclass AND tgenabled <> 'D'"),
                    "a is fully installed (insert, update, delete, truncate)");
        }
    }

    @Test
    void captureIsSharedByTasksAndRemovedWithTheLastSubscriber() throws Exception {
        try (Pipeline p = new Pipeline("shared")) {
            exec(p.sourceUrl, "CREATE TABLE public.a (id int PRIMARY KEY)");
            List<String> before = CaptureObjects.objects(p.sourceUrl);
            p.set("hanacdc.tables", "public.a");
            run(p, "install");
            p.set("hanacdc.task", "second");
            run(p, "install");
            run(p, "uninstall");
            assertEquals(4, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.a'::regclass AND tgenabled <> 'D'"), "task 'test' still reads a");
            p.set("hanacdc.task", "test");
            run(p, "uninstall");
            assertEquals(before, CaptureObjects.objects(p.sourceUrl));
        }
    }

    /** Uninstall removes a table's schema history with its capture, so capturing the table again starts at version 1. */
    @Test
    void aTableWhoseCaptureWasRemovedWhileOthersStayCanBeCapturedAgain() throws Exception {
        try (Pipeline p = new Pipeline("again")) {
            exec(p.sourceUrl, "CREATE TABLE public.a (id int PRIMARY KEY)", "CREATE TABLE public.b (id int PRIMARY KEY, v text)");
            p.set("hanacdc.task", "second").set("hanacdc.tables", "public.a");
            run(p, "install");
            p.set("hanacdc.task", "test").set("hanacdc.tables", "public.a,public.b");
            run(p, "install");
            run(p, "uninstall"); // b's capture goes, a's stays for task 'second'
            assertEquals(0, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.hanacdc_schema_history WHERE source_table = 'b'"));
            exec(p.sourceUrl, "INSERT INTO public.b VALUES (1, 'x')");
            p.start();
            exec(p.sourceUrl, "INSERT INTO public.b VALUES (2, 'y')");
            p.awaitConverged(20_000);
        }
    }

    @Test
    void missingOrDisabledTriggersAreReportedAndRepairedAtStartup() throws Exception {
        try (Pipeline p = new Pipeline("repair")) {
            exec(p.sourceUrl, "CREATE TABLE public.r (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.r");
            run(p, "install");
            // no truncate trigger: also how capture installed before truncates were captured looks
            exec(p.sourceUrl, "DROP TRIGGER \"public$r$upd\" ON public.r", "ALTER TABLE public.r DISABLE TRIGGER \"public$r$del\"",
                    "DROP TRIGGER \"public$r$trunc\" ON public.r");
            p.start();
            assertEquals(4, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.r'::regclass"
                    + " AND NOT tgisinternal AND tgenabled <> 'D'"), "all four triggers work again");
            exec(p.sourceUrl, "INSERT INTO public.r VALUES (1, 'a'), (2, 'b'), (3, 'c')", "TRUNCATE public.r",
                    "INSERT INTO public.r VALUES (1, 'a'), (2, 'b')", "UPDATE public.r SET v = 'changed' WHERE id = 1",
                    "DELETE FROM public.r WHERE id = 2");
            p.awaitConverged(20_000);
        }
    }

    /** The schema check reads the triggers of all tables in one query and repairs every table whose triggers broke while it ran. */
    @Test
    void triggersBrokenOnSeveralRunningTablesAreAllRepairedByOneCheck() throws Exception {
        try (Pipeline p = new Pipeline("repairmany")) {
            for (String t : List.of("a", "b", "c")) {
                exec(p.sourceUrl, "CREATE TABLE public.\"" + t + " t\" (id int PRIMARY KEY, v text)");
            }
            p.set("hanacdc.tables", "public.\"a t\",public.\"b t\",public.\"c t\"");
            p.start();
            String intact = "SELECT SUM(oid::bigint) FROM pg_trigger WHERE tgrelid = 'public.\"b t\"'::regclass";
            long before = Pipeline.count(p.sourceUrl, intact);
            exec(p.sourceUrl, "DROP TRIGGER \"public$a t$upd\" ON public.\"a t\"", "ALTER TABLE public.\"c t\" DISABLE TRIGGER \"public$c t$ins\"");
            p.task().checkSchemas();
            assertEquals(before, Pipeline.count(p.sourceUrl, intact), "a table whose triggers work keeps them: nothing re-created");
            for (String t : List.of("a", "b", "c")) {
                assertEquals(4, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.\"" + t + " t\"'::regclass"
                        + " AND NOT tgisinternal AND tgenabled <> 'D'"), "the triggers of " + t + " work");
                exec(p.sourceUrl, "INSERT INTO public.\"" + t + " t\" VALUES (1, 'a'), (2, 'b')", "UPDATE public.\"" + t + " t\" SET v = 'c' WHERE id = 1");
            }
            p.awaitConverged(20_000);
        }
    }

    @Test
    void printSqlShowsTheScriptWithoutChangingAnything() throws Exception {
        try (Pipeline p = new Pipeline("printsql")) {
            exec(p.sourceUrl, "CREATE TABLE public.\"Odd \"\"Name\"\"\" (id int PRIMARY KEY, \"select\" text)");
            List<String> before = CaptureObjects.objects(p.sourceUrl);
            String script = run(p.set("hanacdc.tables", "public.*"), "print");
            assertEquals(before, CaptureObjects.objects(p.sourceUrl));
            assertTrue(script.contains("CREATE SEQUENCE IF NOT EXISTS \"hanacdc\".\"hanacdc_data_id\""), script);
            assertTrue(script.contains("AFTER UPDATE ON \"public\".\"Odd \"\"Name\"\"\""), script);
            assertTrue(script.contains("\"__$TRIGGER_ID\""), script);
        }
    }

    /** A DBA runs the printed script; the task then completes what only the catalog knows, so a re-created table is still recognised. */
    @Test
    void capturedInstalledFromThePrintedScriptFollowsATableDroppedAndCreatedAgain() throws Exception {
        try (Pipeline p = new Pipeline("printrun")) {
            exec(p.sourceUrl, "CREATE TABLE public.d (id int PRIMARY KEY, v text)", "INSERT INTO public.d VALUES (1, 'old')");
            String script = run(p.set("hanacdc.tables", "public.d"), "print");
            exec(p.sourceUrl, script.split(";\n\n"));
            p.start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "DROP TABLE public.d", "CREATE TABLE public.d (id int PRIMARY KEY, v text)", "INSERT INTO public.d VALUES (2, 'new')");
            p.task().checkSchemas();
            p.awaitConverged(20_000);
            assertEquals(List.of("2 | new"), Pipeline.rows(p.targetUrl, "SELECT id, v FROM d"));
        }
    }

    @Test
    void statusListsPositionsPerTable() throws Exception {
        try (Pipeline p = new Pipeline("status")) {
            exec(p.sourceUrl, "CREATE TABLE public.s (id int PRIMARY KEY)", "INSERT INTO public.s VALUES (1), (2)");
            p.set("hanacdc.tables", "public.s").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "INSERT INTO public.s VALUES (3)");
            p.awaitConverged(20_000);
            String status = run(p, "status");
            assertTrue(status.contains("public.s") && status.contains("STREAMING"), status);
        }
    }
}
