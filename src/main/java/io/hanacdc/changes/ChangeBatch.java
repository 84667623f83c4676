package io.hanacdc.changes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.stream.ChangeSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A table's changes as the message body routes see: rows to upsert (column → value, every column)
 * and keys to delete (key column → value), coalesced to the last change per key. Routes may change
 * values, remove rows or move upserts to deletes; the result is applied as it is returned. A batch
 * that follows a source TRUNCATE is {@link #isTruncated() truncated}: the target table is emptied
 * first, then its deletes and upserts (the rows written after the truncate) are applied. As text
 * (a log or file endpoint) it is one line of JSON.
 */
public final class ChangeBatch {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final String table;
    private final String origin;
    private final List<String> keyColumns;
    private boolean truncated;
    private final List<Map<String, Object>> upserts = new ArrayList<>();
    private final List<Map<String, Object>> deletes = new ArrayList<>();

    private ChangeBatch(String table, String origin, List<String> keyColumns) {
        this.table = table;
        this.origin = origin;
        this.keyColumns = keyColumns;
    }

    static ChangeBatch of(SourceTable table, ChangeHook.Origin origin, ChangeSet changes) {
        ChangeBatch batch = new ChangeBatch(table.id().toString(), origin.name().toLowerCase(), table.primaryKey());
        batch.truncated = changes.truncated();
        changes.upserts().forEach(row -> batch.upserts.add(named(table.columnNames(), row)));
        changes.deletes().forEach(key -> batch.deletes.add(named(table.primaryKey(), key)));
        return batch;
    }

    /** Back to rows in the table's column order; a column the table does not have is an error, a missing one is NULL. */
    ChangeSet toChangeSet(SourceTable table, int[] keyIndexes) {
        List<Object[]> up = new ArrayList<>();
        for (Map<String, Object> row : upserts) {
            up.add(values(table, table.columnNames(), row));
        }
        List<Object[]> del = new ArrayList<>();
        for (Map<String, Object> key : deletes) {
            for (String k : table.primaryKey()) {
                if (key.get(k) == null) {
                    throw new CdcException("table " + table.id() + ": a delete returned by its change route has no value for key column " + k);
                }
            }
            del.add(values(table, table.primaryKey(), key));
        }
        return ChangeSet.resolved(truncated, del, up, keyIndexes);
    }

    private static Map<String, Object> named(List<String> columns, Object[] values) {
        Map<String, Object> row = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            row.put(columns.get(i), values[i]);
        }
        return row;
    }

    private static Object[] values(SourceTable table, List<String> columns, Map<String, Object> row) {
        for (String name : row.keySet()) {
            if (!columns.contains(name)) {
                throw new CdcException("table " + table.id() + ": its change route returned column '" + name
                        + "', which the table does not have (columns: " + String.join(", ", columns) + ")");
            }
        }
        return columns.stream().map(row::get).toArray();
    }

    /** The source table, schema.table. */
    public String getTable() {
        return table;
    }

    /** "snapshot" for a (re-)snapshot chunk, "stream" for captured changes. */
    public String getOrigin() {
        return origin;
    }

    /** Whether the source table was truncated before these changes: the target table is emptied before they are applied. */
    public boolean isTruncated() {
        return truncated;
    }

    public List<String> getKeyColumns() {
        return keyColumns;
    }

    public List<Map<String, Object>> getUpserts() {
        return upserts;
    }

    public List<Map<String, Object>> getDeletes() {
        return deletes;
    }

    @Override
    public String toString() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("table", table);
        out.put("origin", origin);
        if (truncated) {
            out.put("truncated", true);
        }
        out.put("upserts", upserts.stream().map(ChangeBatch::printable).toList());
        out.put("deletes", deletes.stream().map(ChangeBatch::printable).toList());
        try {
            return JSON.writeValueAsString(out);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a map of printable values always serializes", e);
        }
    }

    /** Numbers, booleans, text and bytes (base64) as JSON has them; dates, times and others as their text. */
    private static Map<String, Object> printable(Map<String, Object> row) {
        Map<String, Object> out = new LinkedHashMap<>();
        row.forEach((k, v) -> out.put(k, v == null || v instanceof Number || v instanceof Boolean || v instanceof String
                || v instanceof byte[] ? v : v.toString()));
        return out;
    }
}
