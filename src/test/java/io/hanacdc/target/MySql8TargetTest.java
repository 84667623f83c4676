package io.hanacdc.target;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * MySQL 8 as the target, which no server here runs: with HANACDC_TEST_MYSQL8_URL set (a server URL
 * without a database, e.g. jdbc:mysql://host:3306/?user=root&password=…) the task streams into a fresh
 * database there and {@code check}'s target probes round-trip every mapped type through the apply
 * path; otherwise its tests are reported as skipped. The MySQL flavor's SQL is string-tested always.
 */
@IntegrationTest
class MySql8TargetTest {
    private static final String URL = System.getenv("HANACDC_TEST_MYSQL8_URL");

    @BeforeEach
    void requireMySql8() {
        Assumptions.assumeTrue(URL != null && !URL.isBlank(), "HANACDC_TEST_MYSQL8_URL is not set: the MySQL 8 target suite is skipped");
    }

    @Test
    void changesConverge() throws Exception {
        try (Pipeline p = Pipeline.toServer("my8", URL)) {
            exec(p.sourceUrl, "CREATE TABLE public.items (id int PRIMARY KEY DEFERRABLE, name text, qty numeric(12,2), at timestamptz)",
                    "INSERT INTO public.items SELECT g, 'item ' || g, g / 4.0, timestamptz '2024-03-01 10:00+01' + g * interval '1 hour'"
                            + " FROM generate_series(1, 300) g");
            p.set("hanacdc.tables", "public.items").start();
            p.awaitConverged(30_000);
            exec(p.sourceUrl, "UPDATE public.items SET qty = qty + 1 WHERE id <= 50", "DELETE FROM public.items WHERE id BETWEEN 60 AND 70",
                    "UPDATE public.items SET id = id + 1 WHERE id BETWEEN 290 AND 300", "INSERT INTO public.items VALUES (1000, 'ü ✓ \"q\" \\t', NULL, NULL)");
            p.awaitConverged(30_000);
            assertEquals(List.of("1000 | ü ✓ \"q\" \\t"), Pipeline.rows(p.targetUrl, "SELECT id, name FROM items WHERE id = 1000"));
        }
    }

    @Test
    void checkPassesAgainstMySql8() throws Exception {
        try (Pipeline p = Pipeline.toServer("my8check", URL)) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            Map<String, String> env = AppProcess.env(p, p.sourceUrl, "public.t");
            String out = AppProcess.run("mysql8-check", env, 0, "check");
            assertFalse(out.contains("FAIL"), out);
        }
    }
}
