package io.hanacdc.admin;

import io.hanacdc.capture.UnreadCapture;
import java.util.Map;
import java.util.TreeMap;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckResultBuilder;
import org.apache.camel.impl.health.AbstractHealthCheck;

/**
 * Captured tables nothing in this task reads leave it ready but degraded: up, with the detail
 * "degraded" and, per table, "capture schema.table" naming the command that ends its capture.
 */
final class UnreadCaptureCheck extends AbstractHealthCheck {
    private static final String DEGRADED = "degraded";
    private static final String TABLE = "capture ";
    private final UnreadCapture unread;

    UnreadCaptureCheck(UnreadCapture unread) {
        super(HealthChecks.GROUP, "unread capture");
        this.unread = unread;
    }

    @Override
    protected void doCall(HealthCheckResultBuilder builder, Map<String, Object> options) {
        builder.up();
        for (UnreadCapture.Table t : unread.current()) {
            builder.detail(DEGRADED, true).detail(TABLE + t.id(), t.warning());
        }
    }

    /** The warnings a result of this check carries, by table ("capture schema.table"); none from any other check. */
    static Map<String, String> warnings(HealthCheck.Result result) {
        Map<String, String> out = new TreeMap<>();
        if (result.getCheck() instanceof UnreadCaptureCheck) {
            result.getDetails().forEach((k, v) -> {
                if (k.startsWith(TABLE)) {
                    out.put(k, String.valueOf(v));
                }
            });
        }
        return out;
    }
}
