package io.hanacdc;

import io.hanacdc.check.Preflight;
import io.hanacdc.cli.Cli;
import io.hanacdc.config.AdminSettings;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.ConfigSource;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import org.apache.camel.main.BaseMainSupport;
import org.apache.camel.main.Main;
import org.apache.camel.main.MainListenerSupport;

/** Entry point: the command line (see {@link Cli}), and the task {@code run} starts, assembled for camel-main. */
public final class Application {
    /** The task run() started, for stop(). */
    private static volatile Main running;

    private Application() {}

    public static void main(String[] args) {
        Cli.main(args, Application::run);
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
