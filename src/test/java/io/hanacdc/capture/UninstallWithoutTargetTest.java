package io.hanacdc.capture;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.cli.DirectCommands;
import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.CaptureObjects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Removing hana-cdc when it cannot start: the script {@code uninstall --print-sql} prints, run as it
 * is, removes everything install created; uninstall itself needs only the source's settings (no
 * target, and no hanacdc.tables: what it removes is read from the source's capture registry).
 */
@IntegrationTest
class UninstallWithoutTargetTest {
    private static final String UNREACHABLE = "jdbc:mysql://127.0.0.1:1/gone?connectTimeout=2000";

    private static void install(Pipeline p) throws Exception {
        new DirectCommands(p.config(), new PrintStream(new ByteArrayOutputStream(), true)).install(false);
    }

    /** The printed script, run in one JDBC execute exactly as printed (comments included). */
    private static void runScript(String url, String script) throws Exception {
        try (Connection c = DriverManager.getConnection(url); Statement s = c.createStatement()) {
            s.execute(script);
        }
    }

    private static long triggers(Pipeline p, String table) throws Exception {
        return Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid"
                + " WHERE c.relname = '" + table + "' AND NOT t.tgisinternal");
    }

    private static Map<String, String> env(Pipeline p, String tables, String targetUrl) throws Exception {
        Map<String, String> env = AppProcess.env(p, p.sourceUrl, "public.none");
        if (tables == null) {
            env.remove("HANACDC_TABLES");
        } else {
            env.put("HANACDC_TABLES", tables);
        }
        if (targetUrl == null) {
            env.remove("HANACDC_TARGET_URL");
        } else {
            env.put("HANACDC_TARGET_URL", targetUrl);
        }
        return env;
    }

    @Test
    void printedScriptRunByHandRemovesEverythingInstallCreated() throws Exception {
        try (Pipeline p = new Pipeline("unscript")) {
            exec(p.sourceUrl, "CREATE TABLE public.a (id int PRIMARY KEY, v text)", "CREATE TABLE public.b (id int PRIMARY KEY)");
            List<String> before = CaptureObjects.objects(p.sourceUrl);
            p.set("hanacdc.tables", "public.*");
            install(p);
            List<String> installed = CaptureObjects.objects(p.sourceUrl);

            // a target URL no target kind takes still gets the positions' DELETE, in the MySQL form
            String unknown = AppProcess.run("unscript-unknown", env(p, "public.a", "jdbc:oracle:thin:@127.0.0.1:1521/x"), 0,
                    "uninstall", "--print-sql", "--table", "public.b");
            assertTrue(unknown.contains("DELETE FROM `hanacdc_position` WHERE task = 'test' AND source_schema = 'public' AND source_table = 'b'"), unknown);

            // one table the task no longer lists: its capture goes, the rest stays
            String table = AppProcess.run("unscript-table", env(p, "public.a", UNREACHABLE), 0, "uninstall", "--print-sql", "--table", "public.b");
            assertTrue(table.contains("DELETE FROM `hanacdc_position` WHERE task = 'test' AND source_schema = 'public' AND source_table = 'b'"), table);
            // a DBA reviewing the script sees each trigger dropped, on its table, before the function they call
            assertTrue(table.contains("DROP TRIGGER IF EXISTS \"public$b$upd\" ON \"public\".\"b\"") && table.contains("DROP TRIGGER IF EXISTS \"public$b$ins_row\"")
                    && table.indexOf("DROP TRIGGER") < table.indexOf("DROP FUNCTION"), table);
            runScript(p.sourceUrl, table);
            List<String> left = CaptureObjects.objects(p.sourceUrl);
            assertTrue(installed.containsAll(left) && left.size() < installed.size(), left.toString());
            assertEquals(0, triggers(p, "b"));
            assertTrue(triggers(p, "a") > 0);

            String all = AppProcess.run("unscript-all", env(p, null, null), 0, "uninstall", "--print-sql");
            assertTrue(all.startsWith("-- removes the capture of task test") && all.contains("DROP SCHEMA"), all);
            runScript(p.sourceUrl, all);
            assertEquals(before, CaptureObjects.objects(p.sourceUrl));
            CaptureObjects.assertNothingInstalled(p.sourceUrl);
            String none = AppProcess.run("unscript-none", env(p, "public.*", null), 0, "uninstall", "--print-sql");
            assertTrue(none.contains("no capture installed"), none);
        }
    }

    @Test
    void uninstallNeedsOnlyTheSource() throws Exception {
        try (Pipeline p = new Pipeline("unsource")) {
            exec(p.sourceUrl, "CREATE TABLE public.a (id int PRIMARY KEY)", "CREATE TABLE public.b (id int PRIMARY KEY)");
            List<String> before = CaptureObjects.objects(p.sourceUrl);
            install(p.set("hanacdc.tables", "public.*"));

            String table = AppProcess.run("unsource-table", env(p, "public.a", null), 0, "uninstall", "--table", "public.b");
            assertTrue(table.contains("no longer reads public.b") && table.contains("not removed: no target configured")
                    && table.contains("source_table = 'b'"), table);
            assertEquals(0, triggers(p, "b"));

            String all = AppProcess.run("unsource-all", env(p, null, UNREACHABLE), 0, "uninstall");
            assertTrue(all.contains("removed capture of") && all.contains("WARNING: the positions of task test in the target were not removed")
                    && all.contains("DELETE FROM `hanacdc_position` WHERE task = 'test'"), all);
            assertEquals(before, CaptureObjects.objects(p.sourceUrl));
        }
    }
}
