package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The operator's surface with a Kafka target, the application in its own process: the admin API lists the table
 * with its position read from the positions topic, pauses, resets, resumes and re-copies it; the CLI's status
 * reads the same positions; health and metrics answer.
 */
class KafkaAdminApiTest extends KafkaTaskSuite {
    private static final String TOKEN = "kafka-admin-token";
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void theAdminApiAndTheCliWorkOnATopic() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL)", "INSERT INTO t VALUES (1, 0), (2, 0)");
        int port = AppProcess.freePort();
        Map<String, String> env = Map.of("HANACDC_SOURCE_URL", pg, "HANACDC_TARGET_URL", broker.url(), "HANACDC_TABLES", "public.t",
                "HANACDC_TASK", "api", "HANACDC_ADMIN_PORT", String.valueOf(port), "HANACDC_ADMIN_TOKEN", TOKEN,
                "HANACDC_POLL_INTERVAL_MS", "100");
        String topic = "api.public.t";
        try (AppProcess app = AppProcess.start("kafka-admin-api", env)) {
            awaitReady(app, port);
            tickless(topic, 2);
            String tables = call(port, "GET", "/api/tables", null).body();
            assertTrue(tables.contains("\"table\":\"public.t\"") && tables.contains("STREAMING"), tables);

            assertTrue(call(port, "POST", "/api/tables/public.t/pause", "").body().contains("\"paused\":true"));
            Pipeline.exec(pg, "UPDATE t SET v = 1 WHERE id = 1");
            Thread.sleep(1000);
            assertEquals(2, TopicReader.read(broker.bootstrapServers(), topic).size(), "nothing written while paused");
            HttpResponse<String> reset = call(port, "POST", "/api/tables/public.t/reset", "{\"to\":\"latest\"}");
            assertEquals(200, reset.statusCode(), reset.body());
            assertEquals(200, call(port, "POST", "/api/tables/public.t/resume", "").statusCode());
            Pipeline.exec(pg, "UPDATE t SET v = 2 WHERE id = 2");
            List<TopicReader.Event> events = tickless(topic, 3);
            assertEquals("{\"id\":2,\"v\":2}", events.get(2).value().get("after").toString(), "the reset skipped the paused update");

            assertEquals(200, call(port, "POST", "/api/tables/public.t/resnapshot", "").statusCode());
            events = tickless(topic, 5);
            assertEquals(List.of("r", "r", "u", "r", "r"), ops(events));
            assertEquals(Map.of("{\"id\":1}", "{\"id\":1,\"v\":1}", "{\"id\":2}", "{\"id\":2,\"v\":2}"), rebuilt(events));

            String metrics = call(port, "GET", "/metrics", null).body();
            assertTrue(metrics.contains("hanacdc_lag_seconds{table=\"public.t\"}"), metrics);
            String status = AppProcess.run("kafka-admin-status", env, 0, "status");
            assertTrue(status.contains("public.t") && status.contains("STREAMING"), status);
        }
    }

    /** The topic's committed events once there are {@code n}: the task polls on its own. */
    private static List<TopicReader.Event> tickless(String topic, int n) throws Exception {
        return tickUntil(topic, e -> e.size() >= n);
    }

    private void awaitReady(AppProcess app, int port) throws Exception {
        long end = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < end) {
            assertTrue(app.process.isAlive(), "application exited:\n" + app.output());
            try {
                if (call(port, "GET", "/health/ready", null).statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException e) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new AssertionError("not ready in time:\n" + app.output());
    }

    private HttpResponse<String> call(int port, String method, String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("Authorization", "Bearer " + TOKEN).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
