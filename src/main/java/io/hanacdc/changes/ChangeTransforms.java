package io.hanacdc.changes;

import io.hanacdc.common.CdcException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Ready-made rewrites for change routes, so common customisations need no Java. Bound as the bean
 * {@code hanacdcTransforms}; each method changes the batch in place and returns it, e.g. in YAML:
 * {@code - bean: {ref: hanacdcTransforms, method: "mask(${body}, 'email')"}}. Key columns cannot be
 * masked or dropped: rows would merge on the target.
 */
public final class ChangeTransforms {
    /** Replaces each character of a text column's value with '*' (same length, so it still fits the column). */
    public ChangeBatch mask(ChangeBatch batch, String column) {
        checkNotKey(batch, column, "mask");
        for (Map<String, Object> row : batch.getUpserts()) {
            Object v = row.get(column);
            if (v != null && !(v instanceof String)) {
                throw new CdcException("table " + batch.getTable() + ": mask works on text columns; " + column + " holds " + v.getClass().getSimpleName());
            }
            if (v != null) {
                row.put(column, "*".repeat(((String) v).length()));
            }
        }
        return batch;
    }

    /** Leaves a column out: the target column receives NULL. */
    public ChangeBatch drop(ChangeBatch batch, String column) {
        checkNotKey(batch, column, "drop");
        batch.getUpserts().forEach(row -> row.put(column, null));
        return batch;
    }

    /**
     * Keeps rows whose column has the given value (compared as text) off the target: such an upsert
     * becomes a delete of its key, so a row that changes into the excluded value also leaves the target.
     */
    public ChangeBatch exclude(ChangeBatch batch, String column, String value) {
        for (Iterator<Map<String, Object>> it = batch.getUpserts().iterator(); it.hasNext(); ) {
            Map<String, Object> row = it.next();
            if (row.get(column) != null && Objects.equals(String.valueOf(row.get(column)), value)) {
                Map<String, Object> key = new LinkedHashMap<>();
                batch.getKeyColumns().forEach(k -> key.put(k, row.get(k)));
                batch.getDeletes().add(key);
                it.remove();
            }
        }
        return batch;
    }

    private static void checkNotKey(ChangeBatch batch, String column, String what) {
        if (batch.getKeyColumns().contains(column)) {
            throw new CdcException("table " + batch.getTable() + ": cannot " + what + " key column " + column);
        }
    }
}
