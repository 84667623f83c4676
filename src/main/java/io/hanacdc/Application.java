package io.hanacdc;

import io.hanacdc.admin.AdminClient;
import io.hanacdc.admin.Commands;
import io.hanacdc.admin.TableApi;
import io.hanacdc.check.Preflight;
import io.hanacdc.cluster.ClusterSettings;
import io.hanacdc.config.AdminSettings;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.ConfigSource;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.Main;
import org.apache.camel.main.MainListenerSupport;

/** Entry point: the commands of {@link CommandLine#USAGE}; no command is {@code run}. */
public final class Application {
    /** The task run() started, for stop(). */
    private static volatile Main running;

    /** Exit code of verify when source and target differ (1 is an error, 2 a usage error). */
    private static final int DIFFERENCES_FOUND = 3;
    /** Exit code of check when a probe failed. */
    private static final int CHECK_FAILED = 4;
    private static final int USAGE_ERROR = 2;

    private Application() {}

    public static void main(String[] args) {
        CommandLine line;
        try {
            line = CommandLine.parse(args);
        } catch (CommandLine.UsageError e) {
            System.err.println(e.help ? CommandLine.USAGE : "hana-cdc: " + e.getMessage() + " (bin/hana-cdc --help lists the commands)");
            System.exit(USAGE_ERROR);
            return;
        }
        try {
            execute(line);
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
            case "run" -> run();
            case "install" -> new Commands(config(), System.out).install(line.flag("--print-sql"), line.option("--runtime-user"));
            case "check" -> {
                CdcConfig cfg = config();
                var writer = line.option("--writer-user").map(u -> CdcConfig.writerSource(ConfigSource.lookup(), cfg.source(), u));
                if (!new Preflight(cfg, writer).check(System.out, line.flag("--json"))) {
                    System.exit(CHECK_FAILED);
                }
            }
            case "uninstall" -> {
                Commands commands = new Commands(sourceOnlyConfig(), System.out);
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
                new Commands(cfg, System.out).alter(table, line.positionals.get(1),
                        CdcConfig.alterSource(ConfigSource.lookup(), cfg.source(), line.option("--user")));
            }
            case "suspend", "resume" -> {
                if (!line.suspendOrResumeCapture()) {
                    new AdminClient(AdminSettings.load(ConfigSource.lookup()), System.out).command(table, line.command, "");
                    return;
                }
                CdcConfig cfg = sourceOnlyConfig();
                new Commands(cfg, System.out).suspendOrResume(line.command.equals("suspend"), line.option("--table"),
                        CdcConfig.alterSource(ConfigSource.lookup(), cfg.source(), line.option("--user")));
            }
            case "status" -> new Commands(config(), System.out).status(ClusterSettings.load(ConfigSource.lookup()).enabled());
            case "verify" -> {
                Duration wait = Duration.ofSeconds(line.option("--wait-seconds").map(Long::parseLong).orElse(30L));
                if (!new Commands(config(), System.out).verify(line.option("--tables"), wait)) {
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
        return line.option("--to").map(v -> TableApi.json(Map.of("to", v)))
                .or(() -> line.option("--data-id").map(v -> "{\"dataId\":" + Long.parseLong(v) + "}"))
                .orElseGet(() -> TableApi.json(Map.of("timestamp", line.option("--timestamp").orElseThrow())));
    }

    /** uninstall needs only the source: without hanacdc.target.url the positions are named for later instead of removed. */
    private static CdcConfig sourceOnlyConfig() {
        return CdcConfig.loadSourceOnly(ConfigSource.lookup());
    }

    /**
     * Stops the running task as its own shutdown would, from any thread: the routes and the task first, then what was
     * started for it (the demo's databases), in that order; {@code run} then returns. False when no task runs yet.
     */
    public static boolean stop() {
        Main m = running;
        if (m == null) {
            return false;
        }
        new Thread(m::completed, "hana-cdc-stop").start(); // the caller may be a signal's own thread
        return true;
    }

    private static CdcConfig config() {
        return CdcConfig.load(ConfigSource.lookup());
    }

    private static void run() throws Exception {
        Optional<EmbeddedDefault> embedded = startEmbeddedIfUnconfigured();
        CdcConfig cfg = CdcConfig.load(ConfigSource.lookup()); // bad settings stop here, before Camel starts
        if (embedded.isEmpty()) { // the demo's own databases need no proof
            new Preflight(cfg).gate("run");
        }
        AdminSettings admin = AdminSettings.load(ConfigSource.lookup());
        Main main = new Main();
        main.setPropertyPlaceholderLocations(ConfigSource.propertiesLocation());
        main.configure().withRoutesIncludePattern(ConfigSource.routesLocation());
        main.configure().httpServer().withEnabled(true).withHost(admin.host()).withPort(admin.port());
        main.configure().addRoutesBuilder(new HanaCdcRoutes(() -> embedded.ifPresent(EmbeddedDefault::taskStarted)));
        running = main;
        main.addMainListener(new MainListenerSupport() {
            @Override
            public void afterStop(BaseMainSupport m) {
                embedded.ifPresent(EmbeddedDefault::close);
            }
        });
        main.run();
    }

    /** With no source configured, the demo build's embedded databases stand in (see EmbeddedDefault). */
    private static Optional<EmbeddedDefault> startEmbeddedIfUnconfigured() throws Exception {
        if (ConfigSource.lookup().apply("hanacdc.source.url").isPresent()) {
            return Optional.empty();
        }
        Optional<EmbeddedDefault> embedded = ServiceLoader.load(EmbeddedDefault.class).findFirst();
        if (embedded.isEmpty()) {
            return Optional.empty(); // config() reports the missing hanacdc.source.url
        }
        Map<String, String> settings = embedded.get().start();
        settings.forEach(System::setProperty);
        return embedded;
    }
}
