package io.hanacdc.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CdcConfig.Endpoint;
import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.CaptureObjects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A wrong password, refused by servers that check passwords: on either side the application exits
 * with 1 and one line naming that side, its user and the settings to check, before it installs
 * anything on the source or creates anything on the target.
 */
@IntegrationTest
class WrongPasswordTest {
    private static final String WRONG = "wrong-" + Long.toString(System.nanoTime(), 36);
    private static final String NO_TABLES = "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE()";
    private static PasswordPostgres postgres;
    private static PasswordMariadb mariadb;

    @BeforeAll
    static void startServers() throws Exception {
        postgres = new PasswordPostgres();
        mariadb = new PasswordMariadb();
    }

    @AfterAll
    static void stopServers() throws Exception {
        try (PasswordPostgres p = postgres; PasswordMariadb m = mariadb) {
            // closed in reverse order, each even when the other fails
        }
    }

    @Test
    void wrongSourcePassword() throws Exception {
        Pipeline.exec(postgres.adminUrl(), "CREATE TABLE public.t (id int PRIMARY KEY)");
        String target = TestDatabases.freshMysql("pw_source");
        String line = refusedRun("wrong-source-password",
                new Endpoint(postgres.url(), PasswordPostgres.USER, WRONG), new Endpoint(target, "", ""));
        assertTrue(line.contains("source database " + postgres.url() + " as " + PasswordPostgres.USER)
                && line.contains("password was refused") && line.contains("Check hanacdc.source.user and hanacdc.source.password"), line);
        CaptureObjects.assertNothingInstalled(postgres.adminUrl());
        assertEquals(0, Pipeline.count(target, NO_TABLES), "target tables or positions created");
        try (Connection rightPassword = DriverManager.getConnection(postgres.url(), PasswordPostgres.USER, PasswordPostgres.PASSWORD)) {
            assertTrue(rightPassword.isValid(5), "only the password was wrong");
        }
    }

    @Test
    void wrongTargetPassword() throws Exception {
        String source = TestDatabases.freshPostgres("pw_target");
        Pipeline.exec(source, "CREATE TABLE public.t (id int PRIMARY KEY)");
        String line = refusedRun("wrong-target-password",
                new Endpoint(source, "", ""), new Endpoint(mariadb.url(), PasswordMariadb.USER, WRONG));
        assertTrue(line.contains("target database " + mariadb.url() + " as " + PasswordMariadb.USER)
                && line.contains("password was refused") && line.contains("Check hanacdc.target.user and hanacdc.target.password"), line);
        CaptureObjects.assertNothingInstalled(source);
        // read with the right password: it is let in, and finds nothing created
        String rightPassword = mariadb.url() + "?user=" + PasswordMariadb.USER + "&password=" + PasswordMariadb.PASSWORD;
        assertEquals(0, Pipeline.count(rightPassword, NO_TABLES), "target tables or positions created");
    }

    /**
     * Runs the application as a user would, with settings as environment variables, to its end.
     * Returns its error line, having checked the exit code and that no password was printed.
     */
    private static String refusedRun(String name, Endpoint source, Endpoint target) throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("HANACDC_SOURCE_URL", source.url());
        env.put("HANACDC_SOURCE_USER", source.user());
        env.put("HANACDC_SOURCE_PASSWORD", source.password());
        env.put("HANACDC_TARGET_URL", target.url());
        env.put("HANACDC_TARGET_USER", target.user());
        env.put("HANACDC_TARGET_PASSWORD", target.password());
        env.put("HANACDC_TABLES", "public.t");
        env.put("HANACDC_TASK", "test");
        env.put("HANACDC_ADMIN_PORT", String.valueOf(AppProcess.freePort()));
        try (AppProcess app = AppProcess.start(name, env)) {
            assertTrue(app.process.waitFor(60, TimeUnit.SECONDS), "still running:\n" + app.output());
            String out = app.output();
            assertEquals(1, app.process.exitValue(), out);
            for (String password : List.of(WRONG, PasswordPostgres.PASSWORD, PasswordMariadb.PASSWORD)) {
                assertFalse(out.contains(password), "password printed:\n" + out);
            }
            return out.lines().filter(l -> l.startsWith("hana-cdc: ")).findFirst()
                    .orElseThrow(() -> new AssertionError("no error line:\n" + out));
        }
    }
}
