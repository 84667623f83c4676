package io.hanacdc.verify;

import java.util.List;

/**
 * One key whose row differs between source and target.
 *
 * @param key the key values as read (bindable on both sides), for re-checking
 * @param keyText the key for people: column = value, ...
 * @param columns for DIFFERENT: each differing column as "name: source value ≠ target value"
 */
record Difference(Kind kind, Object[] key, String keyText, List<String> columns) {
    enum Kind {
        /** In the source, not in the target. */
        MISSING,
        /** In the target, not in the source. */
        EXTRA,
        /** In both, with different values. */
        DIFFERENT
    }

    /** Whether two checks found the same difference (the task did not change it in between). */
    boolean sameAs(Difference other) {
        return kind == other.kind && keyText.equals(other.keyText) && columns.equals(other.columns);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case MISSING -> "missing in target: " + keyText;
            case EXTRA -> "extra in target:   " + keyText;
            case DIFFERENT -> "different:         " + keyText + ": " + String.join("; ", columns);
        };
    }
}
