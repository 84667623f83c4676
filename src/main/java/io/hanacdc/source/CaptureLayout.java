package io.hanacdc.source;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One capture version of a table: its shape, and for each of its columns the CDC-table column that
 * holds its values (null when not captured, e.g. non-key columns in keys-only mode). A CDC table only
 * ever gains columns: a column renamed at the source keeps its CDC column; an added or retyped one
 * gets a new one; a dropped one's CDC column stays for the rows of earlier versions.
 */
public record CaptureLayout(SourceTable table, int captureVersion, List<String> cdcColumns) {
    public CaptureLayout {
        if (cdcColumns.size() != table.columns().size()) {
            throw new IllegalArgumentException("one CDC column (or null) per column of " + table.id());
        }
        cdcColumns = Collections.unmodifiableList(new ArrayList<>(cdcColumns));
    }

    /** Version 1: every captured column in a CDC column of its own name. */
    public static CaptureLayout initial(SourceTable table, boolean keysOnly) {
        List<String> cdc = new ArrayList<>();
        for (SourceColumn c : table.columns()) {
            cdc.add(!keysOnly || table.primaryKey().contains(c.name()) ? c.name() : null);
        }
        return new CaptureLayout(table, 1, cdc);
    }

    /** The captured columns, in table order. */
    public List<SourceColumn> captured() {
        List<SourceColumn> out = new ArrayList<>();
        for (int i = 0; i < cdcColumns.size(); i++) {
            if (cdcColumns.get(i) != null) {
                out.add(table.columns().get(i));
            }
        }
        return out;
    }

    /** The captured columns under their CDC-table names, typed as at the source: the CDC table's own columns. */
    public List<SourceColumn> capturedAsCdcColumns() {
        List<SourceColumn> captured = captured();
        List<String> cdc = capturedCdcColumns();
        List<SourceColumn> out = new ArrayList<>();
        for (int i = 0; i < captured.size(); i++) {
            out.add(captured.get(i).renamed(cdc.get(i)));
        }
        return out;
    }

    /** The CDC columns of {@link #captured()}, in the same order. */
    public List<String> capturedCdcColumns() {
        return cdcColumns.stream().filter(Objects::nonNull).toList();
    }

    /** The CDC column of a source column of this version. */
    public String cdcColumn(String sourceColumn) {
        return cdcColumns.get(table.columnNames().indexOf(sourceColumn));
    }

    /** Whether every column is captured (rows carry full images). */
    public boolean fullImage() {
        return cdcColumns.stream().allMatch(Objects::nonNull);
    }
}
