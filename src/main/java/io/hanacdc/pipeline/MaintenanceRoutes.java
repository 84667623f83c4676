package io.hanacdc.pipeline;

import io.hanacdc.config.CdcConfig;
import java.util.function.Supplier;
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

    @Override
    public void configure() {
        long beat = cfg.maintenance().heartbeatInterval().toMillis();
        long purge = cfg.maintenance().purgeInterval().toMillis();
        from("timer:hanacdc-heartbeat?period=" + beat).routeId("hanacdc heartbeat")
                .process(e -> {
                    try {
                        task.get().beat();
                    } catch (Exception ex) { // the source is down: the tables' own retries report it
                        LOG.debug("heartbeat not written: {}", ex.getMessage());
                    }
                });
        from("timer:hanacdc-schema?period=" + cfg.maintenance().schemaCheckInterval().toMillis()).routeId("hanacdc schema check")
                .process(e -> {
                    try {
                        task.get().checkSchemas();
                    } catch (Exception ex) {
                        LOG.warn("schema check failed (retried next time): {}", ex.getMessage());
                    }
                });
        from("timer:hanacdc-purge?period=" + purge + "&delay=" + purge).routeId("hanacdc purge")
                .process(e -> {
                    try {
                        long deleted = task.get().purge(task.get().purger(cfg));
                        if (deleted > 0) {
                            LOG.info("purged {} applied CDC rows", deleted);
                        }
                    } catch (Exception ex) {
                        LOG.warn("purge failed (retried next time): {}", ex.getMessage());
                    }
                });
    }
}
