package io.hanacdc.source.hana;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.LinkedHashMap;
import org.junit.jupiter.api.Test;

class HanaKeysTest {
    private static final Set<String> NOT_NULL = Set.of("A", "B", "C");

    @Test
    void thePrimaryKeyWinsOverEveryUniqueIndex() {
        assertEquals(new HanaKeys.Key(List.of("C"), null), HanaKeys.choose(List.of("C"), Map.of("U", List.of("A")), NOT_NULL));
    }

    @Test
    void withoutOneTheOldestUniqueIndexOverNotNullColumnsIsTheKey() {
        Map<String, List<String>> unique = new LinkedHashMap<>(); // oldest first, as the catalog read orders them
        unique.put("Z_NULLABLE", List.of("D"));
        unique.put("Y_TWO", List.of("A", "C"));
        unique.put("A_ONE", List.of("B"));
        assertEquals(new HanaKeys.Key(List.of("A", "C"), "Y_TWO"), HanaKeys.choose(List.of(), unique, NOT_NULL));
    }

    @Test
    void aUniqueIndexOverANullableColumnIsNoKey() {
        assertEquals(new HanaKeys.Key(List.of(), null), HanaKeys.choose(List.of(), Map.of("U", List.of("A", "D")), NOT_NULL));
    }
}
