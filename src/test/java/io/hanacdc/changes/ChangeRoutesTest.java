package io.hanacdc.changes;

import static io.hanacdc.testing.Pipeline.exec;
import static io.hanacdc.testing.Pipeline.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shipped example routes (routes/examples), loaded by the real application as a user would load
 * them, without Java: public.customers is masked, has a column dropped and test rows excluded, during
 * the initial load and the stream; public.orders is also sent, after commit, to a log and to files.
 */
@IntegrationTest
class ChangeRoutesTest {
    private static final String EXPECTED_CUSTOMERS = "SELECT id, repeat('*', length(email)), NULL::text, status FROM public.customers"
            + " WHERE status <> 'test' ORDER BY id";

    @Test
    void exampleRoutesRewriteOneTableAndTeeAnother() throws Exception {
        try (Pipeline p = new Pipeline("routes")) {
            exec(p.sourceUrl, "CREATE TABLE public.customers (id int PRIMARY KEY, email text, notes text, status text NOT NULL)",
                    "INSERT INTO public.customers SELECT g, 'user' || g || '@example.com', 'private note ' || g,"
                            + " CASE WHEN g % 10 = 0 THEN 'test' ELSE 'live' END FROM generate_series(1, 300) g",
                    "CREATE TABLE public.orders (id int PRIMARY KEY, amount numeric(10,2))",
                    "INSERT INTO public.orders SELECT g, g * 1.5 FROM generate_series(1, 100) g");
            Path tee = Files.createDirectories(Path.of("target/tee-orders"));
            try (Stream<Path> old = Files.list(tee)) {
                for (Path f : old.toList()) {
                    Files.delete(f);
                }
            }
            Map<String, String> env = new HashMap<>();
            env.put("HANACDC_SOURCE_URL", p.sourceUrl);
            env.put("HANACDC_TARGET_URL", p.targetUrl);
            env.put("HANACDC_TABLES", "public.customers,public.orders");
            env.put("HANACDC_TASK", "test");
            env.put("HANACDC_ADMIN_PORT", String.valueOf(AppProcess.freePort()));
            env.put("HANACDC_POLL_INTERVAL_MS", "100");
            env.put("HANACDC_EXAMPLE_TEE_DIR", tee.toString());
            env.put("CAMEL_MAIN_ROUTES_INCLUDE_PATTERN", "file:routes/examples/mask-customers.yaml,file:routes/examples/tee-orders.yaml");
            try (AppProcess app = AppProcess.start("change-routes", env)) {
                awaitEqual(app, p, EXPECTED_CUSTOMERS, "SELECT id, email, notes, status FROM customers ORDER BY id");
                exec(p.sourceUrl, "INSERT INTO public.customers VALUES (1001, 'new@example.com', 'secret', 'live'), (1002, 'x@y', 'n', 'test')",
                        "UPDATE public.customers SET status = 'test' WHERE id = 1", // leaves the target
                        "UPDATE public.customers SET status = 'live' WHERE id = 10", // joins it
                        "UPDATE public.customers SET email = 'changed@example.org' WHERE id = 2",
                        "DELETE FROM public.customers WHERE id = 3",
                        "INSERT INTO public.orders SELECT g, g FROM generate_series(101, 150) g",
                        "DELETE FROM public.orders WHERE id = 7");
                awaitEqual(app, p, EXPECTED_CUSTOMERS, "SELECT id, email, notes, status FROM customers ORDER BY id");
                awaitEqual(app, p, "SELECT id, amount FROM public.orders ORDER BY id", "SELECT id, amount FROM orders ORDER BY id");
                Set<Integer> upserted = new TreeSet<>();
                Set<Integer> deleted = new TreeSet<>();
                long deadline = System.currentTimeMillis() + 10_000;
                while ((upserted.size() < 150 || deleted.isEmpty()) && System.currentTimeMillis() < deadline) {
                    Thread.sleep(200);
                    readTee(tee, upserted, deleted);
                }
                assertEquals(150, upserted.size(), "every order upserted (initial load and stream) reached the tee files");
                assertEquals(Set.of(7), deleted, "the deleted order reached the tee files");
                assertTrue(app.output().contains("public.orders (stream): "), "the tee route logged:\n" + app.output());
                assertTrue(app.output().contains("changes pass through route direct:hanacdc-changes-public.customers"), app.output());
            }
        }
    }

    private static void readTee(Path dir, Set<Integer> upserted, Set<Integer> deleted) throws Exception {
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                JsonNode batch = json.readTree(f.toFile());
                assertEquals("public.orders", batch.get("table").asText());
                batch.get("upserts").forEach(r -> upserted.add(r.get("id").asInt()));
                batch.get("deletes").forEach(r -> deleted.add(r.get("id").asInt()));
            }
        }
    }

    private static void awaitEqual(AppProcess app, Pipeline p, String sourceSql, String targetSql) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        List<String> expected = rows(p.sourceUrl, sourceSql);
        List<String> actual = List.of();
        while (System.currentTimeMillis() < deadline) {
            assertTrue(app.process.isAlive(), "application exited:\n" + app.output());
            expected = rows(p.sourceUrl, sourceSql);
            try {
                actual = rows(p.targetUrl, targetSql);
            } catch (java.sql.SQLException e) {
                actual = List.of(); // target table not created yet
            }
            if (expected.equals(actual)) {
                return;
            }
            Thread.sleep(200);
        }
        assertEquals(expected.size(), actual.size(), "row count\n" + app.output());
        assertEquals(expected, actual);
    }
}
