package io.hanacdc.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import java.util.List;
import org.junit.jupiter.api.Test;

class TablePatternTest {
    @Test
    void parsesPlainQuotedAndWildcardEntries() {
        assertEquals(List.of(new TablePattern("SALES", "ORDERS"), new TablePattern("my.schema", "t\"x"), new TablePattern("M", "*")),
                TablePattern.parseList(" SALES.ORDERS, \"my.schema\".\"t\"\"x\" ,M.*"));
    }

    @Test
    void wildcardsMatchWithinOneSchemaOnlyAndTreatRegexCharactersLiterally() {
        TablePattern p = TablePattern.parseList("S.ORD*").get(0);
        assertTrue(p.matches(new TableId("S", "ORDERS")));
        assertFalse(p.matches(new TableId("T", "ORDERS")));
        assertFalse(TablePattern.parseList("S.(x)*").get(0).matches(new TableId("S", "xy")));
    }

    @Test
    void rejectsMalformedAndDuplicateEntries() {
        assertThrows(CdcException.class, () -> TablePattern.parseList("justatable"));
        assertThrows(CdcException.class, () -> TablePattern.parseList("S.T,S.T"));
        assertThrows(CdcException.class, () -> TablePattern.parseList(""));
    }

    @Test
    void oneTableIsSpelledSoThatItReadsBackExactly() {
        for (TableId id : List.of(new TableId("SALES", "ORDERS"), new TableId("my.schema", "t\"x"), new TableId("s", "Odd Name.v2"))) {
            assertEquals(id, TablePattern.table(TablePattern.spell(id)));
        }
        assertEquals("\"my.schema\".\"t\"\"x\"", TablePattern.spell(new TableId("my.schema", "t\"x")));
        assertThrows(CdcException.class, () -> TablePattern.table("S.*"));
        assertThrows(CdcException.class, () -> TablePattern.table("justatable"));
    }
}
