package io.hanacdc;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.CaptureObjects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The command line never surprises: with a complete configuration (a run would install capture),
 * help and every usage mistake exit 2 before anything connects — one line, no stack trace, nothing installed.
 */
@IntegrationTest
class CliUsageTest {
    private static final List<List<String>> MISTAKES = List.of(
            List.of("--verbose"),
            List.of("run", "--dry-run"),
            List.of("instal"),
            List.of("pause"),
            List.of("resume", "--table"),
            List.of("suspend", "public.t"),
            List.of("reset", "public.t"),
            List.of("reset", "public.t", "--data-id", "abc"),
            List.of("reset", "public.t", "--to", "earliest"),
            List.of("reset", "public.t", "--timestamp", "yesterday"),
            List.of("reset", "public.t", "--to", "latest", "--data-id", "5"),
            List.of("verify", "--wait-seconds", "soon"),
            List.of("verify", "--wait-seconds", "-1"),
            List.of("verify", "--tables"),
            List.of("install", "--runtime-user", "app"),
            List.of("uninstall", "--tabel", "public.t"),
            List.of("uninstall", "public.t"),
            List.of("alter", "public.t"),
            List.of("status", "--json"));

    @Test
    void helpAndEveryUsageErrorExitTwoWithoutRunning() throws Exception {
        try (Pipeline p = new Pipeline("cli")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            Map<String, String> env = AppProcess.env(p, p.sourceUrl, "public.t");
            for (String help : List.of("--help", "-h")) {
                String out = AppProcess.run("cli-help", env, 2, help);
                assertTrue(out.startsWith("usage:") && out.contains("uninstall [--table SCHEMA.TABLE] [--print-sql]")
                        && out.contains("exit codes:"), out);
                assertEquals(out, AppProcess.run("cli-help-run", env, 2, "run", help), "help wins over the command");
            }
            for (List<String> args : MISTAKES) {
                String out = AppProcess.run("cli-usage", env, 2, args.toArray(String[]::new)).strip();
                assertEquals(1, out.lines().count(), args + " printed:\n" + out);
                assertTrue(out.startsWith("hana-cdc: ") && out.endsWith("(bin/hana-cdc --help lists the commands)"), args + ": " + out);
                assertFalse(out.contains("Exception") || out.contains("\tat "), args + ": " + out);
            }
            CaptureObjects.assertNothingInstalled(p.sourceUrl);
        }
    }
}
