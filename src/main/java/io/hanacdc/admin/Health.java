package io.hanacdc.admin;

import io.hanacdc.common.Json;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.camel.CamelContext;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;

/**
 * The probes' answers, computed by Camel's health-check registry (see HealthChecks): /health/ready
 * runs its readiness checks, /health/live its liveness ones (Camel's context check). Each check's
 * result is "UP" or what is wrong; ready when all are up, "DEGRADED" (still ready) with "warnings"
 * while captured tables go unread. A caller who may not see the checks gets the status alone.
 */
final class Health {
    /** Camel's exposure level that returns every check's result, not only the failing ones. */
    private static final String EVERY_CHECK = "full";

    /**
     * @param status the HTTP status: 200 when up, 503 when not
     * @param state UP, DEGRADED or DOWN
     */
    record Answer(int status, String state, String json) {
        /** The answer for a caller who may not see each check (they name every table): the state alone. */
        String statusOnly() {
            return Json.write(Map.of("status", state));
        }
    }

    private Health() {}

    static Answer readiness(CamelContext camel) {
        return answer(HealthCheckHelper.invokeReadiness(camel, EVERY_CHECK), true);
    }

    static Answer liveness(CamelContext camel) {
        return answer(HealthCheckHelper.invokeLiveness(camel, EVERY_CHECK), false);
    }

    private static Answer answer(Collection<HealthCheck.Result> results, boolean readiness) {
        Map<String, String> checks = new LinkedHashMap<>();
        Map<String, String> warnings = new TreeMap<>();
        for (HealthCheck.Result r : results) {
            checks.put(r.getCheck().getId(), describe(r));
            warnings.putAll(UnreadCaptureCheck.warnings(r));
        }
        boolean up = HealthCheckHelper.isResultsUp(results, readiness);
        Map<String, Object> body = new LinkedHashMap<>();
        String state = !up ? "DOWN" : warnings.isEmpty() ? "UP" : "DEGRADED"; // degraded is still ready
        body.put("status", state);
        body.put("checks", checks);
        if (!warnings.isEmpty()) {
            body.put("warnings", warnings);
        }
        return new Answer(up ? 200 : 503, state, Json.write(body));
    }

    /** "UP", else the check's message, its error's, or its bare state (a route still starting is DOWN without a message). */
    private static String describe(HealthCheck.Result r) {
        if (r.getState() == HealthCheck.State.UP) {
            return "UP";
        }
        return r.getMessage().or(() -> r.getError().map(Throwable::getMessage)).orElse(r.getState().name());
    }
}
