package io.hanacdc.it;

import static io.hanacdc.it.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.testing.IntegrationTest;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code hana-cdc check} as the real command on PostgreSQL: as a superuser no probe fails (HANA-only
 * ones are skipped) and nothing of its scratch objects is left; as a user lacking TRIGGER on the
 * subscribed table the privileges probe fails naming the GRANT, the command exits non-zero, and
 * {@code install} refuses with nothing installed.
 */
@IntegrationTest
class PreflightCheckTest {

    @Test
    void asSuperuserNothingFailsAndNothingIsLeft() throws Exception {
        try (Pipeline p = new Pipeline("check_ok")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)", "INSERT INTO public.t VALUES (1, 'kept')");
            String out = run("check-ok", env(p, p.sourceUrl), 0, "check");
            for (String probe : new String[] {"source privileges", "watermark", "gap-probe watermark", "key shift", "target settings", "target privileges", "target round trip"}) {
                assertTrue(out.lines().anyMatch(l -> l.startsWith("PASS") && l.contains(probe)), probe + ":\n" + out);
            }
            assertTrue(out.lines().anyMatch(l -> l.startsWith("SKIP") && l.contains("transaction ids") && l.contains("SAP HANA only")), out);
            assertFalse(out.contains("FAIL"), out);
            BadInputTest.assertNothingInstalled(p.sourceUrl);
            assertEquals(1, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM public.t WHERE v = 'kept'"), "the subscribed table is untouched");
            assertEquals(0, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE()"),
                    "no scratch table left in the target");
        }
    }

    @Test
    void jsonGivesEveryProbeWithItsStatus() throws Exception {
        try (Pipeline p = new Pipeline("check_json")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            String out = run("check-json", env(p, p.sourceUrl), 0, "check", "--json");
            JsonNode doc = new ObjectMapper().readTree(out.lines().filter(l -> l.startsWith("{")).findFirst().orElseThrow(() -> new AssertionError(out)));
            assertTrue(doc.get("passed").asBoolean(), out);
            Map<String, String> statuses = new HashMap<>();
            doc.get("probes").forEach(n -> statuses.put(n.get("probe").asText(), n.get("status").asText()));
            assertEquals("PASS", statuses.get("watermark"), out);
            assertEquals("SKIP", statuses.get("transaction ids"), out);
            assertEquals("PASS", statuses.get("target round trip"), out);
        }
    }

    @Test
    void aMissingGrantFailsNamingItAndInstallRefuses() throws Exception {
        try (Pipeline p = new Pipeline("check_grant")) {
            String role = "hc_check_" + Long.toString(System.nanoTime() % 1_000_000, 36);
            String db = p.sourceUrl.replaceAll(".*/([^/?]+)\\?.*", "$1");
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)", "CREATE ROLE " + role + " LOGIN",
                    "GRANT SELECT ON public.t TO " + role, "GRANT CREATE ON DATABASE " + db + " TO " + role);
            Map<String, String> env = env(p, p.sourceUrl.replace("user=postgres", "user=" + role));
            String out = run("check-grant", env, 4, "check");
            assertTrue(out.lines().anyMatch(l -> l.startsWith("FAIL") && l.contains("source privileges")
                    && l.contains("GRANT TRIGGER ON \"public\".\"t\" TO \"" + role + "\"")), out);
            assertFalse(out.contains("GRANT SELECT"), "only the missing grant is named:\n" + out);
            String install = run("check-install", env, 1, "install");
            assertTrue(install.contains("install refused") && install.contains("GRANT TRIGGER"), install);
            BadInputTest.assertNothingInstalled(p.sourceUrl);
        }
    }

    private static Map<String, String> env(Pipeline p, String sourceUrl) throws Exception {
        return env(p, sourceUrl, "public.t");
    }

    static Map<String, String> env(Pipeline p, String sourceUrl, String tables) throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("HANACDC_SOURCE_URL", sourceUrl);
        env.put("HANACDC_TARGET_URL", p.targetUrl);
        env.put("HANACDC_TABLES", tables);
        env.put("HANACDC_TASK", "test");
        env.put("HANACDC_ADMIN_PORT", String.valueOf(AppProcess.freePort()));
        return env;
    }

    static String run(String name, Map<String, String> env, int exit, String... args) throws Exception {
        try (AppProcess app = AppProcess.start(name, env, args)) {
            assertTrue(app.process.waitFor(120, TimeUnit.SECONDS), "did not finish:\n" + app.output());
            assertEquals(exit, app.process.exitValue(), app.output());
            return app.output();
        }
    }
}
