package io.hanacdc.admin;

import io.hanacdc.pipeline.TableStatus;
import io.hanacdc.pipeline.TableWorker;
import java.time.Duration;
import java.util.Map;
import org.apache.camel.ServiceStatus;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

/**
 * Readiness of a table the task reads: its route runs and, unless paused, it lags at most
 * hanacdc.health.max-lag-s. Its own check because Camel's route check counts a route that does not
 * start with the context (a table's starts once the context runs) as up whatever its state.
 */
final class TableCheck extends AbstractHealthCheck {
    private final TableWorker worker;
    private final String routeId;
    private final Duration maxLag;

    TableCheck(TableWorker worker, String routeId, Duration maxLag) {
        super(HealthChecks.GROUP, HealthChecks.tableId(worker.table().id().toString()));
        this.worker = worker;
        this.routeId = routeId;
        this.maxLag = maxLag;
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        ServiceStatus route = getCamelContext().getRouteController().getRouteStatus(routeId);
        TableStatus s = worker.status();
        builder.detail("lag.seconds", s.lag().toSeconds());
        if (route == null || !route.isStarted()) {
            builder.down().message("route not started");
        } else if (!s.paused() && s.lag().compareTo(maxLag) > 0) {
            builder.down().message("lag " + s.lag().toSeconds() + " s exceeds hanacdc.health.max-lag-s"
                    + (s.lastError() == null ? "" : "; last error: " + s.lastError()));
        } else {
            builder.up();
        }
    }
}
