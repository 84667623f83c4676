package io.hanacdc.deploy;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.cli.AdminClient;
import io.hanacdc.config.AdminSettings;
import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.RawHttp;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import org.apache.camel.main.Main;
import org.junit.jupiter.api.Test;

/**
 * The task started the way another Camel runtime (Camel K, camel run) starts it: a plain camel-main
 * that knows nothing of hana-cdc but the route builder class name and the settings. Its HTTP server
 * binds where camel.server.* say, so the admin API's rules follow that address, not hanacdc.admin.host.
 * A mistyped hanacdc.* key among the runtime's settings is refused there too.
 */
@IntegrationTest
class CamelRuntimeEntryTest {
    private static final String TOKEN = "t0ken-for-tests";

    static Main start(Pipeline p, int port, Map<String, String> extra) throws Exception {
        Properties settings = new Properties();
        settings.put("camel.main.routes-builder-classes", "io.hanacdc.HanaCdcRoutes");
        settings.put("camel.server.enabled", "true");
        settings.put("camel.server.port", String.valueOf(port));
        settings.put("hanacdc.source.url", p.sourceUrl);
        settings.put("hanacdc.target.url", p.targetUrl);
        settings.put("hanacdc.tables", "public.t");
        settings.put("hanacdc.task", "camelk");
        settings.put("hanacdc.poll-interval-ms", "50");
        settings.putAll(extra);
        Main main = new Main();
        main.setOverrideProperties(settings);
        try {
            main.start();
        } catch (Exception e) {
            main.stop();
            throw e;
        }
        return main;
    }

    private static void awaitRows(Pipeline p, int rows) throws Exception {
        long end = System.currentTimeMillis() + 30_000;
        while (count(p.targetUrl, "SELECT COUNT(*) FROM t") < rows && System.currentTimeMillis() < end) {
            Thread.sleep(100);
        }
        assertEquals(rows, count(p.targetUrl, "SELECT COUNT(*) FROM t"));
    }

    @Test
    void aPlainCamelMainRunsTheTaskFromTheRouteBuilderClassName() throws Exception {
        try (Pipeline p = new Pipeline("camelentry")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t VALUES (1, 'before')");
            int port = AppProcess.freePort();
            Main main = start(p, port, Map.of("hanacdc.admin.token", TOKEN)); // camel.server.host is 0.0.0.0 by default
            try {
                exec(p.sourceUrl, "INSERT INTO public.t VALUES (2, 'streamed')");
                awaitRows(p, 2); // initial load and stream ran inside the plain Camel runtime

                // Bound beyond loopback with a token: the token decides, whatever Host and Origin say.
                String host = "Host: hana-cdc.example:" + port;
                String origin = "Origin: http://evil.example";
                assertEquals(401, RawHttp.send(port, "POST", "/api/tables/public.t/pause", "", host, origin).status());
                RawHttp.Response paused = RawHttp.send(port, "POST", "/api/tables/public.t/pause", "", host, origin,
                        "Authorization: Bearer " + TOKEN);
                assertEquals(200, paused.status(), paused.body());
                assertTrue(paused.body().contains("\"paused\":true"), paused.body());
            } finally {
                main.stop();
            }
        }
    }

    /**
     * Stopping the runtime lets the batch under way commit before the task's pools close: the route calling the task
     * stops first, and the task with it before (Camel's bean component stops a Service bean with its route), aborting
     * the batch's connection. A target trigger holds the batch for two seconds.
     */
    @Test
    void aStopLetsTheBatchUnderWayCommit() throws Exception {
        try (Pipeline p = new Pipeline("camelstop")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t VALUES (1, 'loaded')");
            Main main = start(p, AppProcess.freePort(), Map.of("hanacdc.admin.token", TOKEN));
            try {
                awaitRows(p, 1);
                exec(p.targetUrl, "CREATE TRIGGER slow BEFORE INSERT ON t FOR EACH ROW SET NEW.v = CONCAT(NEW.v, LEFT(SLEEP(2), 0))");
                exec(p.sourceUrl, "INSERT INTO public.t VALUES (2, 'under way at the stop')");
                long end = System.currentTimeMillis() + 30_000;
                while (count(p.targetUrl, "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE STATE = 'User sleep' AND DB = DATABASE()") == 0) {
                    assertTrue(System.currentTimeMillis() < end, "the batch did not reach the target");
                    Thread.sleep(20);
                }
            } finally {
                main.stop();
            }
            assertEquals(2, count(p.targetUrl, "SELECT COUNT(*) FROM t"), "the batch under way at the stop committed");
        }
    }

