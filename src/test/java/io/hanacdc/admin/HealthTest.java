package io.hanacdc.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import java.sql.SQLException;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

/** The probes answer from Camel's health-check registry: a database that does not answer there turns readiness down. */
class HealthTest {
    @Test
    void anUnreachableTargetTurnsReadinessDown() throws Exception {
        try (DefaultCamelContext camel = new DefaultCamelContext()) {
            camel.start();
            HealthCheckRegistry registry = HealthCheckRegistry.get(camel);
            registry.register(new ReachableCheck("source", () -> { }));
            registry.register(new ReachableCheck("target", () -> {
                throw new SQLException("Connection refused");
            }));
            Health.Answer ready = Health.readiness(camel);
            assertEquals(503, ready.status(), ready.json());
            assertTrue(ready.json().startsWith("{\"status\":\"DOWN\""), ready.json());
            assertTrue(ready.json().contains("\"source\":\"UP\"") && ready.json().contains("\"target\":\"unreachable: Connection refused\""),
                    ready.json());
            assertEquals("{\"status\":\"DOWN\"}", ready.statusOnly(), "a caller without the token learns the status, not each check");
            Health.Answer live = Health.liveness(camel);
            assertEquals(200, live.status(), "a database that does not answer is no reason to restart the process: " + live.json());
        }
    }

    @Test
    void withoutCamelsRegistryTheTaskDoesNotStart() throws Exception {
        try (DefaultCamelContext camel = new DefaultCamelContext()) {
            HealthCheckRegistry.get(camel).setEnabled(false);
            CdcException e = assertThrows(CdcException.class, () -> HealthChecks.of(camel), "/health/ready would have nothing to ask");
            assertTrue(e.getMessage().contains("health-check registry") && e.getMessage().contains("camel-health"), e.getMessage());
        }
    }
}
