package io.hanacdc.admin;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.RawHttp;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The operator's surface of the running application (its own process): the admin API with a bearer
 * token (read from a file, sent only as a header), table control through API and CLI, Prometheus metrics, health, the heartbeat, the purge,
 * honest idle lag, the status page in headless Chromium, and no credentials in any output.
 */
@IntegrationTest
class AdminApiTest {
    private static final String TOKEN = "t0ken-for-tests";
    private static final String SECRET = "s3cret-password";
    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> call(int port, String method, String path, String body, boolean withToken) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(Duration.ofSeconds(90))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        if (withToken) {
            b.header("Authorization", "Bearer " + TOKEN);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> awaitUp(AppProcess app, int port) throws Exception {
        long end = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < end) {
            assertTrue(app.process.isAlive(), "application exited:\n" + app.output());
            try {
                HttpResponse<String> r = call(port, "GET", "/health/ready", null, false);
                if (r.statusCode() == 200) {
                    return r;
                }
            } catch (java.io.IOException e) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new AssertionError("not ready in time:\n" + app.output());
    }

    @Test
    void operatorSurfaceOfTheRunningTask() throws Exception {
        try (Pipeline p = new Pipeline("admin")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t SELECT g, 'x' FROM generate_series(1, 200) g");
            int port = AppProcess.freePort();
            Map<String, String> env = new HashMap<>();
            env.put("HANACDC_SOURCE_URL", p.sourceUrl + "&password=" + SECRET);
            env.put("HANACDC_TARGET_URL", p.targetUrl);
            env.put("HANACDC_TABLES", "public.t");
            env.put("HANACDC_TASK", "test");
            env.put("HANACDC_ADMIN_PORT", String.valueOf(port));
            // the token as a Kubernetes secret volume gives it: a file, its name in the environment
            Path tokenFile = Files.writeString(Files.createTempFile("admin-token", ""), TOKEN + "\n");
            env.put("HANACDC_ADMIN_TOKEN_FILE", tokenFile.toString());
            env.put("HANACDC_HEARTBEAT_INTERVAL_S", "1");
            env.put("HANACDC_PURGE_INTERVAL_S", "1");
            try (AppProcess app = AppProcess.start("admin-api", env)) {
                HttpResponse<String> ready = awaitUp(app, port);
                assertTrue(app.output().contains("status page: http://127.0.0.1:" + port + "/ (it asks for hanacdc.admin.token"), "the address is announced");
                assertEquals("{\"status\":\"UP\"}", ready.body(), "without the token a probe says its status, not each table's name");
                assertEquals("{\"status\":\"UP\"}", call(port, "GET", "/health/live", null, false).body());
                HttpResponse<String> fullReady = call(port, "GET", "/health/ready", null, true);
                assertEquals(200, fullReady.statusCode());
                assertTrue(fullReady.body().contains("\"table public.t\":\"UP\""), "with the token, each check: " + fullReady.body());

                assertEquals(401, call(port, "GET", "/api/tables", null, false).statusCode(), "the API needs the token");
                assertEquals(401, call(port, "GET", "/metrics", null, false).statusCode());
                assertEquals(401, call(port, "GET", "/api/tables?token=" + TOKEN, null, false).statusCode(),
                        "the token only in a header: a query string ends up in proxy and access logs");
                assertEquals(401, call(port, "POST", "/api/tables/public.t/pause?token=" + TOKEN, "", false).statusCode());
                HttpResponse<String> page = call(port, "GET", "/", null, false);
                assertEquals(200, page.statusCode(), "the page is static: a browser cannot send the header when it opens it");
                assertFalse(page.body().contains("public.t"), "the page holds no data of its own");
                String policy = page.headers().firstValue("Content-Security-Policy").orElse("");
                assertTrue(policy.contains("default-src 'none'") && policy.contains("script-src 'self'") && policy.contains("connect-src 'self'")
                        && !policy.contains("unsafe"), "the page is served under a strict Content-Security-Policy: " + policy);
                assertFalse(page.body().contains("<script>") || page.body().contains("<style>"), "no inline script or style, which the policy would block");
                for (String asset : new String[] {"/console.js", "/console.css"}) {
                    HttpResponse<String> served = call(port, "GET", asset, null, false);
                    assertEquals(200, served.statusCode(), asset);
                    assertEquals(policy, served.headers().firstValue("Content-Security-Policy").orElse(""), asset);
                    assertEquals("nosniff", served.headers().firstValue("X-Content-Type-Options").orElse(""), asset);
                }
                String tables = call(port, "GET", "/api/tables", null, true).body();
                assertTrue(tables.contains("\"table\":\"public.t\"") && tables.contains("hanacdc_heartbeat"), tables);

                assertTrue(call(port, "POST", "/api/tables/public.t/pause", "", true).body().contains("\"paused\":true"));
                assertEquals(401, call(port, "GET", "/api/tables/public.t/history", null, false).statusCode());
                String history = call(port, "GET", "/api/tables/public.t/history", null, true).body();
                assertTrue(history.contains("\"stepSeconds\":10") && history.contains("\"lagSeconds\":["), history);
                assertEquals(404, call(port, "GET", "/api/tables/public.nosuch/history", null, true).statusCode());
                String task = call(port, "GET", "/api/history", null, true).body();
                assertTrue(task.contains("\"stepSeconds\":1") && task.contains("\"maxLagSeconds\":300"), task);
                // With a token, the token decides: a Service, an Ingress or another replica may name the task any way.
                String host = "Host: hana-cdc.example:" + port;
                String origin = "Origin: http://evil.example";
                assertEquals(401, RawHttp.send(port, "POST", "/api/tables/public.t/pause", "", host, origin).status());
                assertEquals(200, RawHttp.send(port, "POST", "/api/tables/public.t/pause", "", host, origin,
                        "Authorization: Bearer " + TOKEN).status());
                exec(p.sourceUrl, "UPDATE public.t SET v = 'while paused' WHERE id <= 10");
                Thread.sleep(1500);
                assertEquals(0, count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE v = 'while paused'"));
                assertEquals(400, call(port, "POST", "/api/tables/public.t/reset", "{\"to\":\"somewhere\"}", true).statusCode());
                assertEquals(404, call(port, "POST", "/api/tables/public.nosuch/pause", "", true).statusCode());

                Map<String, String> cli = new HashMap<>(env);
                try (AppProcess resume = AppProcess.start("admin-cli", cli, "resume", "public.t")) {
                    assertTrue(resume.process.waitFor(60, TimeUnit.SECONDS));
                    assertEquals(0, resume.process.exitValue(), resume.output());
                }
                long end = System.currentTimeMillis() + 20_000;
                while (count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE v = 'while paused'") < 10 && System.currentTimeMillis() < end) {
                    Thread.sleep(200);
                }
                assertEquals(10, count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE v = 'while paused'"), "resumed through the CLI");

                Thread.sleep(3000); // idle: heartbeats flow, purge runs
                String metrics = call(port, "GET", "/metrics", null, true).body();
                assertTrue(metrics.contains("hanacdc_lag_seconds{table=\"public.t\"}") && metrics.contains("hanacdc_rows_applied_total"), metrics);
                double lag = Double.parseDouble(metrics.lines().filter(l -> l.startsWith("hanacdc_lag_seconds{table=\"public.t\"}"))
                        .findFirst().orElseThrow().split(" ")[1]);
                assertTrue(lag < 2.0, "an idle table reports near-zero lag, not the time since its last change: " + lag);
                assertEquals(1, count(p.targetUrl, "SELECT COUNT(*) FROM hanacdc_heartbeat WHERE task = 'test'"
                        + " AND beat_at > UTC_TIMESTAMP() - INTERVAL 10 SECOND"), "heartbeat replicated");
                assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.\"public$t\""), "applied CDC rows purged");

                screenshotStatusPage(port, p);
                assertFalse(app.output().contains(SECRET) || tables.contains(SECRET) || metrics.contains(SECRET),
                        "the password appears in the log or the API");
            }
        }
    }

    /** The status page in headless Chromium (Debian's package): it renders the table row; the screenshot is kept. */
    private static void screenshotStatusPage(int port, Pipeline p) throws Exception {
        Path chromium = Path.of("/usr/bin/chromium");
        if (!Files.isExecutable(chromium)) {
            System.out.println("status page test skipped: /usr/bin/chromium is not installed (apt-get install chromium)");
            return;
        }
        String url = "http://127.0.0.1:" + port + "/#token=" + TOKEN; // the fragment stays in the browser
        String[] common = {chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory("chromium"), "--virtual-time-budget=6000"};
        Process dom = new ProcessBuilder(concat(common, "--dump-dom", url)).redirectErrorStream(false).start();
        String html = new String(dom.getInputStream().readAllBytes());
        dom.waitFor(60, TimeUnit.SECONDS);
        assertTrue(html.contains("data-table=\"public.t\"") && html.contains("streaming"), "rendered page:\n" + html);
        assertTrue(html.contains("<polyline class=\"line\"") && html.contains("max-lag-s = 300 s"), "the task's charts are drawn:\n" + html);
        // search, filter and sort are in the fragment: a view without problems, and a search that finds nothing
        Process problems = new ProcessBuilder(concat(common, "--dump-dom", url + "&state=problems")).redirectErrorStream(false).start();
        String problemView = new String(problems.getInputStream().readAllBytes());
        problems.waitFor(60, TimeUnit.SECONDS);
        assertTrue(!problemView.contains("data-table=\"public.t\"") && problemView.contains("(0 tables)"), "problems only:\n" + problemView);
        Process search = new ProcessBuilder(concat(common, "--dump-dom", url + "&q=hanacdc_heart")).redirectErrorStream(false).start();
        String found = new String(search.getInputStream().readAllBytes());
        search.waitFor(60, TimeUnit.SECONDS);
        assertTrue(!found.contains("data-table=\"public.t\"") && found.contains("hanacdc_heartbeat") && found.contains("(1 tables)"), "search:\n" + found);
        Process asks = new ProcessBuilder(concat(common, "--dump-dom", "http://127.0.0.1:" + port + "/")).redirectErrorStream(false).start();
        String login = new String(asks.getInputStream().readAllBytes());
        asks.waitFor(60, TimeUnit.SECONDS);
        assertTrue(login.contains("<form id=\"login\">") && !login.contains("data-table=\"public.t\""), "without the token the page asks for it:\n" + login);
        Path shot = Path.of("target/status-page.png").toAbsolutePath();
        Process png = new ProcessBuilder(concat(common, "--window-size=1280,420", "--screenshot=" + shot, url)).redirectErrorStream(true).start();
        png.getInputStream().readAllBytes();
        png.waitFor(60, TimeUnit.SECONDS);
        assertTrue(Files.size(shot) > 5_000, "screenshot written: " + shot);
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /**
     * When another process holds the admin port, the task stops before it installs anything and says why: it does not
     * run on announcing an address where that process answers (the CLI would send it the token).
     */
    @Test
    void anAdminPortAnotherProcessHoldsStopsTheTask() throws Exception {
        try (Pipeline p = new Pipeline("admintaken"); java.net.ServerSocket taken = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            Map<String, String> env = Map.of("HANACDC_SOURCE_URL", p.sourceUrl, "HANACDC_TARGET_URL", p.targetUrl,
                    "HANACDC_TABLES", "public.t", "HANACDC_ADMIN_PORT", String.valueOf(taken.getLocalPort()), "HANACDC_ADMIN_TOKEN", TOKEN);
            try (AppProcess app = AppProcess.start("admin-taken", env)) {
                assertTrue(app.process.waitFor(60, TimeUnit.SECONDS), "still running\n" + app.output());
                assertEquals(1, app.process.exitValue(), app.output());
                assertTrue(app.output().contains("the admin API cannot listen on 127.0.0.1:" + taken.getLocalPort() + " (Address already in use)"),
                        app.output());
                assertFalse(app.output().contains("status page:"), "no address announced:\n" + app.output());
            }
            assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.t'::regclass"),
                    "stopped before anything was installed on the source");
        }
    }

    /** Beyond loopback without a token, whether hana-cdc's setting or camel-main's own says so, the task does not start. */
    @Test
    void exposingTheAdminApiWithoutATokenIsRefused() throws Exception {
        for (String bind : new String[] {"HANACDC_ADMIN_HOST", "CAMEL_SERVER_HOST"}) {
            try (Pipeline p = new Pipeline("exposed")) {
                exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
                Map<String, String> env = Map.of("HANACDC_SOURCE_URL", p.sourceUrl, "HANACDC_TARGET_URL", p.targetUrl,
                        "HANACDC_TABLES", "public.t", "HANACDC_ADMIN_PORT", String.valueOf(AppProcess.freePort()), bind, "0.0.0.0");
                try (AppProcess app = AppProcess.start("admin-exposed", env)) {
                    assertTrue(app.process.waitFor(60, TimeUnit.SECONDS), bind + ": still running\n" + app.output());
                    assertEquals(1, app.process.exitValue());
                    assertTrue(app.output().contains("hanacdc.admin.token") && app.output().contains("0.0.0.0"), app.output());
                }
                assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.t'::regclass"),
                        bind + ": refused before anything was installed on the source");
            }
        }
    }

