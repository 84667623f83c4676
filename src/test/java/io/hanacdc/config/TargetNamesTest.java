package io.hanacdc.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The syntax of hanacdc.target.table-name and hanacdc.target.database-map. */
class TargetNamesTest {
    private static TargetNames load(Map<String, String> settings) {
        return TargetNames.load(new CdcConfig.Reader(k -> Optional.ofNullable(settings.get(k))));
    }

    @Test
    void defaultsKeepTheSourceTableNameInTheUrlsDatabase() {
        TargetNames n = load(Map.of());
        assertEquals("ORDERS", n.tableName(new TableId("SALES", "ORDERS")));
        assertEquals(Optional.empty(), n.database(new TableId("SALES", "ORDERS")));
    }

    @Test
    void templateFillsSchemaAndTableLiterally() {
        TargetNames n = load(Map.of(TargetNames.TEMPLATE_KEY, "${schema}__${table}_$1"));
        assertEquals("S$1__T\\x_$1", n.tableName(new TableId("S$1", "T\\x")));
    }

    @Test
    void unknownOrUnclosedPlaceholdersAreRefused() {
        String unknown = assertThrows(CdcException.class, () -> load(Map.of(TargetNames.TEMPLATE_KEY, "${Schema}_${table}"))).getMessage();
        assertTrue(unknown.contains("unknown placeholder ${Schema}"), unknown);
        String unclosed = assertThrows(CdcException.class, () -> load(Map.of(TargetNames.TEMPLATE_KEY, "${schema}_${table"))).getMessage();
        assertTrue(unclosed.contains("unclosed"), unclosed);
    }

    @Test
    void mapTakesQuotedNamesWithCommasColonsAndQuotes() {
        TargetNames n = load(Map.of(TargetNames.MAP_KEY, " s1 : db1 ,\"a,b:c\":\"my db\", \"say \"\"hi\"\"\":x,"));
        assertEquals(Map.of("s1", "db1", "a,b:c", "my db", "say \"hi\"", "x"), n.databases());
        assertEquals(Optional.of("my db"), n.database(new TableId("a,b:c", "t")));
        assertEquals(Optional.empty(), n.database(new TableId("S1", "t")), "schemas are matched as the catalog spells them");
    }

    @Test
    void malformedMapsAreRefused() {
        for (String bad : new String[] {"s1", "s1:", ":db", "s1:db1:x", "\"s1:db1", "s1:a,s1:b"}) {
            assertThrows(CdcException.class, () -> load(Map.of(TargetNames.MAP_KEY, bad)), bad);
        }
    }
}
