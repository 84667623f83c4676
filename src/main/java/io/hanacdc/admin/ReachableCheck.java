package io.hanacdc.admin;

import java.sql.Connection;
import java.util.Map;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

/** Readiness: a database answers, that is one of its pool's connections is valid within 3 s. */
final class ReachableCheck extends AbstractHealthCheck {
    /** Where the connection comes from: a pool, or the target's own way of opening one. */
    interface Connections {
        Connection get() throws Exception;
    }

    private final Connections connections;

    ReachableCheck(String id, Connections connections) {
        super(HealthChecks.GROUP, id);
        this.connections = connections;
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        try (Connection c = connections.get()) {
            if (c.isValid(3)) {
                builder.up();
            } else {
                builder.down().message("connection not valid");
            }
        } catch (Exception e) {
            builder.down().message("unreachable: " + e.getMessage());
        }
    }
}
