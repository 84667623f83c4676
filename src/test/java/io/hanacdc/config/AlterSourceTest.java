package io.hanacdc.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Who the alter command connects as: --user, then hanacdc.alter.*, then the task's user; a password never goes to another user. */
class AlterSourceTest {
    private static final CdcConfig.Endpoint TASK = new CdcConfig.Endpoint("jdbc:sap://h:30015", "CDC_USER", "task-secret");

    private static CdcConfig.Endpoint as(Map<String, String> settings, String user) {
        return CdcConfig.alterSource(k -> Optional.ofNullable(settings.get(k)), TASK, Optional.ofNullable(user));
    }

    @Test
    void theTasksUserWithItsPasswordWhenNothingIsSet() {
        assertEquals(TASK, as(Map.of(), null));
    }

    @Test
    void theSettingsUserAndPassword() {
        assertEquals(new CdcConfig.Endpoint(TASK.url(), "DBA", "dba-secret"),
                as(Map.of("hanacdc.alter.user", "DBA", "hanacdc.alter.password", "dba-secret"), null));
    }

    @Test
    void theCommandLineUserWinsAndNeverGetsTheTasksPassword() {
        assertEquals(new CdcConfig.Endpoint(TASK.url(), "OWNER", "dba-secret"),
                as(Map.of("hanacdc.alter.user", "DBA", "hanacdc.alter.password", "dba-secret"), "OWNER"));
        assertEquals(new CdcConfig.Endpoint(TASK.url(), "OWNER", ""), as(Map.of(), "OWNER"));
    }
}
