package io.hanacdc.admin;

import io.hanacdc.pipeline.TableStatus;
import java.util.Map;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

/** Readiness of a table that cannot be replicated and stopped at start: down, with its reason, until the task restarts. */
final class StoppedTableCheck extends AbstractHealthCheck {
    private final String reason;

    StoppedTableCheck(TableStatus stopped) {
        super(HealthChecks.GROUP, HealthChecks.tableId(stopped.table()));
        this.reason = "stopped: " + stopped.lastError();
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        builder.down().message(reason);
    }
}
