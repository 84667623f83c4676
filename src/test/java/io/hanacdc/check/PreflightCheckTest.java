package io.hanacdc.check;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.CaptureObjects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.util.HashMap;
import java.util.Map;
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
            String out = AppProcess.run("check-ok", env(p, p.sourceUrl), 0, "check");
            for (String probe : new String[] {"source privileges", "watermark", "gap-probe watermark", "key shift", "transaction rollback", "script rollback", "sequence settings", "other writes", "captured types", "target settings", "target privileges", "target round trip"}) {
                assertTrue(out.lines().anyMatch(l -> l.startsWith("PASS") && l.contains(probe)), probe + ":\n" + out);
            }
            assertTrue(out.lines().anyMatch(l -> l.startsWith("SKIP") && l.contains("transaction ids") && l.contains("SAP HANA only")), out);
            assertFalse(out.contains("FAIL"), out);
            CaptureObjects.assertNothingInstalled(p.sourceUrl);
            assertEquals(1, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM public.t WHERE v = 'kept'"), "the subscribed table is untouched");
            assertEquals(0, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE()"),
                    "no scratch table left in the target");
        }
    }

    @Test
    void jsonGivesEveryProbeWithItsStatus() throws Exception {
        try (Pipeline p = new Pipeline("check_json")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            String out = AppProcess.run("check-json", env(p, p.sourceUrl), 0, "check", "--json");
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
            String out = AppProcess.run("check-grant", env, 4, "check");
            assertTrue(out.lines().anyMatch(l -> l.startsWith("FAIL") && l.contains("source privileges")
                    && l.contains("GRANT TRIGGER ON \"public\".\"t\" TO \"" + role + "\"")), out);
            assertFalse(out.contains("GRANT SELECT"), "only the missing grant is named:\n" + out);
            String install = AppProcess.run("check-install", env, 1, "install");
            assertTrue(install.contains("install refused") && install.contains("GRANT TRIGGER"), install);
            CaptureObjects.assertNothingInstalled(p.sourceUrl);
        }
    }

    /**
     * The user's own columns' extremes: a numeric(78,0) whose largest values MySQL's DECIMAL cannot hold fails check, naming
     * the column and the setting, before a batch in production would; with that setting the same columns pass. Not a gate.
     */
    @Test
    void aColumnWhoseDeclaredExtremesTheTargetCannotHoldFailsCheckNamingTheSetting() throws Exception {
        try (Pipeline p = new Pipeline("check_extremes")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, wei numeric(78,0), amount numeric(12,3), code varchar(7),"
                    + " at timestamp(3), tm time(0), free numeric)");
            String out = AppProcess.run("check-extremes", env(p, p.sourceUrl), 4, "check");
            String line = out.lines().filter(l -> l.contains("target column extremes")).findFirst().orElseThrow(() -> new AssertionError(out));
            assertTrue(line.startsWith("FAIL") && line.contains("public.t.wei numeric(78,0): value " + "9".repeat(78) + " does not fit decimal(65,0)")
                    && line.contains("hanacdc.target.wide-numbers=text") && line.contains("public.t.free numeric"), line);
            assertFalse(line.contains("amount") || line.contains("code") || line.contains(".at ") || line.contains(".tm "), "the others fit: " + line);
            Map<String, String> text = new HashMap<>(env(p, p.sourceUrl));
            text.put("HANACDC_TARGET_WIDE_NUMBERS", "text");
            String passed = AppProcess.run("check-extremes-text", text, 0, "check");
            assertTrue(passed.lines().anyMatch(l -> l.startsWith("PASS") && l.contains("target column extremes") && l.contains("5 declared column type")),
                    passed);
        }
    }

    private static Map<String, String> env(Pipeline p, String sourceUrl) throws Exception {
        return AppProcess.env(p, sourceUrl, "public.t");
    }
}
