package io.hanacdc.deploy;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.RawHttp;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.camel.CamelContext;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;

/**
 * Health and metrics through Camel's own mechanisms, in a plain camel-main as CamelRuntimeEntryTest
 * starts it: hana-cdc's checks are in Camel's health-check registry, which /health/ready answers from,
 * and its meters are in the Prometheus registry Camel's micrometer support uses.
 */
@IntegrationTest
class CamelHealthTest {
    @Test
    void checksAreCamelsAndTheProbesAnswerFromThem() throws Exception {
        try (Pipeline p = new Pipeline("camelhealth")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t VALUES (1, 'x')",
                    "CREATE TABLE public.nokey (id int, v text)");
            int port = AppProcess.freePort();
            Main main = CamelRuntimeEntryTest.start(p, port, Map.of("camel.server.host", "127.0.0.1",
                    "hanacdc.tables", "public.t,public.nokey", "camel.metrics.enabled", "true"));
            try {
                CamelContext camel = main.getCamelContext();
                long end = System.currentTimeMillis() + 30_000;
                while (count(p.targetUrl, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = 't'") == 0
                        || count(p.targetUrl, "SELECT COUNT(*) FROM t") < 1) {
                    assertTrue(System.currentTimeMillis() < end, "public.t was not loaded");
                    Thread.sleep(100);
                }

                HealthCheckRegistry registry = HealthCheckRegistry.get(camel);
                for (String id : new String[] {"source", "target", "table public.t", "table public.nokey", "unread capture"}) {
                    assertEquals("hanacdc", registry.getCheck(id).orElseThrow(() -> new AssertionError("no check " + id)).getGroup());
                }
                assertTrue(registry.getCheck("route:hanacdc heartbeat").isPresent(), "Camel's own route checks: " + registry.getCheckIDs());

                Map<String, HealthCheck.Result> ready = HealthCheckHelper.invokeReadiness(camel, "full").stream()
                        .collect(Collectors.toMap(r -> r.getCheck().getId(), Function.identity()));
                assertEquals(HealthCheck.State.UP, ready.get("table public.t").getState());
                assertEquals(HealthCheck.State.UP, ready.get("target").getState());
                assertEquals(HealthCheck.State.DOWN, ready.get("table public.nokey").getState());
                assertTrue(ready.get("table public.nokey").getMessage().orElseThrow().contains("no primary key"));
                assertFalse(HealthCheckHelper.isResultsUp(ready.values(), true), "a stopped table: not ready");

                String local = "Host: 127.0.0.1:" + port;
                RawHttp.Response probe = RawHttp.send(port, "GET", "/health/ready", "", local);
                assertEquals(503, probe.status(), probe.body());
                assertTrue(probe.body().contains("\"table public.nokey\":\"stopped: table public.nokey has no primary key"), probe.body());
                assertTrue(probe.body().contains("\"table public.t\":\"UP\"") && probe.body().contains("\"route:hanacdc heartbeat\":\"UP\""),
                        probe.body());
                RawHttp.Response live = RawHttp.send(port, "GET", "/health/live", "", local);
                assertEquals(200, live.status(), live.body());
                assertTrue(live.body().startsWith("{\"status\":\"UP\""), live.body());

                // One Prometheus registry: Camel's route metrics (camel.metrics.enabled) and hana-cdc's are both in /metrics.
                assertTrue(camel.getRegistry().lookupByName("metricsRegistry") instanceof PrometheusMeterRegistry);
                String metrics = RawHttp.send(port, "GET", "/metrics", "", local).body();
                assertTrue(metrics.contains("hanacdc_lag_seconds{table=\"public.t\"}") && metrics.contains("hanacdc_stopped{table=\"public.nokey\"} 1.0"),
                        metrics);
                assertTrue(metrics.contains("camel_exchanges_total"), metrics);
            } finally {
                main.stop();
            }
        }
    }
}
