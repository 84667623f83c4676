package io.hanacdc.schema;

import java.util.List;

/** A subscribed source table: its columns in catalog order and its primary key columns in key order. */
public record SourceTable(TableId id, List<SourceColumn> columns, List<String> primaryKey) {
    public SourceTable {
        columns = List.copyOf(columns);
        primaryKey = List.copyOf(primaryKey);
    }

    public SourceColumn column(String name) {
        return columns.stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no column " + name + " in " + id));
    }

    public List<SourceColumn> keyColumns() {
        return primaryKey.stream().map(this::column).toList();
    }

    public List<String> columnNames() {
        return columns.stream().map(SourceColumn::name).toList();
    }
}
