package io.hanacdc.stream;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Re-reads the current rows of given keys from the source table, for changes captured without a
 * full image. Read after the batch, so the state is at least as new as every change in it; later
 * changes of the same key come in later batches and are applied after it.
 */
public final class KeyRefetcher {
    private static final int KEYS_PER_QUERY = 500;
    private final SourceDialect dialect;
    private final SourceTable table;
    private final String select;
    private final String keyTuple;
    private final String placeholder;

    public KeyRefetcher(SourceDialect dialect, SourceTable table) {
        this(dialect, table, table.columnNames());
    }

    /**
     * Reads rows in the given table's shape from a source table whose columns may since have been
     * renamed or dropped: {@code sourceNames} holds each column's name at the source now, null for one
     * that is gone (read as NULL).
     */
    public KeyRefetcher(SourceDialect dialect, SourceTable table, List<String> sourceNames) {
        this.dialect = dialect;
        this.table = table;
        List<String> select = new ArrayList<>();
        for (int i = 0; i < sourceNames.size(); i++) {
            String now = sourceNames.get(i);
            select.add(now == null ? "NULL" : dialect.selectExpression(table.columns().get(i).renamed(now)));
        }
        this.select = "SELECT " + String.join(", ", select) + " FROM " + dialect.qualified(table.id().schema(), table.id().name()) + " WHERE ";
        this.keyTuple = "(" + table.primaryKey().stream().map(k -> sourceNames.get(table.columnNames().indexOf(k)))
                .map(dialect::quote).collect(Collectors.joining(", ")) + ")";
        this.placeholder = "(" + table.keyColumns().stream().map(dialect::parameter).collect(Collectors.joining(", ")) + ")";
    }

    public List<Object[]> fetch(Connection source, List<Object[]> keys) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        List<SourceColumn> columns = table.columns();
        for (int start = 0; start < keys.size(); start += KEYS_PER_QUERY) {
            List<Object[]> chunk = keys.subList(start, Math.min(keys.size(), start + KEYS_PER_QUERY));
            String sql = select + keyTuple + " IN (" + String.join(", ", Collections.nCopies(chunk.size(), placeholder)) + ")";
            try (PreparedStatement ps = source.prepareStatement(sql)) {
                int p = 1;
                for (Object[] key : chunk) {
                    for (int k = 0; k < key.length; k++) {
                        ps.setObject(p++, dialect.bindValue(key[k], table.keyColumns().get(k).type()));
                    }
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Object[] row = new Object[columns.size()];
                        for (int i = 0; i < row.length; i++) {
                            row[i] = dialect.readValue(rs, i + 1, columns.get(i).type());
                        }
                        rows.add(row);
                    }
                }
            }
        }
        return rows;
    }
}
