package io.hanacdc.pipeline;

import io.hanacdc.config.CdcConfig;
import org.apache.camel.LoggingLevel;
import org.apache.camel.builder.RouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The task's housekeeping routes: the source heartbeat, the schema check, and the purge of applied CDC rows, each a call of the task bean. */
public final class MaintenanceRoutes extends RouteBuilder {
    private static final Logger LOG = LoggerFactory.getLogger(MaintenanceRoutes.class);
    private final CdcConfig cfg;
    private final String task;

    /** @param taskBean the registry name of the bean with {@code beat()}, {@code checkSchemas()} and {@code purge()} */
    public MaintenanceRoutes(CdcConfig cfg, String taskBean) {
        this.cfg = cfg;
        this.task = "bean:" + taskBean + "?method=";
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
                .to(task + "beat");
        from("timer:hanacdc-schema?period=" + cfg.maintenance().schemaCheckInterval().toMillis()).routeId("hanacdc schema check")
                .onException(Exception.class).handled(true).log(LoggingLevel.WARN, LOG, "schema check failed (retried next time): ${exception.message}").end()
                .to(task + "checkSchemas");
        from("timer:hanacdc-purge?period=" + purge + "&delay=" + purge).routeId("hanacdc purge")
                .onException(Exception.class).handled(true).log(LoggingLevel.WARN, LOG, "purge failed (retried next time): ${exception.message}").end()
                .to(task + "purge")
                .filter(simple("${body} > 0")).log(LoggingLevel.INFO, LOG, "purged ${body} applied CDC rows");
    }
}
