package io.hanacdc.pipeline;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A table hana-cdc cannot replicate stops alone, with its reason in the status log, the admin API,
 * the metrics and health, and nothing installed for it; the other tables stream.
 */
@IntegrationTest
class UnreplicableTableTest {
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> call(int port, String method, String path) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(60))
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        return http.send(r, HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void tablesThatCannotBeReplicatedStopAloneAndSaySoEverywhere() throws Exception {
        try (Pipeline p = new Pipeline("unreplicable")) {
            exec(p.sourceUrl, "CREATE TABLE public.ok (id int PRIMARY KEY, v text)", "INSERT INTO public.ok SELECT g, 'x' FROM generate_series(1, 100) g",
                    "CREATE TABLE public.nokey (id int, v text)",
                    // equal intervals ('1 day', '24 hours') differ as text: no target row could be found again by such a key
                    "CREATE TABLE public.spans (span interval PRIMARY KEY, v text)");
            int port = AppProcess.freePort();
            Map<String, String> env = Map.of("HANACDC_SOURCE_URL", p.sourceUrl, "HANACDC_TARGET_URL", p.targetUrl,
                    "HANACDC_TABLES", "public.nokey,public.ok,public.spans,public.gone", "HANACDC_TASK", "test",
                    "HANACDC_ADMIN_PORT", String.valueOf(port), "HANACDC_STATUS_INTERVAL", "1s");
            try (AppProcess app = AppProcess.start("unreplicable", env)) {
                long end = System.currentTimeMillis() + 180_000; // an upper bound: a busy machine starts the process slowly
                while (count(p.targetUrl, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 'ok'") == 0
                        || count(p.targetUrl, "SELECT COUNT(*) FROM ok") < 100) {
                    assertTrue(app.process.isAlive(), "the task stopped instead of the tables:\n" + app.output());
                    assertTrue(System.currentTimeMillis() < end, "public.ok was not loaded:\n" + app.output());
                    Thread.sleep(250);
                }
                exec(p.sourceUrl, "INSERT INTO public.ok VALUES (101, 'streamed')", "INSERT INTO public.nokey VALUES (1, 'never')");
                while (count(p.targetUrl, "SELECT COUNT(*) FROM ok WHERE id = 101") == 0) {
                    assertTrue(System.currentTimeMillis() < end, "public.ok does not stream:\n" + app.output());
                    Thread.sleep(250);
                }

                String tables = call(port, "GET", "/api/tables").body();
                assertTrue(tables.contains("{\"table\":\"public.nokey\",\"target\":\"\",\"state\":\"stopped\""), tables);
                assertTrue(tables.contains("table public.nokey has no primary key"), tables);
                assertTrue(tables.contains("{\"table\":\"public.spans\",\"target\":\"\",\"state\":\"stopped\"") && tables.contains("public.spans.span"), tables);
                assertTrue(tables.contains("{\"table\":\"public.gone\",\"target\":\"\",\"state\":\"stopped\"") && tables.contains("does not exist"), tables);
                assertTrue(tables.matches("(?s).*\\{\"table\":\"public.ok\",\"target\":\"[^\"]*\",\"state\":\"streaming\".*"), tables);

                HttpResponse<String> ready = call(port, "GET", "/health/ready");
                assertEquals(503, ready.statusCode(), ready.body());
                assertTrue(ready.body().contains("\"table public.nokey\":\"stopped: table public.nokey has no primary key"), ready.body());
                assertTrue(ready.body().contains("\"table public.ok\":\"UP\""), ready.body());

                String metrics = call(port, "GET", "/metrics").body();
                assertTrue(metrics.contains("hanacdc_stopped{table=\"public.nokey\"} 1.0"), metrics);
                assertTrue(metrics.contains("hanacdc_stopped{table=\"public.ok\"} 0.0"), metrics);

                HttpResponse<String> pause = call(port, "POST", "/api/tables/public.nokey/pause");
                assertEquals(409, pause.statusCode(), pause.body());
                assertTrue(pause.body().contains("no primary key"), pause.body());

                while (!app.output().contains("last error: key column public.spans.span")) { // the status log
                    assertTrue(System.currentTimeMillis() < end, "status log:\n" + app.output());
                    Thread.sleep(250);
                }
            }
            assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE NOT tgisinternal"
                    + " AND tgrelid IN ('public.nokey'::regclass, 'public.spans'::regclass)"), "nothing installed for the stopped tables");
            assertEquals(0, count(p.targetUrl, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN ('nokey', 'spans', 'gone')"));
        }
    }

    /**
     * A table whose capture cannot be installed (a foreign object holds its trigger function's name) and
     * one whose existing target table lacks a column stop alone; the other table streams.
     */
    @Test
    void tablesWhoseInstallOrTargetTableFailsStopAlone() throws Exception {
        try (Pipeline p = new Pipeline("unreplicabletarget")) {
            exec(p.sourceUrl, "CREATE TABLE public.ok (id int PRIMARY KEY)", "CREATE TABLE public.m (id int PRIMARY KEY, a text, b text)",
                    "CREATE TABLE public.b (id int PRIMARY KEY)", "INSERT INTO public.ok VALUES (1)",
                    "CREATE SCHEMA hanacdc", "CREATE FUNCTION hanacdc.\"public$b$fn\"() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END'");
            exec(p.sourceUrl, "CREATE TABLE public.aria (id int PRIMARY KEY)", "CREATE TABLE public.myisam (id int PRIMARY KEY)");
            exec(p.targetUrl, "CREATE TABLE m (id int PRIMARY KEY, a text)",
                    // tables someone made on an engine that cannot roll back: a stale owner's batch could not be undone
                    "CREATE TABLE aria (id int PRIMARY KEY) ENGINE=Aria", "CREATE TABLE myisam (id int PRIMARY KEY) ENGINE=MyISAM");
            p.set("hanacdc.tables", "public.ok,public.m,public.b,public.aria,public.myisam").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "INSERT INTO public.ok VALUES (2)");
            p.awaitConverged(20_000);
            TableStatus m = stopped(p, "public.m");
            assertEquals(TableState.STOPPED, m.state());
            assertTrue(m.lastError().contains("lacks column") && m.lastError().contains("[b]"), m.lastError());
            TableStatus b = stopped(p, "public.b");
            assertTrue(b.lastError().contains("could not install") && b.lastError().contains("public.b"), b.lastError());
            assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.b'::regclass"), "nothing of b installed");
            for (String engine : List.of("aria", "myisam")) {
                TableStatus t = stopped(p, "public." + engine);
                assertTrue(t.lastError().contains(engine) && t.lastError().contains("cannot roll back") && t.lastError().contains("ENGINE=InnoDB"),
                        t.lastError());
            }
            assertEquals(List.of("public.ok", "hanacdc.hanacdc_heartbeat"), p.task().workers().stream().map(w -> w.table().id().toString()).toList());
        }
    }

    private static TableStatus stopped(Pipeline p, String table) {
        return p.task().stopped().stream().filter(s -> s.table().equals(table)).findFirst().orElseThrow();
    }
}
