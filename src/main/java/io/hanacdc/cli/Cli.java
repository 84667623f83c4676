package io.hanacdc.cli;

import io.hanacdc.check.Preflight;
import io.hanacdc.cluster.ClusterSettings;
import io.hanacdc.common.CdcException;
import io.hanacdc.common.Json;
import io.hanacdc.config.AdminSettings;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.ConfigSource;
import java.time.Duration;
import java.util.Map;

/** The commands of {@link CommandLine#USAGE}: each parsed, run and turned into an exit code; {@code run} is the caller's. */
public final class Cli {
    /** Exit code of verify when source and target differ (1 is an error, 2 a usage error). */
    private static final int DIFFERENCES_FOUND = 3;
    /** Exit code of check when a probe failed. */
    private static final int CHECK_FAILED = 4;
    private static final int USAGE_ERROR = 2;

    /** The task's own run: starts it and returns when it stops. */
    public interface Run {
        void run() throws Exception;
    }

    private Cli() {}

    public static void main(String[] args, Run run) {
        CommandLine line;
        try {
            line = CommandLine.parse(args);
        } catch (CommandLine.UsageError e) {
            System.err.println(e.help ? CommandLine.USAGE : "hana-cdc: " + e.getMessage() + " (bin/hana-cdc --help lists the commands)");
            System.exit(USAGE_ERROR);
            return;
        }
        try {
            if (line.command.equals("run")) {
                run.run();
            } else {
                execute(line);
            }
        } catch (CdcException e) {
            System.err.println("hana-cdc: " + e.getMessage());
            System.exit(1);
        } catch (Exception e) {
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof CdcException cdc) { // raised while Camel configured the task's routes
                    System.err.println("hana-cdc: " + cdc.getMessage());
                    System.exit(1);
                }
            }
            System.err.println("hana-cdc: unexpected failure: " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static void execute(CommandLine line) throws Exception {
        String table = line.positionals.isEmpty() ? "" : line.positionals.get(0);
        switch (line.command) {
            case "install" -> new DirectCommands(config(), System.out).install(line.flag("--print-sql"), line.option("--runtime-user"));
            case "check" -> {
                CdcConfig cfg = config();
                var writer = line.option("--writer-user").map(u -> CdcConfig.writerSource(ConfigSource.lookup(), cfg.source(), u));
                if (!new Preflight(cfg, writer).check(System.out, line.flag("--json"))) {
                    System.exit(CHECK_FAILED);
                }
            }
            case "uninstall" -> {
                DirectCommands commands = new DirectCommands(sourceOnlyConfig(), System.out);
                if (line.flag("--print-sql")) {
                    commands.printUninstall(line.option("--table"));
                } else if (line.option("--table").isPresent()) {
                    commands.uninstallTable(line.option("--table").get());
                } else {
                    commands.uninstall();
                }
            }
            case "alter" -> {
                CdcConfig cfg = config();
                new DirectCommands(cfg, System.out).alter(table, line.positionals.get(1),
                        CdcConfig.alterSource(ConfigSource.lookup(), cfg.source(), line.option("--user")));
            }
            case "suspend", "resume" -> {
                if (!line.suspendOrResumeCapture()) {
                    new AdminClient(AdminSettings.load(ConfigSource.lookup()), System.out).command(table, line.command, "");
                    return;
                }
                CdcConfig cfg = sourceOnlyConfig();
                new DirectCommands(cfg, System.out).suspendOrResume(line.command.equals("suspend"), line.option("--table"),
                        CdcConfig.alterSource(ConfigSource.lookup(), cfg.source(), line.option("--user")));
            }
            case "status" -> new DirectCommands(config(), System.out).status(ClusterSettings.load(ConfigSource.lookup()).enabled());
            case "verify" -> {
                Duration wait = Duration.ofSeconds(line.option("--wait-seconds").map(Long::parseLong).orElse(30L));
                if (!new DirectCommands(config(), System.out).verify(line.option("--tables"), wait)) {
                    System.exit(DIFFERENCES_FOUND);
                }
            }
            default -> new AdminClient(AdminSettings.load(ConfigSource.lookup()), System.out).command(table, line.command, resetBody(line));
        }
    }

    /** The JSON body of a reset (CommandLine checked that exactly one of its options is given); empty for the other commands. */
    private static String resetBody(CommandLine line) {
        if (!line.command.equals("reset")) {
            return "";
        }
        return line.option("--to").map(v -> Json.write(Map.of("to", v)))
                .or(() -> line.option("--data-id").map(v -> "{\"dataId\":" + Long.parseLong(v) + "}"))
                .orElseGet(() -> Json.write(Map.of("timestamp", line.option("--timestamp").orElseThrow())));
    }

    /** uninstall needs only the source: without hanacdc.target.url the positions are named for later instead of removed. */
    private static CdcConfig sourceOnlyConfig() {
        return CdcConfig.loadSourceOnly(ConfigSource.lookup());
    }

    private static CdcConfig config() {
        return CdcConfig.load(ConfigSource.lookup());
    }
}
