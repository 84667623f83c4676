package io.hanacdc;

import io.hanacdc.admin.AdminClient;
import io.hanacdc.admin.AdminRoutes;
import io.hanacdc.admin.Commands;
import io.hanacdc.admin.HeldBack;
import io.hanacdc.admin.Metrics;
import io.hanacdc.admin.TableApi;
import io.hanacdc.admin.StatusReporter;
import io.hanacdc.changes.ChangeRoutes;
import io.hanacdc.changes.ChangeTransforms;
import io.hanacdc.cluster.ClusterServices;
import io.hanacdc.cluster.ClusterSettings;
import io.hanacdc.cluster.TableOwnership;
import io.hanacdc.config.AdminSettings;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.ConfigSource;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.MaintenanceRoutes;
import io.hanacdc.pipeline.TableRoutes;
import io.hanacdc.pipeline.TableWorker;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.apache.camel.CamelContext;
import org.apache.camel.cluster.CamelClusterService;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.Main;
import org.apache.camel.main.MainListenerSupport;

/** Entry point: {@code run} (default), {@code install [--print-sql]}, {@code uninstall}, {@code status}, {@code verify}. */
public final class Application {
    private static final String USAGE = "usage: java -jar hana-cdc.jar [run | install [--print-sql] | uninstall | status"
            + " | verify [--tables schema.table,...] [--wait-seconds N]"
            + " | pause TABLE | resume TABLE | resnapshot TABLE | reset TABLE (--to latest | --data-id N | --timestamp ISO-8601)]";
    /** Exit code of verify when source and target differ (1 is an error, 2 a usage error). */
    private static final int DIFFERENCES_FOUND = 3;

    private Application() {}

    public static void main(String[] args) {
        List<String> a = List.of(args);
        String command = a.isEmpty() || a.get(0).startsWith("-") ? "run" : a.get(0);
        try {
            switch (command) {
                case "run" -> run();
                case "install" -> new Commands(config(), System.out).install(a.contains("--print-sql"));
                case "uninstall" -> new Commands(config(), System.out).uninstall();
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
        CdcConfig cfg = config();
        ClusterSettings cluster = ClusterSettings.load(ConfigSource.lookup());
        Metrics metrics = new Metrics();
        ChangeRoutes changeRoutes = new ChangeRoutes();
        CdcTask task = CdcTask.start(cfg, metrics, changeRoutes);
        HeldBack heldBack = new HeldBack(task.source(), task::heldBackQuery);
        metrics.bind(task.workers(), heldBack);
        Main main = new Main();
        main.setPropertyPlaceholderLocations(ConfigSource.propertiesLocation());
        main.configure().withRoutesIncludePattern(ConfigSource.routesLocation());
        main.configure().httpServer().withEnabled(true).withHost(cfg.admin().host()).withPort(cfg.admin().port());
        main.bind("hanacdcStatus", new StatusReporter(task.workers()));
        main.bind("hanacdcTransforms", new ChangeTransforms());
        TableRoutes tableRoutes = new TableRoutes(task, cfg.pollInterval().toMillis(), new TableOwnership(cfg.task(), cluster));
        main.configure().addRoutesBuilder(tableRoutes);
        main.configure().addRoutesBuilder(new MaintenanceRoutes(task, cfg));
        main.configure().addRoutesBuilder(new AdminRoutes(new TableApi(task.workers(), heldBack), metrics, task, cfg.admin()));
        Optional<CamelClusterService> clusterService = ClusterServices.create(cluster);
        main.addMainListener(new MainListenerSupport() {
            @Override
            public void beforeConfigure(BaseMainSupport m) {
                clusterService.ifPresent(service -> addService(m.getCamelContext(), service));
            }

            @Override
            public void afterStart(BaseMainSupport m) {
                // Tables start last: every change route of a user is running before a table's first batch.
                changeRoutes.bind(m.getCamelContext(), task.workers().stream().map(TableWorker::table).toList());
                try {
                    tableRoutes.startAll();
                } catch (Exception e) {
                    throw new CdcException("the table routes could not start: " + e.getMessage(), e);
                }
                embedded.ifPresent(EmbeddedDefault::taskStarted);
            }

            @Override
            public void afterStop(BaseMainSupport m) {
                task.close();
                embedded.ifPresent(EmbeddedDefault::close);
            }
        });
        main.run();
    }

    private static void addService(CamelContext camel, CamelClusterService service) {
        try {
            camel.addService(service);
        } catch (Exception e) {
            throw new CdcException("the cluster service " + service.getId() + " could not start: " + e.getMessage(), e);
        }
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
