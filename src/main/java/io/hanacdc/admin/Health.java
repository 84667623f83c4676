package io.hanacdc.admin;

import io.hanacdc.config.AdminSettings;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TableStatus;
import io.hanacdc.pipeline.TableWorker;
import java.sql.Connection;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.sql.DataSource;
import org.apache.camel.CamelContext;
import org.apache.camel.Route;

/**
 * Readiness: both databases answer, every Camel route runs, and no table that is not paused lags
 * more than hanacdc.health.max-lag-s. Ready but degraded: captured tables the task does not read.
 * Liveness is simply that the process answers.
 */
public final class Health {
    private final CdcTask task;
    private final AdminSettings settings;
    private final CamelContext camel;

    public Health(CdcTask task, AdminSettings settings, CamelContext camel) {
        this.task = task;
        this.settings = settings;
        this.camel = camel;
    }

    /** Check name to "UP" or the problem; ready when all are UP. */
    public Map<String, String> readiness() {
        Map<String, String> checks = new LinkedHashMap<>();
        checks.put("source", reachable(task.source()));
        checks.put("target", reachable(() -> {
            task.target().ping();
            return "UP";
        }));
        for (Route r : camel.getRoutes()) {
            boolean started = camel.getRouteController().getRouteStatus(r.getRouteId()).isStarted();
            checks.put("route " + r.getRouteId(), started ? "UP" : "route not started");
        }
        for (TableStatus s : task.stopped()) {
            checks.put("table " + s.table(), "stopped: " + s.lastError());
        }
        for (TableWorker w : task.workers()) {
            TableStatus s = w.status();
            boolean late = !s.paused() && s.lag().compareTo(settings.maxLag()) > 0;
            checks.put("table " + s.table(), !late ? "UP" : "lag " + s.lag().toSeconds() + " s exceeds hanacdc.health.max-lag-s"
                    + (s.lastError() == null ? "" : "; last error: " + s.lastError()));
        }
        return checks;
    }

    /** What leaves the task ready but degraded: captured tables it does not read, each with the command that ends its capture. */
    public Map<String, String> warnings() {
        Map<String, String> out = new LinkedHashMap<>();
        task.unread().current().forEach(t -> out.put("capture " + t.id(), t.warning()));
        return out;
    }

    public static boolean allUp(Map<String, String> checks) {
        return checks.values().stream().allMatch("UP"::equals);
    }

    private interface Ping {
        String run() throws Exception;
    }

    private static String reachable(DataSource ds) {
        return reachable(() -> {
            try (Connection c = ds.getConnection()) {
                return c.isValid(3) ? "UP" : "connection not valid";
            }
        });
    }

    private static String reachable(Ping ping) {
        try {
            return ping.run();
        } catch (Exception e) {
            return "unreachable: " + e.getMessage();
        }
    }
}
