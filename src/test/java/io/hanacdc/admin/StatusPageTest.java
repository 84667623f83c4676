package io.hanacdc.admin;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The status page clicked through in Debian's headless Chromium (ChromeDriver, through Selenium) against a running
 * task with a table in trouble: it comes first with its error, the problem filter and the search narrow the list,
 * and a pause asks for confirmation and says its outcome. Screenshots of the normal and the problem view are kept
 * under target/.
 */
@IntegrationTest
class StatusPageTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
    private static final String TOKEN = "page-token";

    @Test
    void problemsComeFirstAndTheOperatorFiltersSearchesAndPauses() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER),
                "status page test skipped: Debian's chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)");
        try (Pipeline p = new Pipeline("page")) {
            exec(p.sourceUrl, "CREATE TABLE public.ok (id int PRIMARY KEY, v text)", "CREATE TABLE public.other (id int PRIMARY KEY, v text)",
                    "CREATE TABLE public.broken (id int PRIMARY KEY, v text)", "INSERT INTO public.broken VALUES (1, 'x')");
            // someone's trigger on the live target refuses every row of one table: it retries, with the error
            exec(p.targetUrl, "CREATE TABLE broken (id int PRIMARY KEY, v text)",
                    "CREATE TRIGGER refuse BEFORE INSERT ON broken FOR EACH ROW SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by a trigger'");
            int port = AppProcess.freePort();
            Map<String, String> env = Map.of("HANACDC_SOURCE_URL", p.sourceUrl, "HANACDC_TARGET_URL", p.targetUrl,
                    "HANACDC_TABLES", "public.ok,public.other,public.broken", "HANACDC_TASK", "page", "HANACDC_ADMIN_PORT", String.valueOf(port),
                    "HANACDC_ADMIN_TOKEN", TOKEN);
            try (AppProcess app = AppProcess.start("status-page", env)) {
                awaitLive(app, port);
                WebDriver browser = browser();
                try {
                    browser.get("http://127.0.0.1:" + port + "/#token=" + TOKEN);
                    WebDriverWait wait = new WebDriverWait(browser, Duration.ofSeconds(60));
                    wait.until(d -> rows(d).size() == 4 && d.findElement(By.cssSelector("tr[data-table='public.broken']")).getText().contains("refused"));
                    assertEquals("public.broken", rows(browser).get(0).getAttribute("data-table"), "the table in trouble comes first");
                    assertTrue(rows(browser).get(0).getAttribute("class").contains("problem"));
                    assertTrue(rows(browser).get(0).getText().contains("since "), "since when it fails: " + rows(browser).get(0).getText());
                    assertTrue(browser.getCurrentUrl().endsWith("/"), "the token left the address bar");
                    screenshot(browser, "status-page-normal.png");

                    new Select(browser.findElement(By.id("state"))).selectByValue("problems");
                    wait.until(d -> rows(d).size() == 1);
                    assertTrue(browser.getCurrentUrl().contains("state=problems"), "the view is in the address: " + browser.getCurrentUrl());
                    screenshot(browser, "status-page-problems.png");
                    new Select(browser.findElement(By.id("state"))).selectByValue("");

                    browser.findElement(By.id("q")).sendKeys("oth");
                    wait.until(d -> rows(d).size() == 1 && "public.other".equals(rows(d).get(0).getAttribute("data-table")));
                    rows(browser).get(0).findElement(By.cssSelector("button[data-action='pause']")).click();
                    wait.until(ExpectedConditions.alertIsPresent());
                    assertTrue(browser.switchTo().alert().getText().contains("Pause: public.other"));
                    browser.switchTo().alert().accept();
                    wait.until(d -> d.findElement(By.id("outcome")).getText().equals("pause public.other: done"));
                    wait.until(d -> !d.findElements(By.cssSelector("tr[data-table='public.other'] button[data-action='resume']")).isEmpty());

                    // reset to a time picked in local time: the page shows what it sends (UTC) and the confirmation says both
                    rows(browser).get(0).findElement(By.cssSelector("button[data-action='reset']")).click();
                    WebElement form = wait.until(d -> d.findElement(By.cssSelector("form.reset[data-reset='public.other']")));
                    form.findElement(By.cssSelector("input[value='timestamp']")).click();
                    ((JavascriptExecutor) browser).executeScript("const at = arguments[0].elements.at; at.value = '2026-01-02T03:04:05';"
                            + " at.dispatchEvent(new Event('input', { bubbles: true }));", form);
                    wait.until(d -> form.findElement(By.name("utc")).getText().startsWith("sends: {\"timestamp\":\"2026-01-0"));
                    form.findElement(By.cssSelector("button[type='submit']")).click();
                    wait.until(ExpectedConditions.alertIsPresent());
                    String confirmation = browser.switchTo().alert().getText();
                    assertTrue(confirmation.contains("Reset: public.other to ") && confirmation.contains("local time = 2026-01-0")
                            && confirmation.contains("Z UTC"), confirmation);
                    browser.switchTo().alert().accept();
                    wait.until(d -> d.findElement(By.id("outcome")).getText().equals("reset public.other: done"));
                } finally {
                    browser.quit();
                }
            }
        }
    }

    private static void awaitLive(AppProcess app, int port) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        long end = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < end) {
            assertTrue(app.process.isAlive(), "application exited:\n" + app.output());
            try {
                if (http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/health/live")).build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (java.io.IOException e) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new AssertionError("not up in time:\n" + app.output());
    }

    private static List<WebElement> rows(WebDriver d) {
        return d.findElements(By.cssSelector("#tables tr[data-table]"));
    }

    private static WebDriver browser() {
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless", "--no-sandbox", "--disable-gpu", "--window-size=1280,700", "--disable-dev-shm-usage");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    private static void screenshot(WebDriver d, String name) throws Exception {
        Path shot = Path.of("target", name);
        Files.write(shot, ((TakesScreenshot) d).getScreenshotAs(OutputType.BYTES));
        assertTrue(Files.size(shot) > 5_000, "screenshot written: " + shot);
    }
}
