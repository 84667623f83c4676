package io.hanacdc.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SAP HANA's RENAME COLUMN takes no schema and runs after SET SCHEMA (rename-column-statement-data-definition-20fb2b8.md,
 * set-schema-statement-session-management-20fd550.md): the session gets its default schema back, so a pooled or reused
 * connection resolves names as before; a driver without getSchema is left as it is.
 */
class SourceTransactionTest {
    private static Connection session(String[] schema, List<String> set, boolean supported) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class}, (p, m, a) -> switch (m.getName()) {
            case "getSchema" -> {
                if (!supported) {
                    throw new SQLFeatureNotSupportedException();
                }
                yield schema[0];
            }
            case "setSchema" -> {
                set.add((String) a[0]);
                schema[0] = (String) a[0];
                yield null;
            }
            default -> null;
        });
    }

    @Test
    void theSessionGetsItsSchemaBackAfterWorkThatChangedIt() throws Exception {
        String[] schema = {"CDC_USER"};
        List<String> set = new ArrayList<>();
        SourceTransaction.keepingSchema(session(schema, set, true), c -> schema[0] = "SALES");
        assertEquals(List.of("CDC_USER"), set);
        set.clear();
        SourceTransaction.keepingSchema(session(schema, set, true), c -> null);
        assertEquals(List.of(), set, "unchanged: nothing set");
        SourceTransaction.keepingSchema(session(schema, set, false), c -> null);
        assertEquals(List.of(), set);
    }
}
