package io.hanacdc.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeyRangeTest {
    @Test
    void splitsIntoConsecutivePartsCoveringTheRange() {
        assertEquals(List.of(new KeyRange(0, 24), new KeyRange(25, 49), new KeyRange(50, 74), new KeyRange(75, 99)), new KeyRange(0, 99).split(4));
        assertEquals(List.of(new KeyRange(5, 5), new KeyRange(6, 6)), new KeyRange(5, 6).split(16), "no more parts than values");
        assertEquals(List.of(new KeyRange(7, 7)), new KeyRange(7, 7).split(16));
    }

    @Test
    void theWholeSixtyFourBitRangeSplitsWithoutOverflow() {
        List<KeyRange> parts = new KeyRange(Long.MIN_VALUE, Long.MAX_VALUE).split(16);
        assertEquals(16, parts.size());
        assertEquals(Long.MIN_VALUE, parts.get(0).lo());
        assertEquals(Long.MAX_VALUE, parts.get(15).hi());
        for (int i = 1; i < parts.size(); i++) {
            assertEquals(parts.get(i - 1).hi() + 1, parts.get(i).lo());
        }
        assertEquals("`id` BETWEEN -9223372036854775808 AND -8070450532247928833", parts.get(0).predicate("`id`"));
    }
}
