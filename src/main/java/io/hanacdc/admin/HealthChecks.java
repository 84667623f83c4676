package io.hanacdc.admin;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.AdminSettings;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TableStatus;
import io.hanacdc.pipeline.TableWorker;
import org.apache.camel.CamelContext;
import org.apache.camel.health.HealthCheckRegistry;

/**
 * hana-cdc's readiness checks, group "hanacdc", in Camel's health-check registry: "source" and
 * "target" reachable, "table schema.table" per table (stopped, route not running or lagging: down)
 * and "unread capture" (up, degraded while captured tables go unread). Whatever reads the registry
 * reports them: /health/ready, and the hosting runtime's own health endpoint (Camel Quarkus's, which
 * Camel K probes; camel-main's /observe/health when enabled). Camel's own checks (context, routes,
 * consumers) are in the same registry.
 */
public final class HealthChecks {
    static final String GROUP = "hanacdc";
    private final HealthCheckRegistry registry;

    private HealthChecks(HealthCheckRegistry registry) {
        this.registry = registry;
    }

    /** The context's registry; asked before the task installs anything, so a runtime without one stops first. */
    public static HealthChecks of(CamelContext camel) {
        HealthCheckRegistry registry = HealthCheckRegistry.get(camel);
        if (registry == null || !registry.isEnabled()) {
            throw new CdcException("hana-cdc reports its health through Camel's health-check registry, which this Camel runtime"
                    + " does not provide: put camel-health on the class path and leave it enabled (under Camel Quarkus,"
                    + " quarkus.camel.health.enabled not false)");
        }
        return new HealthChecks(registry);
    }

    /** @param routeId the route that drives the tables */
    public void register(CdcTask task, AdminSettings settings, String routeId) {
        registry.register(new ReachableCheck("source", ReachableCheck.of(task.source())));
        registry.register(new ReachableCheck("target", task.target()::ping));
        for (TableStatus s : task.stopped()) {
            registry.register(new StoppedTableCheck(s));
        }
        for (TableWorker w : task.workers()) {
            registry.register(new TableCheck(w, routeId, settings.maxLag()));
        }
        registry.register(new UnreadCaptureCheck(task.unread()));
    }

    static String tableId(String table) {
        return "table " + table;
    }
}
