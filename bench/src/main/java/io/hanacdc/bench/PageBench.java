package io.hanacdc.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.zip.ZipFile;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The status page with many tables (10): the product's page, read from its jar, served with the API answers of a
 * task of {@code tables} tables (one in trouble, an hour of history) by a plain HTTP server in this JVM, opened in
 * Debian's headless Chromium through its ChromeDriver. Timed in the browser: from navigation start to the first
 * rendered table, then each refresh (fetch, filter, sort, render of a 100-table page) run back to back.
 */
public final class PageBench {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    private static final int REFRESHES = 30;

    /** @param refreshMs each refresh's time, sorted */
    public record Result(int tables, double firstRenderMs, List<Double> refreshMs, int apiBytes) {
        double refreshAt(double q) {
            return refreshMs.get((int) Math.min(refreshMs.size() - 1, Math.round(q * (refreshMs.size() - 1))));
        }
    }

    private final BenchOptions o;

    public PageBench(BenchOptions o) {
        this.o = o;
    }

    public Result run(int tables) throws Exception {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
            throw new IllegalStateException("needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)");
        }
        byte[] page;
        try (ZipFile jar = new ZipFile(o.jar().toFile())) {
            page = jar.getInputStream(jar.getEntry("admin/index.html")).readAllBytes();
        }
        byte[] api = tablesJson(tables).getBytes(StandardCharsets.UTF_8);
        byte[] history = historyJson(3600, 1).getBytes(StandardCharsets.UTF_8);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", x -> reply(x, "text/html; charset=utf-8", x.getRequestURI().getPath().equals("/api/tables") ? api
                : x.getRequestURI().getPath().equals("/api/history") ? history : page));
        server.start();
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile()).addArguments("--headless", "--no-sandbox", "--disable-gpu",
                "--window-size=1280,900", "--disable-dev-shm-usage");
        WebDriver browser = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort().build(), options);
        try {
            browser.get("http://127.0.0.1:" + server.getAddress().getPort() + "/");
            new WebDriverWait(browser, Duration.ofSeconds(60), Duration.ofMillis(20)).until(d -> d.findElements(By.cssSelector("#tables tr[data-table]")).size() == 100);
            JavascriptExecutor js = (JavascriptExecutor) browser;
            double first = ((Number) js.executeScript("return performance.now();")).doubleValue(); // the rows are there by now: an upper bound
            List<Double> refreshes = new ArrayList<>();
            for (int i = 0; i < REFRESHES; i++) {
                refreshes.add(((Number) ((JavascriptExecutor) browser).executeAsyncScript(
                        "const done = arguments[0], t0 = performance.now(); refresh().then(() => done(performance.now() - t0));")).doubleValue());
            }
            Collections.sort(refreshes);
            return new Result(tables, first, refreshes, api.length);
        } finally {
            browser.quit();
            server.stop(0);
        }
    }

    private static void reply(HttpExchange x, String type, byte[] body) throws IOException {
        x.getResponseHeaders().set("Content-Type", body[0] == '<' ? type : "application/json");
        x.sendResponseHeaders(200, body.length);
        x.getResponseBody().write(body);
        x.close();
    }

    /** A task's /api/tables: streaming tables with positions and held-back maps as the product writes them, one retrying. */
    private static String tablesJson(int tables) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < tables; i++) {
            boolean trouble = i == tables / 2;
            b.append(i == 0 ? "" : ",").append(String.format("{\"table\":\"sapabap1.t%05d\",\"target\":\"erp.t%05d\",\"state\":\"%s\","
                            + "\"phase\":\"STREAMING\",\"paused\":false,\"rowsSnapshotted\":%d,\"rowsStreamed\":%d,\"batches\":%d,\"lagSeconds\":%.3f,"
                            + "\"lastDataId\":%d,\"lastTransactionId\":%d,\"lastSourceTime\":\"2026-12-02T08:00:00Z\",\"watermark\":\"H=%d A=[]+[%d..]\","
                            + "\"lastError\":%s,\"troubleSince\":%s,\"heldBackBy\":{}}", i, i, trouble ? "retrying" : "streaming", 1000L * i, 37L * i, i,
                    trouble ? 412.0 : 0.2, 5_000_000L + i, 900_000L + i, 5_000_100L, 901_000L,
                    trouble ? "\"refused by a trigger\"" : "null", trouble ? "\"2026-12-02T07:50:00Z\"" : "null"));
        }
        return b.append("]").toString();
    }

    private static String historyJson(int points, int step) {
        StringBuilder lag = new StringBuilder();
        StringBuilder rate = new StringBuilder();
        for (int i = 0; i < points; i++) {
            lag.append(i == 0 ? "" : ",").append(String.format("%.1f", 0.2 + (i % 60) / 100.0));
            rate.append(i == 0 ? "" : ",").append(1000 + (i % 300));
        }
        return "{\"stepSeconds\":" + step + ",\"lastAt\":0,\"lagSeconds\":[" + lag + "],\"rowsPerSecond\":[" + rate + "],\"maxLagSeconds\":300}";
    }
}
