package io.hanacdc.sink;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import io.hanacdc.sink.mysql.MySqlTargets;
import io.hanacdc.sink.postgres.PostgresTargets;
import org.junit.jupiter.api.Test;

/** Targets are found by their URL among the kinds the class path declares, and an unknown URL is refused by name. */
class TargetResolverTest {
    @Test
    void mysqlAndMariadbUrlsFindTheMySqlKind() {
        assertInstanceOf(MySqlTargets.class, TargetResolver.kind("jdbc:mysql://127.0.0.1:3306/replica"));
        assertInstanceOf(MySqlTargets.class, TargetResolver.kind("jdbc:mariadb://127.0.0.1:3306/replica"));
    }

    @Test
    void postgresqlUrlsFindThePostgresKind() {
        assertInstanceOf(PostgresTargets.class, TargetResolver.kind("jdbc:postgresql://127.0.0.1:5432/replica"));
    }

    @Test
    void anUnknownUrlIsRefusedWithTheFormsAcceptedAndNoPassword() {
        CdcException e = assertThrows(CdcException.class, () -> TargetResolver.kind("jdbc:sqlserver://h:1433/db?user=u&password=secret"));
        assertTrue(e.getMessage().contains("names no target hana-cdc writes to") && e.getMessage().contains("jdbc:mysql://") && e.getMessage().contains("jdbc:postgresql://"), e.getMessage());
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
    }
}
