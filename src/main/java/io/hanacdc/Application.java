package io.hanacdc;

import io.hanacdc.admin.AdminClient;
import io.hanacdc.admin.Commands;
import io.hanacdc.admin.TableApi;
import io.hanacdc.check.Preflight;
import io.hanacdc.config.AdminSettings;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.ConfigSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.Main;
import org.apache.camel.main.MainListenerSupport;

/** Entry point: {@code run} (default), {@code check [--json]}, {@code install [--print-sql [--runtime-user NAME]]}, {@code uninstall [--table T]}, {@code alter T CLAUSE}, {@code status}, {@code verify}. */
public final class Application {
    private static final String USAGE = "usage: java -jar hana-cdc.jar [run | check [--json] | install [--print-sql [--runtime-user NAME]]"
            + " | uninstall [--table SCHEMA.TABLE] | alter SCHEMA.TABLE \"ALTER clause\" [--user NAME] | status"
            + " | verify [--tables schema.table,...] [--wait-seconds N]"
            + " | pause TABLE | resume TABLE | resnapshot TABLE | reset TABLE (--to latest | --data-id N | --timestamp ISO-8601)]";
    /** Exit code of verify when source and target differ (1 is an error, 2 a usage error). */
    private static final int DIFFERENCES_FOUND = 3;
    /** Exit code of check when a probe failed. */
    private static final int CHECK_FAILED = 4;

    private Application() {}

    public static void main(String[] args) {
        List<String> a = List.of(args);
        String command = a.isEmpty() || a.get(0).startsWith("-") ? "run" : a.get(0);
        try {
            switch (command) {
                case "run" -> run();
                case "install" -> {
                    Optional<String> runtimeUser = option(a, "--runtime-user");
                    if (runtimeUser.isPresent() && !a.contains("--print-sql")) {
                        System.err.println("--runtime-user goes with --print-sql: the script's grants are for the DBA to run\n" + USAGE);
                        System.exit(2);
                    }
                    new Commands(config(), System.out).install(a.contains("--print-sql"), runtimeUser);
                }
                case "check" -> {
                    if (!new Preflight(config()).check(System.out, a.contains("--json"))) {
                        System.exit(CHECK_FAILED);
                    }
                }
                case "uninstall" -> {
                    Optional<String> table = option(a, "--table");
                    if (a.size() != (table.isPresent() ? 3 : 1)) { // a mistyped option must not remove the whole task
                        System.err.println("uninstall takes no arguments other than --table SCHEMA.TABLE\n" + USAGE);
                        System.exit(2);
                    }
                    if (table.isPresent()) {
                        new Commands(config(), System.out).uninstallTable(table.get());
                    } else {
                        new Commands(config(), System.out).uninstall();
                    }
                }
                case "alter" -> {
                    Optional<String> user = option(a, "--user");
                    if (a.size() != (user.isPresent() ? 5 : 3) || a.get(1).startsWith("--") || a.get(2).startsWith("--")) {
                        System.err.println("alter takes a table, the ALTER clause in one argument, and optionally --user NAME\n" + USAGE);
                        System.exit(2);
                    }
                    CdcConfig cfg = config();
                    new Commands(cfg, System.out).alter(a.get(1), a.get(2), CdcConfig.alterSource(ConfigSource.lookup(), cfg.source(), user));
                }
                case "status" -> new Commands(config(), System.out).status();
                case "pause", "resume", "resnapshot", "reset" -> new AdminClient(AdminSettings.load(ConfigSource.lookup()), System.out)
                        .command(argument(a, command), command, resetBody(a, command));
                case "verify" -> {
                    if (!new Commands(config(), System.out).verify(option(a, "--tables"), option(a, "--wait-seconds"))) {
                        System.exit(DIFFERENCES_FOUND);
                    }
                }
                default -> {
                    System.err.println("unknown command '" + command + "'\n" + USAGE);
                    System.exit(2);
                }
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

    /** The table named after the command. */
    private static String argument(List<String> args, String command) {
        int i = args.indexOf(command);
        if (i + 1 >= args.size() || args.get(i + 1).startsWith("--")) {
            throw new CdcException(command + " needs a table: " + command + " SCHEMA.TABLE\n" + USAGE);
        }
        return args.get(i + 1);
    }

    /** The JSON body of a reset, from --to latest, --data-id N or --timestamp T. */
    private static String resetBody(List<String> args, String command) {
        if (!command.equals("reset")) {
            return "";
        }
        for (String name : List.of("--to", "--data-id", "--timestamp")) {
            Optional<String> v = option(args, name);
            if (v.isPresent()) {
                return switch (name) {
                    case "--to" -> TableApi.json(Map.of("to", v.get()));
                    case "--data-id" -> "{\"dataId\":" + Long.parseLong(v.get()) + "}";
                    default -> TableApi.json(Map.of("timestamp", v.get()));
                };
            }
        }
        throw new CdcException("reset needs --to latest, --data-id N or --timestamp 2024-01-31T12:00:00Z\n" + USAGE);
    }

    /** The value after a --name option, if given. */
    private static Optional<String> option(List<String> args, String name) {
        int i = args.indexOf(name);
        if (i >= 0 && i + 1 >= args.size()) {
            System.err.println(name + " needs a value\n" + USAGE);
            System.exit(2);
        }
        return i < 0 ? Optional.empty() : Optional.of(args.get(i + 1));
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
