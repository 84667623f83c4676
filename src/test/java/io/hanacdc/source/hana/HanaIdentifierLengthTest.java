package io.hanacdc.source.hana;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import org.junit.jupiter.api.Test;

/**
 * HANA keeps names in CESU-8: a character outside the BMP is a surrogate pair of 3 bytes each, 6 bytes
 * where UTF-8 takes 4 (length-function-string-20e35f5.md), against a limit of 127
 * (introduction-to-sql-209f502.md, "Identifiers"). Capture names must fit as HANA measures them.
 */
class HanaIdentifierLengthTest {
    private final HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);

    /** CESU-8 bytes, counted here from the definition: every UTF-16 unit on its own. */
    private static int cesu8(String s) {
        return s.chars().map(ch -> ch < 0x80 ? 1 : ch < 0x800 ? 2 : 3).sum();
    }

    @Test
    void supplementaryCharactersCountSixBytes() {
        assertEquals(6, hana.identifierBytes("😀"));
        assertEquals(1 + 2 + 3 + 6, hana.identifierBytes("aäห😀"));
    }

    @Test
    void captureNamesOfSupplementaryCharacterTablesFitInCesu8() {
        CaptureNames names = new CaptureNames("CDC", hana);
        TableId a = new TableId("S", "😀".repeat(30) + "A"); // 121 UTF-8 bytes with "S$", 183 in CESU-8
        TableId b = new TableId("S", "😀".repeat(30) + "B");
        for (String name : new String[] {names.cdcTable(a), names.errorTable(a), names.trigger(a, "ins"), names.cdcColumn("😀".repeat(25), "_v2")}) {
            assertTrue(cesu8(name) <= 127, name + " is " + cesu8(name) + " CESU-8 bytes");
        }
        assertNotEquals(names.cdcTable(a), names.cdcTable(b));
        assertTrue(names.trigger(a, "ins").endsWith("$ins"));
    }
}
