package io.hanacdc.capture;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.pipeline.TableState;
import io.hanacdc.cli.DirectCommands;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The DBA's path (docs/operations.md "The DBA's path"): the DBA prints the script with the grants of the task's
 * user, reviews and runs it; the task runs as a login role that is no superuser and may create
 * nothing, not even in the database. It streams, and a column added at the source stops the table
 * with the script the DBA runs, after which the table goes on with the new column's data.
 */
@IntegrationTest
class DbaPathTest {
    private static final String TABLE = "public.dba_t";

    @Test
    void aDbaInstallsAndALeastPrivilegeUserRunsAndHandsSchemaChangesBack() throws Exception {
        try (Pipeline p = new Pipeline("dbapath")) {
            String user = "hc_run_" + Long.toString(System.nanoTime() % 1_000_000, 36);
            exec(p.sourceUrl, "CREATE ROLE " + user + " LOGIN", "REVOKE CREATE ON SCHEMA public FROM PUBLIC",
                    "CREATE TABLE " + TABLE + " (id int PRIMARY KEY, name varchar(20))", "INSERT INTO " + TABLE + " VALUES (1, 'a'), (2, 'b')");
            p.set("hanacdc.tables", TABLE);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new DirectCommands(p.config(), new PrintStream(out, true, StandardCharsets.UTF_8)).install(true, Optional.of(user));
            String script = out.toString(StandardCharsets.UTF_8);
            assertTrue(script.contains("GRANT SELECT ON \"public\".\"dba_t\" TO \"" + user + "\""), script);
            assertTrue(!script.contains("GRANT ALL") && !script.contains("CREATE ON"), "only what running needs: " + script);
            assertTrue(script.lastIndexOf("CREATE ") < script.indexOf("GRANT "), "the grants follow the objects: " + script);
            exec(p.sourceUrl, script.split(";\n\n")); // the DBA, a superuser, runs it as printed
            var sql = SourceDialects.forUrl(p.sourceUrl, p.config().capture()).captureSql(new CaptureNames("hanacdc", 63));
            assertEquals(0, Pipeline.count(p.sourceUrl, sql.sharedMissing()), "the catalog read finds what the script made current");

            String runtimeUrl = p.sourceUrl.replace("user=postgres", "user=" + user);
            // the gate before run passes for the runtime user: it needs no right to create what the DBA installed
            String check = AppProcess.run("dba-check", AppProcess.env(p, runtimeUrl, TABLE), 0, "check");
            assertTrue(check.lines().anyMatch(l -> l.startsWith("PASS") && l.contains("source privileges")), check);
            assertTrue(check.lines().anyMatch(l -> l.startsWith("SKIP") && l.contains("watermark") && l.contains("may not create")), check);
            p.set("hanacdc.source.url", runtimeUrl).start();
            p.awaitConverged(30_000);
            exec(p.sourceUrl, "INSERT INTO " + TABLE + " VALUES (3, 'c')", "UPDATE " + TABLE + " SET name = 'a1' WHERE id = 1");
            p.awaitConverged(30_000);
            p.task().purge(p.task().purger(p.config()));
            assertEquals(List.of("1 | a1", "2 | b", "3 | c"), Pipeline.rows(p.targetUrl, "SELECT id, name FROM dba_t ORDER BY id"));

            exec(p.sourceUrl, "ALTER TABLE " + TABLE + " ADD COLUMN qty int", "UPDATE " + TABLE + " SET qty = id * 10");
            p.tick();
            p.task().checkSchemas();
            p.tick();
            var status = p.task().workers().stream().filter(w -> w.table().id().toString().equals(TABLE)).findFirst().orElseThrow().status();
            assertEquals(TableState.STOPPED, status.state(), status.toString());
            String error = status.lastError();
            assertTrue(error.contains(TABLE) && error.contains("DBA") && error.contains("ADD COLUMN") && error.contains("CREATE TRIGGER"), error);
            exec(p.sourceUrl, error.substring(error.indexOf("BEGIN;"))); // the DBA runs the script as it is printed
            p.task().checkSchemas();
            exec(p.sourceUrl, "INSERT INTO " + TABLE + " VALUES (4, 'd', 40)");
            p.awaitConverged(30_000);
            assertEquals(List.of("1 | a1 | 10", "2 | b | 20", "3 | c | 30", "4 | d | 40"),
                    Pipeline.rows(p.targetUrl, "SELECT id, name, qty FROM dba_t ORDER BY id"));
        }
    }

    /**
     * The normal case: the task's tables live in schemas other than public, some with names that need quoting.
     * The runtime user gets USAGE on each source schema, or it could read none of their tables.
     */
    @Test
    void aLeastPrivilegeUserReadsTablesInSeveralNonPublicSchemas() throws Exception {
        try (Pipeline p = new Pipeline("dbaschemas")) {
            String user = "hc_run_" + Long.toString(System.nanoTime() % 1_000_000, 36);
            String[] tables = {"\"Sales Dept\".\"Order Lines\"", "hr.\"Emp\""};
            exec(p.sourceUrl, "CREATE ROLE " + user + " LOGIN", "CREATE SCHEMA \"Sales Dept\"", "CREATE SCHEMA hr",
                    "CREATE TABLE " + tables[0] + " (\"Id\" int PRIMARY KEY, \"Item Name\" varchar(20))",
                    "CREATE TABLE " + tables[1] + " (id int PRIMARY KEY, name text)",
                    "INSERT INTO " + tables[0] + " VALUES (1, 'a')", "INSERT INTO " + tables[1] + " VALUES (1, 'x')");
            p.set("hanacdc.tables", "\"Sales Dept\".\"Order Lines\",hr.Emp");
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new DirectCommands(p.config(), new PrintStream(out, true, StandardCharsets.UTF_8)).install(true, Optional.of(user));
            String script = out.toString(StandardCharsets.UTF_8);
            assertTrue(script.contains("GRANT USAGE ON SCHEMA \"Sales Dept\" TO \"" + user + "\"")
                    && script.contains("GRANT USAGE ON SCHEMA \"hr\" TO \"" + user + "\""), script);
            exec(p.sourceUrl, script.split(";\n\n"));

            p.set("hanacdc.source.url", p.sourceUrl.replace("user=postgres", "user=" + user)).start();
            p.awaitConverged(30_000);
            exec(p.sourceUrl, "INSERT INTO " + tables[0] + " VALUES (2, 'b')", "UPDATE " + tables[1] + " SET name = 'y' WHERE id = 1");
            p.awaitConverged(30_000);
            assertEquals(List.of("1 | a", "2 | b"), Pipeline.rows(p.targetUrl, "SELECT `Id`, `Item Name` FROM `Order Lines` ORDER BY 1"));
        }
    }
}