    /** The messages of the task's refusal to start with these settings, once it is known nothing was installed on the source. */
    private static String refusal(String name, Map<String, String> extra, String why) throws Exception {
        try (Pipeline p = new Pipeline(name)) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            int port = AppProcess.freePort();
            Main[] started = new Main[1];
            Exception refused;
            try {
                refused = assertThrows(Exception.class, () -> started[0] = start(p, port, extra), why);
            } finally {
                if (started[0] != null) {
                    started[0].stop();
                }
            }
            assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.t'::regclass"),
                    "refused before anything was installed on the source");
            return messages(refused);
        }
    }

    @Test
    void aNonLoopbackBindWithoutATokenRefusesToStart() throws Exception {
        // hanacdc.admin.host keeps its loopback default: what counts is where camel.server.host binds.
        String message = refusal("camelopen", Map.of(), "camel-main binds 0.0.0.0 by default: without a token the task must not start");
        assertTrue(message.contains("hanacdc.admin.token") && message.contains("camel.server.host") && message.contains("0.0.0.0"), message);
    }

    @Test
    void aMistypedSettingRefusesToStartNamingTheNearestOne() throws Exception {
        String message = refusal("cameltypo", Map.of("hanacdc.admin.token", TOKEN, "hanacdc.snapshot.chunksize", "10"),
                "a key no setting has must not be ignored");
        assertTrue(message.contains("unknown setting hanacdc.snapshot.chunksize (in Camel's override properties): "
                + "did you mean hanacdc.snapshot.chunk-size?"), message);
    }

    @Test
    void onLoopbackWithoutATokenOnlyRequestsAddressedToItAreServed() throws Exception {
        try (Pipeline p = new Pipeline("camellocal")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t VALUES (1, 'before')");
            int port = AppProcess.freePort();
            Main main = start(p, port, Map.of("camel.server.host", "127.0.0.1"));
            try {
                awaitRows(p, 1);
                String local = "Host: 127.0.0.1:" + port;
                RawHttp.Response crossSite = RawHttp.send(port, "POST", "/api/tables/public.t/pause", "",
                        local, "Origin: http://evil.example", "Content-Type: text/plain");
                assertEquals(403, crossSite.status(), "a page of another site posted: " + crossSite.body());
                assertTrue(crossSite.body().contains("hanacdc.admin.token"), crossSite.body());
                RawHttp.Response rebound = RawHttp.send(port, "POST", "/api/tables/public.t/pause", "",
                        "Host: evil.example:" + port, "Content-Type: text/plain");
                assertEquals(403, rebound.status(), "a rebound DNS name posted: " + rebound.body());
                assertEquals(403, RawHttp.send(port, "GET", "/api/tables", "", "Host: evil.example:" + port).status(),
                        "a rebound DNS name reads no state");
                assertEquals(403, RawHttp.send(port, "POST", "/api/tables/public.t/pause", "",
                        "Host: localhost:" + (port + 1), "Content-Type: text/plain").status(), "another port is another origin");

                RawHttp.Response tables = RawHttp.send(port, "GET", "/api/tables", "", local);
                assertEquals(200, tables.status(), tables.body());
                assertTrue(tables.body().contains("\"paused\":false"), "the refused requests paused nothing: " + tables.body());
                exec(p.sourceUrl, "INSERT INTO public.t VALUES (2, 'streamed')");
                awaitRows(p, 2);

                ByteArrayOutputStream out = new ByteArrayOutputStream();
                new AdminClient(new AdminSettings("127.0.0.1", port, "", Duration.ofMinutes(5)), new PrintStream(out, true))
                        .command("public.t", "pause", "");
                assertTrue(out.toString().contains("\"paused\":true"), "the CLI's call is served: " + out);
                RawHttp.Response samePage = RawHttp.send(port, "POST", "/api/tables/public.t/resume", "",
                        "Host: localhost:" + port, "Origin: http://localhost:" + port);
                assertEquals(200, samePage.status(), "the status page's own buttons work: " + samePage.body());
            } finally {
                main.stop();
            }
        }
    }

    static String messages(Throwable t) {
        StringBuilder all = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            all.append(c.getMessage()).append('\n');
        }
        return all.toString();
    }
}
