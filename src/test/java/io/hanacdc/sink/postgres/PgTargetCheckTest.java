package io.hanacdc.sink.postgres;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TargetFixture;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code check} on a PostgreSQL target, as the real command: as a superuser the target's rights pass and no scratch
 * table is left; as a user a DBA gave too little (not even USAGE on the schema the table maps to, no CREATE in the
 * positions' schema, no temporary tables, only SELECT on an existing target table it does not own) the probe fails
 * naming each GRANT and the change of owner, install refuses, and with exactly the statements it named the check passes.
 * The target's settings: a database in LATIN1 whose sessions are read-only and skip the target's triggers is told each,
 * and the round trip of every mapped type's extremes, which passes on a UTF-8 database, fails there with the server's refusal.
 */
@IntegrationTest
class PgTargetCheckTest {

    @Test
    void asSuperuserTheTargetsRightsPassAndNothingIsLeft() throws Exception {
        try (Pipeline p = new Pipeline("pgcheck_ok", TargetFixture.POSTGRES)) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            String out = AppProcess.run("pgcheck-ok", AppProcess.env(p, p.sourceUrl, "public.t"), 0, "check");
            assertTrue(out.lines().anyMatch(l -> l.startsWith("PASS") && l.contains("target privileges")), out);
            assertTrue(out.lines().anyMatch(l -> l.startsWith("PASS") && l.contains("target round trip") && l.contains("statement and COPY")), out);
            assertFalse(out.contains("FAIL"), out);
            assertEquals(0, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM pg_class WHERE relname LIKE 'hanacdc_check%'"), "no scratch table left");
        }
    }

    @Test
    void aUserWithTooFewRightsIsToldEachGrantAndTheyAreEnough() throws Exception {
        try (Pipeline p = new Pipeline("pgcheck_grant", TargetFixture.POSTGRES)) {
            String role = "hc_tgt_" + Long.toString(System.nanoTime() % 1_000_000, 36);
            String db = p.targetUrl.replaceAll(".*/([^/?]+)\\?.*", "$1");
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            exec(p.targetUrl, "CREATE ROLE " + role + " LOGIN", "CREATE SCHEMA sales", "CREATE TABLE sales.t (id int PRIMARY KEY, v text)", "GRANT SELECT ON sales.t TO " + role,
                    "REVOKE CREATE ON SCHEMA public FROM PUBLIC", "REVOKE TEMPORARY ON DATABASE " + db + " FROM PUBLIC");
            Map<String, String> env = AppProcess.env(p, p.sourceUrl, "public.t");
            env.put("HANACDC_TARGET_URL", p.targetUrl.replace("user=postgres", "user=" + role));
            env.put("HANACDC_TARGET_DATABASE_MAP", "public:sales");

            String out = AppProcess.run("pgcheck-grant", env, 4, "check");
            String line = out.lines().filter(l -> l.contains("target privileges")).findFirst().orElseThrow(() -> new AssertionError(out));
            List<String> grants = List.of("GRANT USAGE, CREATE ON SCHEMA \"sales\" TO \"" + role + "\"",
                    "GRANT USAGE, CREATE ON SCHEMA \"public\" TO \"" + role + "\"", "GRANT TEMPORARY ON DATABASE \"" + db + "\" TO \"" + role + "\"",
                    "GRANT INSERT, UPDATE, DELETE ON \"sales\".\"t\" TO \"" + role + "\"",
                    "ALTER TABLE \"sales\".\"t\" OWNER TO \"" + role + "\"");
            assertTrue(line.startsWith("FAIL"), line);
            grants.forEach(g -> assertTrue(line.contains(g), g + " in " + line));
            String install = AppProcess.run("pgcheck-install", env, 1, "install");
            assertTrue(install.contains("install refused") && install.contains("GRANT TEMPORARY"), install);

            exec(p.targetUrl, grants.stream().map(g -> g.replace("\"", "")).toArray(String[]::new));
            String passed = AppProcess.run("pgcheck-granted", env, 0, "check");
            assertTrue(passed.lines().anyMatch(l -> l.startsWith("PASS") && l.contains("target privileges")), passed);
        }
    }

    @Test
    void settingsTheWritesRelyOnAreEachNamedWithTheirRemedy() throws Exception {
        try (Pipeline p = new Pipeline("pgcheck_settings", TargetFixture.POSTGRES)) {
            String db = "hc_latin1_" + Long.toString(System.nanoTime() % 1_000_000, 36);
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            exec(p.targetUrl, "CREATE DATABASE " + db + " ENCODING 'LATIN1' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0",
                    "ALTER DATABASE " + db + " SET default_transaction_read_only = on",
                    "ALTER DATABASE " + db + " SET session_replication_role = replica");
            Map<String, String> env = AppProcess.env(p, p.sourceUrl, "public.t");
            String latinUrl = p.targetUrl.replaceAll("/[^/?]+\\?", "/" + db + "?");
            env.put("HANACDC_TARGET_URL", latinUrl);

            String out = AppProcess.run("pgcheck-settings", env, 4, "check");
            String line = out.lines().filter(l -> l.contains("target settings")).findFirst().orElseThrow(() -> new AssertionError(out));
            assertTrue(line.startsWith("FAIL"), line);
            for (String told : List.of("default_transaction_read_only = off", "encoding is LATIN1", "WITH ENCODING 'UTF8'",
                    "session_replication_role is replica", "RESET session_replication_role")) {
                assertTrue(line.contains(told), told + " in " + line);
            }

            exec(p.targetUrl, "ALTER DATABASE " + db + " RESET ALL");
            String after = AppProcess.run("pgcheck-settings-reset", env, 4, "check");
            String reset = after.lines().filter(l -> l.contains("target settings")).findFirst().orElseThrow(() -> new AssertionError(after));
            assertTrue(reset.startsWith("FAIL") && reset.contains("encoding is LATIN1"), reset);
            assertFalse(reset.contains("read-only (") || reset.contains("replication_role is"), reset);
            String trip = after.lines().filter(l -> l.contains("target round trip")).findFirst().orElseThrow(() -> new AssertionError(after));
            assertTrue(trip.startsWith("FAIL") && trip.contains("refused") && trip.contains("LATIN1"), "LATIN1 cannot hold the extremes' text: " + trip);
        }
    }
}
