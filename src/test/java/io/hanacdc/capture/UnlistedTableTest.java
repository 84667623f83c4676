package io.hanacdc.capture;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.cli.DirectCommands;
import io.hanacdc.common.CdcException;
import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/**
 * A table taken out of hanacdc.tables is still captured: it is named in the log, the status, the
 * admin API, the metrics and health (degraded, not down) with the command that ends its capture, and
 * `uninstall --table` ends it for this task alone.
 */
@IntegrationTest
class UnlistedTableTest {
    private static final String TOKEN = "t0ken-for-tests";
    private static final String COMMAND = "bin/hana-cdc uninstall --table rm.t2";
    private static final String T1_CDC = "SELECT COUNT(*) FROM hanacdc.\"rm$t1\"";
    private static final String T2_CDC = "SELECT COUNT(*) FROM hanacdc.\"rm$t2\"";
    private static final String T2_TRIGGERS = "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'rm.t2'::regclass AND NOT tgisinternal";
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> get(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(60))
                .header("Authorization", "Bearer " + TOKEN).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long end = System.currentTimeMillis() + 120_000; // generous: other builds may share the machine
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            Thread.sleep(250);
        }
    }

    private interface Check {
        boolean test() throws Exception;
    }

    private static BooleanSupplier quietly(Check check) {
        return () -> {
            try {
                return check.test();
            } catch (Exception e) {
                return false;
            }
        };
    }

    /** The reproduction: run with rm.t1,rm.t2, stop, run with rm.t1 only, write 1,000 rows to rm.t2. */
    @Test
    void aTableTakenOutOfTheListIsNamedEverywhereUntilUninstallTableEndsItsCapture() throws Exception {
        try (Pipeline p = new Pipeline("unlisted")) {
            exec(p.sourceUrl, "CREATE SCHEMA rm", "CREATE TABLE rm.t1 (id int PRIMARY KEY, v text)",
                    "CREATE TABLE rm.t2 (id int PRIMARY KEY, v text)", "INSERT INTO rm.t1 VALUES (1, 'a')", "INSERT INTO rm.t2 VALUES (1, 'a')");
            p.set("hanacdc.tables", "rm.t1,rm.t2").start();
            p.awaitConverged(20_000);
            p.stop();

            int port = AppProcess.freePort();
            Map<String, String> env = new HashMap<>();
            env.put("HANACDC_SOURCE_URL", p.sourceUrl);
            env.put("HANACDC_TARGET_URL", p.targetUrl);
            env.put("HANACDC_TABLES", "rm.t1");
            env.put("HANACDC_TASK", "test");
            env.put("HANACDC_ADMIN_PORT", String.valueOf(port));
            env.put("HANACDC_ADMIN_TOKEN", TOKEN);
            env.put("HANACDC_PURGE_INTERVAL_S", "1");
            env.put("HANACDC_STATUS_INTERVAL", "1s");
            env.put("HANACDC_SCHEMA_CHECK_INTERVAL_MS", "500");
            try (AppProcess app = AppProcess.start("unlisted", env)) {
                await("the task answers", quietly(() -> {
                    assertTrue(app.process.isAlive(), app.output());
                    return get(port, "/health/live").statusCode() == 200;
                }));
                exec(p.sourceUrl, "INSERT INTO rm.t2 SELECT g, 'x' FROM generate_series(2, 1001) g",
                        "INSERT INTO rm.t1 SELECT g, 'y' FROM generate_series(2, 101) g");
                assertEquals(1000, count(p.sourceUrl, T2_CDC), "capture of rm.t2 goes on until it is uninstalled");

                // health: degraded, not down, naming the table and the command
                await("health degraded", quietly(() -> get(port, "/health/ready").body().contains("DEGRADED")));
                HttpResponse<String> health = get(port, "/health/ready");
                assertEquals(200, health.statusCode(), health.body());
                assertTrue(health.body().contains("rm.t2") && health.body().contains(COMMAND), health.body());

                // admin API: the table, its state, the rows nothing applies, the command
                JsonNode t2 = null;
                for (JsonNode t : new ObjectMapper().readTree(get(port, "/api/tables").body())) {
                    t2 = t.path("table").asText().equals("rm.t2") ? t : t2;
                }
                assertTrue(t2 != null, "rm.t2 in /api/tables");
                assertEquals("unlisted", t2.path("state").asText(), t2.toString());
                assertEquals(COMMAND, t2.path("command").asText(), t2.toString());
                assertTrue(t2.path("pendingRows").asLong() >= 1000, t2.toString());

                // metrics: CDC rows not applied, per captured table
                String metrics = get(port, "/metrics").body();
                double pending = Double.parseDouble(metrics.lines().filter(l -> l.startsWith("hanacdc_cdc_rows_pending{table=\"rm.t2\"}"))
                        .findFirst().orElseThrow(() -> new AssertionError(metrics)).split(" ")[1]);
                assertTrue(pending >= 1000, metrics);

                // log: a warning at start and the periodic status
                await("status names rm.t2", quietly(() -> app.output().lines().anyMatch(l -> l.contains("rm.t2") && l.contains("unlisted"))));
                assertTrue(app.output().lines().anyMatch(l -> l.contains("WARN") && l.contains("rm.t2") && l.contains(COMMAND)), app.output());
                try (AppProcess status = AppProcess.start("unlisted-status", env, "status")) {
                    assertTrue(status.process.waitFor(60, TimeUnit.SECONDS));
                    assertEquals(0, status.process.exitValue(), status.output());
                    assertTrue(status.output().contains("rm.t2") && status.output().contains(COMMAND), status.output());
                }

                // the listed table streams, and its applied CDC rows are purged: rm.t2 holds nothing back
                await("rm.t1 applied", quietly(() -> count(p.targetUrl, "SELECT COUNT(*) FROM t1") == 101));
                await("rm.t1 purged", quietly(() -> count(p.sourceUrl, T1_CDC) == 0));

                try (AppProcess uninstall = AppProcess.start("unlisted-uninstall", env, "uninstall", "--table", "rm.t2")) {
                    assertTrue(uninstall.process.waitFor(60, TimeUnit.SECONDS));
                    assertEquals(0, uninstall.process.exitValue(), uninstall.output());
                }
                assertEquals(0, count(p.sourceUrl, T2_TRIGGERS), "rm.t2's triggers are gone");
                assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM pg_class WHERE relname = 'rm$t2'"), "its CDC table is gone");
                assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.hanacdc_schema_history WHERE source_table = 't2'"));
                assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.hanacdc_subscription WHERE source_table = 't2'"));
                assertEquals(0, count(p.targetUrl, "SELECT COUNT(*) FROM hanacdc_position WHERE source_table = 't2'"));
                assertEquals(4, count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'rm.t1'::regclass"
                        + " AND NOT tgisinternal AND tgenabled <> 'D'"), "rm.t1 is still captured");

                exec(p.sourceUrl, "INSERT INTO rm.t2 SELECT g, 'after' FROM generate_series(2000, 2099) g",
                        "INSERT INTO rm.t1 VALUES (500, 'after')");
                assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                        + " WHERE n.nspname = 'hanacdc' AND c.relname LIKE 'rm$t2%'"), "writes to rm.t2 create no CDC rows");
                await("rm.t1 keeps streaming", quietly(() -> count(p.targetUrl, "SELECT COUNT(*) FROM t1 WHERE id = 500") == 1));
                await("health up again", quietly(() -> get(port, "/health/ready").body().contains("\"status\":\"UP\"")));
                assertFalse(get(port, "/api/tables").body().contains("rm.t2"));
                assertFalse(get(port, "/metrics").body().contains("table=\"rm.t2\""));
            }
        }
    }

    private static String uninstallTable(Pipeline p, String table) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new DirectCommands(p.config(), new PrintStream(out, true, StandardCharsets.UTF_8)).uninstallTable(table);
        return out.toString(StandardCharsets.UTF_8);
    }

    private static List<String> subscribers(Pipeline p, String table) throws Exception {
        return Pipeline.rows(p.sourceUrl, "SELECT task FROM hanacdc.hanacdc_subscription WHERE source_table = '" + table + "' ORDER BY task");
    }

    /**
     * Capture is shared: a task that no longer lists a table keeps its subscription (and so holds back
     * that table's purge) until uninstall --table, which ends that task's reading alone; the last reader's
     * uninstall --table removes the capture, and a table listed again afterwards is loaded anew.
     */
    @Test
    void uninstallTableEndsOnlyThisTasksReadingOfASharedCapture() throws Exception {
        try (Pipeline p = new Pipeline("unlistshared")) {
            exec(p.sourceUrl, "CREATE SCHEMA rm", "CREATE TABLE rm.t1 (id int PRIMARY KEY, v text)",
                    "CREATE TABLE rm.t2 (id int PRIMARY KEY, v text)", "INSERT INTO rm.t2 VALUES (1, 'a')");
            p.set("hanacdc.task", "other").set("hanacdc.tables", "rm.t2").start();
            p.awaitConverged(20_000);
            p.stop();
            p.set("hanacdc.task", "test").set("hanacdc.tables", "rm.t1,rm.t2").start();
            p.awaitConverged(20_000);
            p.stop();
            p.set("hanacdc.tables", "rm.t1").start();
            assertEquals(List.of("rm.t2 unlisted"), p.task().unread().current().stream().map(t -> t.id() + " " + t.state()).toList());
            p.stop();

            p.set("hanacdc.task", "other").set("hanacdc.tables", "rm.t2").start();
            exec(p.sourceUrl, "INSERT INTO rm.t2 SELECT g, 'x' FROM generate_series(2, 100) g");
            p.awaitConverged(20_000);
            assertEquals(0, p.task().purge(p.task().purger(p.config())), "task test's subscription holds the purge of rm.t2 back");
            p.stop();

            p.set("hanacdc.task", "test").set("hanacdc.tables", "rm.t1");
            assertTrue(uninstallTable(p, "rm.t2").contains("stays for the other tasks"));
            assertEquals(4, count(p.sourceUrl, T2_TRIGGERS + " AND tgenabled <> 'D'"), "task other still reads rm.t2");
            assertEquals(List.of("other"), subscribers(p, "t2"));
            assertEquals(List.of("other"), Pipeline.rows(p.targetUrl, "SELECT task FROM hanacdc_position WHERE source_table = 't2'"));

            p.set("hanacdc.task", "other").set("hanacdc.tables", "rm.t2").start();
            exec(p.sourceUrl, "UPDATE rm.t2 SET v = 'y'");
            p.awaitConverged(20_000);
            assertTrue(p.task().purge(p.task().purger(p.config())) >= 100, "nothing holds the purge of rm.t2 back any more");
            assertEquals(0, count(p.sourceUrl, T2_CDC));
            p.stop();

            p.set("hanacdc.task", "test").set("hanacdc.tables", "rm.t1");
            assertRefused(p, "rm.t1", "is in hanacdc.tables of task test");
            assertRefused(p, "rm.t2", "captured for task(s) other, not for task test");
            assertRefused(p, "rm.nosuch", "not captured");
            assertRefused(p, "hanacdc.hanacdc_heartbeat", "CDC schema");
            assertRefused(p, "rm.*", "pattern");
            assertEquals(List.of("other"), subscribers(p, "t2"), "a refusal changes nothing");

            p.set("hanacdc.task", "other").set("hanacdc.tables", "rm.t1");
            assertTrue(uninstallTable(p, "rm.t2").contains("its capture (triggers, CDC table, schema history) is removed"));
            assertEquals(0, count(p.sourceUrl, T2_TRIGGERS));
            assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.hanacdc_schema_history WHERE source_table = 't2'"));

            // listed again: captured anew and loaded anew, over a target table emptied as docs/operations.md says
            exec(p.sourceUrl, "DELETE FROM rm.t2 WHERE id > 50");
            exec(p.targetUrl, "DELETE FROM t2");
            p.set("hanacdc.task", "test").set("hanacdc.tables", "rm.t1,rm.t2").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "UPDATE rm.t2 SET v = 'again' WHERE id <= 10");
            p.awaitConverged(20_000);
        }
    }

    private static void assertRefused(Pipeline p, String table, String message) {
        String m = assertThrows(CdcException.class, () -> uninstallTable(p, table)).getMessage();
        assertTrue(m.contains(message), m);
    }

    /**
     * Read again at every schema check: a subscription another replica of the task adds with other
     * settings, and capture no task subscribes to (an uninstall that could not finish), are named
     * without a restart; any task ends a capture nobody reads.
     */
    @Test
    void aCaptureNoLongerReadIsNamedAtTheNextCheck() throws Exception {
        try (Pipeline p = new Pipeline("unlistcheck")) {
            exec(p.sourceUrl, "CREATE SCHEMA rm", "CREATE TABLE rm.t1 (id int PRIMARY KEY, v text)",
                    "CREATE TABLE rm.t2 (id int PRIMARY KEY, v text)", "CREATE TABLE rm.\"Odd.Name\" (id int PRIMARY KEY)");
            p.set("hanacdc.tables", "rm.t1").start();
            assertEquals(List.of(), p.task().unread().current());

            p.set("hanacdc.tables", "rm.t1,rm.t2");
            new DirectCommands(p.config(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).install(false);
            p.set("hanacdc.task", "gone").set("hanacdc.tables", "rm.\"Odd.Name\"");
            new DirectCommands(p.config(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).install(false);
            exec(p.sourceUrl, "DELETE FROM hanacdc.hanacdc_subscription WHERE task = 'gone' AND source_table = 'Odd.Name'");
            p.task().checkSchemas();

            Map<String, UnreadCapture.Table> unread = new HashMap<>();
            p.task().unread().current().forEach(t -> unread.put(t.id().toString(), t));
            assertEquals(Set.of("rm.t2", "rm.Odd.Name"), unread.keySet());
            assertEquals("unlisted", unread.get("rm.t2").state());
            assertEquals("unsubscribed", unread.get("rm.Odd.Name").state());
            assertEquals("bin/hana-cdc uninstall --table 'rm.\"Odd.Name\"'", unread.get("rm.Odd.Name").command());
            assertTrue(unread.get("rm.Odd.Name").warning().contains("no task reads it"), unread.get("rm.Odd.Name").warning());

            p.set("hanacdc.task", "test").set("hanacdc.tables", "rm.t1");
            assertTrue(uninstallTable(p, "rm.\"Odd.Name\"").contains("is removed"));
            assertTrue(uninstallTable(p, "rm.t2").contains("is removed"));
            p.task().checkSchemas();
            assertEquals(List.of(), p.task().unread().current());
            exec(p.sourceUrl, "INSERT INTO rm.t1 VALUES (1, 'still streaming')", "INSERT INTO rm.t2 VALUES (1, 'not captured')");
            p.awaitConverged(20_000);
            assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE NOT tgisinternal AND tgrelid IN"
                    + " ('rm.t2'::regclass, 'rm.\"Odd.Name\"'::regclass)"));
        }
    }
}
