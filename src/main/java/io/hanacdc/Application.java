package io.hanacdc;

import io.hanacdc.check.Preflight;
import io.hanacdc.cli.Cli;
import io.hanacdc.common.StartupTimeline;
import io.hanacdc.config.AdminSettings;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.ConfigSource;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Function;
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
        StartupTimeline.mark("main: run");
        long t = System.nanoTime();
        Function<String, Optional<String>> settings = ConfigSource.lookup(); // each lookup builds a context: read once
        Optional<EmbeddedDefault> embedded = startEmbeddedIfUnconfigured(settings);
        if (embedded.isPresent()) {
            settings = ConfigSource.lookup(); // now with the embedded databases' settings
        }
        CdcConfig cfg = CdcConfig.load(settings); // bad settings stop here, before Camel starts
        StartupTimeline.took("settings read", t);
        if (embedded.isEmpty()) { // the demo's own databases need no proof
            t = System.nanoTime();
            new Preflight(cfg).gate("run");
            StartupTimeline.took("preflight gate", t);
        }
        AdminSettings admin = AdminSettings.load(settings);
        Main main = new Main();
        main.setPropertyPlaceholderLocations(ConfigSource.propertiesLocation());
        main.configure().withRoutesIncludePattern(ConfigSource.routesLocation());
        main.configure().httpServer().withEnabled(true).withHost(admin.host()).withPort(admin.port());
        main.configure().addRoutesBuilder(new HanaCdcRoutes(() -> embedded.ifPresent(EmbeddedDefault::taskStarted)));
        running = main;
        main.addMainListener(new MainListenerSupport() {
            @Override
            public void beforeStart(BaseMainSupport m) {
                StartupTimeline.mark("Camel starting");
            }

            @Override
            public void afterStart(BaseMainSupport m) {
                StartupTimeline.mark("Camel started");
            }

            @Override
            public void afterStop(BaseMainSupport m) {
                embedded.ifPresent(EmbeddedDefault::close);
            }
        });
        main.run();
    }

    /** With no source configured, the demo build's embedded databases stand in (see EmbeddedDefault). */
    private static Optional<EmbeddedDefault> startEmbeddedIfUnconfigured(Function<String, Optional<String>> configured) throws Exception {
        if (configured.apply("hanacdc.source.url").isPresent()) {
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
