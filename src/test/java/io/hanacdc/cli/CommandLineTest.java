package io.hanacdc.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every documented form of each command parses; the mistakes CliUsageTest launches are refused here too, without a process. */
class CommandLineTest {
    @Test
    void documentedFormsParse() {
        assertEquals("run", CommandLine.parse().command);
        assertTrue(CommandLine.parse("check", "--json").flag("--json"));
        assertEquals(Optional.of("SAPHANADB"), CommandLine.parse("check", "--writer-user", "SAPHANADB").option("--writer-user"));
        CommandLine install = CommandLine.parse("install", "--print-sql", "--runtime-user", "APP");
        assertEquals(Optional.of("APP"), install.option("--runtime-user"));
        CommandLine uninstall = CommandLine.parse("uninstall", "--table", "s.t", "--print-sql");
        assertTrue(uninstall.flag("--print-sql"));
        assertEquals(Optional.of("s.t"), uninstall.option("--table"));
        CommandLine alter = CommandLine.parse("alter", "s.t", "ADD COLUMN x INT", "--user", "DDL");
        assertEquals(List.of("s.t", "ADD COLUMN x INT"), alter.positionals);
        CommandLine verify = CommandLine.parse("verify", "--wait-seconds", "60", "--tables", "a.b,c.*");
        assertEquals(Optional.of("60"), verify.option("--wait-seconds"));
        assertEquals(List.of("s.t"), CommandLine.parse("pause", "s.t").positionals);
        assertFalse(CommandLine.parse("resume", "s.t").suspendOrResumeCapture(), "resume of a paused table");
        assertTrue(CommandLine.parse("resume", "--table", "s.t", "--user", "DBA").suspendOrResumeCapture());
        assertTrue(CommandLine.parse("resume").suspendOrResumeCapture());
        assertEquals(Optional.of("s.t"), CommandLine.parse("suspend", "--table", "s.t").option("--table"));
        assertEquals(Optional.of("42"), CommandLine.parse("reset", "s.t", "--data-id", "42").option("--data-id"));
        assertEquals(Optional.of("latest"), CommandLine.parse("reset", "--to", "latest", "s.t").option("--to"));
        CommandLine.parse("reset", "s.t", "--timestamp", "2024-01-31T12:00:00Z");
    }

    @Test
    void helpAndMistakesAreUsageErrors() {
        assertTrue(assertThrows(CommandLine.UsageError.class, () -> CommandLine.parse("--help")).help);
        assertTrue(assertThrows(CommandLine.UsageError.class, () -> CommandLine.parse("status", "-h")).help);
        for (List<String> args : List.of(List.of("--verbose"), List.of("pause"), List.of("reset", "s.t"), List.of("reset", "s.t", "--data-id", "abc"),
                List.of("verify", "--wait-seconds", "x"), List.of("nosuch"), List.of("uninstall", "--table"), List.of("check", "--json", "--json", "x"))) {
            CommandLine.UsageError e = assertThrows(CommandLine.UsageError.class, () -> CommandLine.parse(args.toArray(String[]::new)), args.toString());
            assertTrue(!e.help && !e.getMessage().contains("\n"), args + ": " + e.getMessage());
        }
    }
}
