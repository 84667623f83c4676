package io.hanacdc.cli;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The arguments, checked against their command's syntax before anything connects: a mistake (an
 * unknown command or option, a missing or malformed value, {@code --help}) is a {@link UsageError},
 * never a run.
 */
final class CommandLine {
    static final String USAGE = """
            usage: bin/hana-cdc [COMMAND] [OPTIONS]   (no command: run)
              run                                 install capture, load, stream
              check [--json] [--writer-user NAME] preflight self-test on the configured databases
              install [--print-sql [--runtime-user NAME]]
              uninstall [--table SCHEMA.TABLE] [--print-sql]
              alter SCHEMA.TABLE "ALTER clause" [--user NAME]
              status
              verify [--tables schema.table,...] [--wait-seconds N]
              pause|resume|resnapshot SCHEMA.TABLE
              suspend [--table SCHEMA.TABLE] [--user NAME]   disable capture triggers at once (emergency off-switch)
              resume [--table SCHEMA.TABLE] [--user NAME]    re-enable suspended capture; the tables are loaded anew
              reset SCHEMA.TABLE (--to latest | --data-id N | --timestamp 2024-01-31T12:00:00Z)
            exit codes: 0 done, 1 error, 2 usage error, 3 verify found differences, 4 a check probe failed""";

    /** A mistake in the arguments (one line), or a request for help (the usage); exit code 2 either way. */
    static final class UsageError extends RuntimeException {
        final boolean help;

        UsageError(String message) {
            this(message, false);
        }

        private UsageError(String message, boolean help) {
            super(message);
            this.help = help;
        }
    }

    /** A command's positional arguments (their names, for messages), flags and options that take a value. */
    private record Syntax(List<String> positionals, Set<String> flags, Set<String> options) {}

    private static final Syntax TABLE_ONLY = new Syntax(List.of("SCHEMA.TABLE"), Set.of(), Set.of());
    private static final Map<String, Syntax> COMMANDS = Map.of(
            "run", new Syntax(List.of(), Set.of(), Set.of()),
            "check", new Syntax(List.of(), Set.of("--json"), Set.of("--writer-user")),
            "install", new Syntax(List.of(), Set.of("--print-sql"), Set.of("--runtime-user")),
            "uninstall", new Syntax(List.of(), Set.of("--print-sql"), Set.of("--table")),
            "alter", new Syntax(List.of("SCHEMA.TABLE", "\"ALTER clause\""), Set.of(), Set.of("--user")),
            "status", new Syntax(List.of(), Set.of(), Set.of()),
            "verify", new Syntax(List.of(), Set.of(), Set.of("--tables", "--wait-seconds")),
            "pause", TABLE_ONLY, "resume", TABLE_ONLY, "resnapshot", TABLE_ONLY);
    private static final Syntax RESET = new Syntax(List.of("SCHEMA.TABLE"), Set.of(), Set.of("--to", "--data-id", "--timestamp"));
    private static final Syntax SUSPEND = new Syntax(List.of(), Set.of(), Set.of("--table", "--user"));

    final String command;
    final List<String> positionals;
    private final Set<String> flags;
    private final Map<String, String> options;

    private CommandLine(String command, List<String> positionals, Set<String> flags, Map<String, String> options) {
        this.command = command;
        this.positionals = positionals;
        this.flags = flags;
        this.options = options;
    }

    static CommandLine parse(String... args) {
        List<String> a = List.of(args);
        if (a.contains("--help") || a.contains("-h")) {
            throw new UsageError("help", true);
        }
        String command = a.isEmpty() || a.get(0).startsWith("-") ? "run" : a.get(0);
        Syntax syntax = command.equals("reset") ? RESET : command.equals("suspend") || resumesCapture(command, a) ? SUSPEND : COMMANDS.get(command);
        if (syntax == null) {
            throw new UsageError("unknown command '" + command + "'");
        }
        List<String> positionals = new ArrayList<>();
        Set<String> flags = new HashSet<>();
        Map<String, String> options = new HashMap<>();
        for (int i = a.isEmpty() || a.get(0).startsWith("-") ? 0 : 1; i < a.size(); i++) {
            String arg = a.get(i);
            if (syntax.flags().contains(arg)) {
                flags.add(arg);
            } else if (syntax.options().contains(arg)) {
                if (i + 1 >= a.size()) {
                    throw new UsageError(arg + " needs a value");
                }
                if (options.put(arg, a.get(++i)) != null) {
                    throw new UsageError(arg + " is given twice");
                }
            } else if (arg.startsWith("-")) {
                throw new UsageError("unknown option '" + arg + "' for " + command);
            } else {
                positionals.add(arg);
            }
        }
        if (positionals.size() != syntax.positionals().size()) {
            throw new UsageError(command + (syntax.positionals().isEmpty() ? " takes no argument '" + positionals.get(0) + "'"
                    : " needs " + String.join(" ", syntax.positionals()) + (positionals.size() > syntax.positionals().size() ? " only" : "")));
        }
        CommandLine line = new CommandLine(command, List.copyOf(positionals), flags, options);
        line.checkValues();
        return line;
    }

    /** "resume" without a table of its own (only --table and --user) resumes suspended capture; "resume SCHEMA.TABLE" a paused table. */
    private static boolean resumesCapture(String command, List<String> args) {
        if (!command.equals("resume")) {
            return false;
        }
        for (int i = 1; i < args.size(); i++) {
            if (SUSPEND.options().contains(args.get(i))) {
                i++;
            } else if (!args.get(i).startsWith("-")) {
                return false;
            }
        }
        return true;
    }

    /** Whether this is suspend, or a resume of suspended capture. */
    boolean suspendOrResumeCapture() {
        return command.equals("suspend") || command.equals("resume") && positionals.isEmpty();
    }

    /** The rules between options and the form of their values, checked now rather than after connecting. */
    private void checkValues() {
        if (option("--runtime-user").isPresent() && !flag("--print-sql")) {
            throw new UsageError("--runtime-user goes with --print-sql: the script's grants are for the DBA to run");
        }
        option("--wait-seconds").ifPresent(v -> {
            if (!v.matches("\\d{1,9}")) {
                throw new UsageError("--wait-seconds " + v + " is not a whole number of seconds (0 or more)");
            }
        });
        if (command.equals("reset")) {
            if (options.size() != 1) {
                throw new UsageError("reset needs one of --to latest, --data-id N or --timestamp 2024-01-31T12:00:00Z");
            }
            option("--to").filter(v -> !v.equals("latest")).ifPresent(v -> {
                throw new UsageError("--to takes 'latest', not '" + v + "'");
            });
            option("--data-id").filter(v -> !v.matches("\\d{1,18}")).ifPresent(v -> {
                throw new UsageError("--data-id " + v + " is not a data id (a whole number, 0 or more)");
            });
            option("--timestamp").ifPresent(CommandLine::instant);
        }
    }

    private static void instant(String v) {
        try {
            Instant.parse(v);
        } catch (DateTimeParseException e) {
            throw new UsageError("--timestamp " + v + " is not an ISO-8601 instant such as 2024-01-31T12:00:00Z");
        }
    }

    boolean flag(String name) {
        return flags.contains(name);
    }

    Optional<String> option(String name) {
        return Optional.ofNullable(options.get(name));
    }
}
