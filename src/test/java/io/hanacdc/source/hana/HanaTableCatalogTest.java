package io.hanacdc.source.hana;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.schema.TableId;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.TableDescriptions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Many HANA tables described from one catalog read: each described or refused alone, in the order asked, a name
 * without columns left out (the SQL itself is pinned in hana-queries.sql).
 */
class HanaTableCatalogTest {
    private static final TableId GOOD = new TableId("SALES", "Orders");
    private static final TableId ODD_TYPE = new TableId("SALES", "Odd");
    private static final TableId KEY_GONE = new TableId("SALES", "Moving");
    private static final TableId MISSING = new TableId("SALES", "Nowhere");

    private static HanaTableCatalog.Column column(String name, String type, int length, int scale, boolean nullable) {
        return new HanaTableCatalog.Column(name, type, length, scale, nullable, null, -1);
    }

    @Test
    void eachTableIsDescribedOrRefusedAlone() {
        Map<TableId, List<HanaTableCatalog.Column>> columns = Map.of(
                GOOD, List.of(column("ID", "INTEGER", 10, 0, false), column("Amount", "DECIMAL", 15, 2, true)),
                ODD_TYPE, List.of(column("ID", "INTEGER", 10, 0, false), column("shape", "ST_GEOMETRY", 0, 0, true)),
                KEY_GONE, List.of(column("ID", "INTEGER", 10, 0, false)));
        Map<TableId, List<String>> keys = Map.of(GOOD, List.of("ID"), ODD_TYPE, List.of("ID"), KEY_GONE, List.of("NEW_KEY"));
        Map<TableId, SourceDialect.Description> out = TableDescriptions.assemble(List.of(KEY_GONE, MISSING, GOOD, ODD_TYPE), columns, keys, Map.of(),
                HanaTableCatalog::table);

        assertEquals(List.of(KEY_GONE, GOOD, ODD_TYPE), List.copyOf(out.keySet()), "in the order asked; a name without columns left out");
        SourceDialect.Description good = out.get(GOOD);
        assertNull(good.refused());
        assertEquals(List.of("ID", "Amount"), good.table().columnNames());
        assertEquals(List.of("ID"), good.table().primaryKey());
        assertEquals("DECIMAL(15,2)", good.table().columns().get(1).sourceType());
        assertTrue(out.get(ODD_TYPE).refused().getMessage().contains("SALES.Odd.shape"), out.get(ODD_TYPE).refused().getMessage());
        assertTrue(out.get(KEY_GONE).refused().getMessage().contains("could not be described"), out.get(KEY_GONE).refused().getMessage());
    }
}
