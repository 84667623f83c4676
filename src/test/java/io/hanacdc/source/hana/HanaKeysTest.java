package io.hanacdc.source.hana;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class HanaKeysTest {
    private static final Set<String> NOT_NULL = Set.of("A", "B", "C");

    @Test
    void thePrimaryKeyWinsOverEveryUniqueIndex() {
        assertEquals(new HanaKeys.Key(List.of("C"), null), HanaKeys.choose(List.of("C"), Map.of("U", List.of("A")), NOT_NULL));
    }

    @Test
    void withoutOneTheUniqueIndexOfFewestNotNullColumnsThenByNameIsTheKey() {
        Map<String, List<String>> unique = new TreeMap<>(Map.of("Z_ONE", List.of("B"), "A_TWO", List.of("A", "C"), "B_ONE", List.of("C"),
                "A_NULLABLE", List.of("D")));
        assertEquals(new HanaKeys.Key(List.of("C"), "B_ONE"), HanaKeys.choose(List.of(), unique, NOT_NULL));
    }

    @Test
    void aUniqueIndexOverANullableColumnIsNoKey() {
        assertEquals(new HanaKeys.Key(List.of(), null), HanaKeys.choose(List.of(), Map.of("U", List.of("A", "D")), NOT_NULL));
    }
}
