package io.hanacdc.pipeline;

import io.hanacdc.config.CdcConfig;
import java.util.function.Supplier;
import org.apache.camel.LoggingLevel;
import org.apache.camel.builder.RouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The task's housekeeping routes: the source heartbeat, the schema check, and the purge of applied CDC rows. */
public final class MaintenanceRoutes extends RouteBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(MaintenanceRoutes.class);
    private final Supplier<CdcTask> task;
    private final CdcConfig cfg;

    /** @param task the running task, there once the context starts these routes */
    public MaintenanceRoutes(Supplier<CdcTask> task, CdcConfig cfg) {
        this.task = task;
        this.cfg = cfg;
    }

    /**
     * Each job fails alone and runs again at its next tick: the failure is handled (logged) by the
     * route's own error handler, never retried in between.
     */
    @Override
    public void configure() {
        long beat = cfg.maintenance().heartbeatInterval().toMillis();
        long purge = cfg.maintenance().purgeInterval().toMillis();
        from("timer:hanacdc-heartbeat?period=" + beat).routeId("hanacdc heartbeat")
                // the source is down: the tables' own retries report it
                .onException(Exception.class).handled(true).log(LoggingLevel.DEBUG, LOG, "heartbeat not written: ${exception.message}").end()
                .process(e -> task.get().beat());
        from("timer:hanacdc-schema?period=" + cfg.maintenance().schemaCheckInterval().toMillis()).routeId("hanacdc schema check")
                .onException(Exception.class).handled(true).log(LoggingLevel.WARN, LOG, "schema check failed (retried next time): ${exception.message}").end()
                .process(e -> task.get().checkSchemas());
        from("timer:hanacdc-purge?period=" + purge + "&delay=" + purge).routeId("hanacdc purge")
                .onException(Exception.class).handled(true).log(LoggingLevel.WARN, LOG, "purge failed (retried next time): ${exception.message}").end()
                .process(e -> {
                    long deleted = task.get().purge(task.get().purger(cfg), task.get().breaker(cfg));
                    if (deleted > 0) {
                        LOG.info("purged {} applied CDC rows", deleted);
                    }
                });
    }
}