    /**
     * On loopback without a token, a page of another site (cross-origin POST with a content type a
     * browser sends unasked) or a DNS name rebound to 127.0.0.1 is refused; the CLI and the status
     * page's own calls are served.
     */
    @Test
    void withoutATokenOnlyRequestsAddressedToTheLoopbackAdminAddressAreServed() throws Exception {
        try (Pipeline p = new Pipeline("adminlocal")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t VALUES (1, 'x')");
            int port = AppProcess.freePort();
            Map<String, String> env = Map.of("HANACDC_SOURCE_URL", p.sourceUrl, "HANACDC_TARGET_URL", p.targetUrl,
                    "HANACDC_TABLES", "public.t", "HANACDC_TASK", "test", "HANACDC_ADMIN_PORT", String.valueOf(port));
            try (AppProcess app = AppProcess.start("admin-local", env)) {
                awaitUp(app, port);
                String local = "Host: 127.0.0.1:" + port;
                String rebound = "Host: evil.example:" + port;
                RawHttp.Response crossSite = RawHttp.send(port, "POST", "/api/tables/public.t/pause", "",
                        local, "Origin: http://evil.example", "Content-Type: text/plain");
                assertEquals(403, crossSite.status(), "a page of another site paused the table: " + crossSite.body());
                assertTrue(crossSite.body().contains("hanacdc.admin.token"), crossSite.body());
                assertEquals(403, RawHttp.send(port, "POST", "/api/tables/public.t/reset", "{\"to\":\"latest\"}",
                        local, "Origin: http://evil.example", "Content-Type: text/plain").status(), "a page of another site reset the table");
                assertEquals(403, RawHttp.send(port, "POST", "/api/tables/public.t/pause", "", rebound, "Content-Type: text/plain").status(),
                        "a rebound DNS name paused the table");
                assertEquals(403, RawHttp.send(port, "GET", "/api/tables", "", rebound).status(), "a rebound DNS name read the state");
                assertEquals(403, RawHttp.send(port, "GET", "/metrics", "", rebound).status(), "a rebound DNS name read the metrics");

                String tables = call(port, "GET", "/api/tables", null, false).body();
                assertTrue(tables.contains("\"paused\":false"), "nothing refused took effect: " + tables);
                exec(p.sourceUrl, "INSERT INTO public.t VALUES (2, 'streamed')");
                long end = System.currentTimeMillis() + 20_000;
                while (count(p.targetUrl, "SELECT COUNT(*) FROM t") < 2 && System.currentTimeMillis() < end) {
                    Thread.sleep(200);
                }
                assertEquals(2, count(p.targetUrl, "SELECT COUNT(*) FROM t"), "the table still streams");

                try (AppProcess pause = AppProcess.start("admin-local-cli", env, "pause", "public.t")) {
                    assertTrue(pause.process.waitFor(60, TimeUnit.SECONDS));
                    assertEquals(0, pause.process.exitValue(), pause.output());
                    assertTrue(pause.output().contains("\"paused\":true"), pause.output());
                }
                RawHttp.Response page = RawHttp.send(port, "POST", "/api/tables/public.t/resume", "",
                        "Host: localhost:" + port, "Origin: http://localhost:" + port);
                assertEquals(200, page.status(), "the status page's own buttons: " + page.body());
                assertTrue(page.body().contains("\"paused\":false"), page.body());
            }
        }
    }
}
