package io.hanacdc.admin;

import java.sql.SQLException;
import java.util.Map;
import javax.sql.DataSource;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

/** Readiness: a database answers (for a pool: one of its connections is valid within 3 s). */
final class ReachableCheck extends AbstractHealthCheck {
    /** Throws unless the database answers now. */
    interface Ping {
        void run() throws Exception;
    }

    private final Ping ping;

    ReachableCheck(String id, Ping ping) {
        super(HealthChecks.GROUP, id);
        this.ping = ping;
    }

    static Ping of(DataSource pool) {
        return () -> {
            try (var c = pool.getConnection()) {
                if (!c.isValid(3)) {
                    throw new SQLException("connection not valid");
                }
            }
        };
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        try {
            ping.run();
            builder.up();
        } catch (Exception e) {
            builder.down().message("unreachable: " + e.getMessage());
        }
    }
}
