package io.hanacdc.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.schema.TableId;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CaptureNamesTest {
    private final CaptureNames pg = new CaptureNames("hanacdc", 63);

    @Test
    void shortNamesAreReadable() {
        assertEquals("SALES$ORDERS", pg.cdcTable(new TableId("SALES", "ORDERS")));
        assertEquals("SALES$ORDERS$ins", pg.trigger(new TableId("SALES", "ORDERS"), "ins"));
        assertEquals("a\"b$c d", pg.cdcTable(new TableId("a\"b", "c d")));
    }

    @Test
    void longNamesFitTheLimitInBytesAndDifferWhenTheSourceNamesDifferOnlyAtTheEnd() {
        String stem = "ü".repeat(60); // two bytes each
        TableId a = new TableId("S", stem + "_A");
        TableId b = new TableId("S", stem + "_B");
        for (String kind : new String[] {"ins", "upd", "del", "fn", "tx"}) {
            String na = pg.trigger(a, kind);
            assertTrue(na.getBytes(StandardCharsets.UTF_8).length <= 63, na);
            assertTrue(na.endsWith("$" + kind), na);
            assertNotEquals(na, pg.trigger(b, kind));
        }
        assertNotEquals(pg.cdcTable(a), pg.cdcTable(b));
        assertEquals(pg.cdcTable(a), new CaptureNames("hanacdc", 63).cdcTable(a), "deterministic");
    }
}
