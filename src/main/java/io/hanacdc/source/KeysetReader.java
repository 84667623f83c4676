package io.hanacdc.source;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reads a source table in primary-key order, one chunk at a time, each chunk starting after the last
 * key of the previous one (keyset paging: no OFFSET, no long-open cursor). Serves the initial load
 * and verify.
 */
public final class KeysetReader {
    private final SourceDialect dialect;
    private final SourceTable table;
    private final int chunkSize;
    private final String firstChunk;
    private final String nextChunk;
    private final int[] keyIndexes;
    private final List<ColumnType> keyTypes;

    public KeysetReader(SourceDialect dialect, SourceTable table, int chunkSize) {
        this(dialect, table, chunkSize, null);
    }

    /** A reader of only the rows matching filter (an SQL predicate, null: all), e.g. one key range for verify. */
    public KeysetReader(SourceDialect dialect, SourceTable table, int chunkSize, String filter) {
        this.dialect = dialect;
        this.table = table;
        this.chunkSize = chunkSize;
        // ORDER BY names the table's columns through its alias: a bare name would mean the selected value of that
        // name, which for a column read converted (an enum as text) sorts differently from the key predicate
        String select = "SELECT " + table.columns().stream().map(dialect::selectExpression).collect(Collectors.joining(", "))
                + " FROM " + dialect.qualified(table.id().schema(), table.id().name()) + " k";
        String order = " ORDER BY " + table.primaryKey().stream().map(c -> "k." + dialect.quote(c)).collect(Collectors.joining(", "))
                + dialect.limit(chunkSize);
        this.firstChunk = select + (filter == null ? "" : " WHERE " + filter) + order;
        this.nextChunk = select + " WHERE " + (filter == null ? "" : filter + " AND ") + dialect.keyAfterPredicate(table.keyColumns()) + order;
        this.keyIndexes = table.primaryKey().stream().mapToInt(k -> table.columnNames().indexOf(k)).toArray();
        this.keyTypes = table.keyColumns().stream().map(SourceColumn::type).toList();
    }

    public int chunkSize() {
        return chunkSize;
    }

    /** The rows after the given key (null: from the start), at most one chunk, values in column order. */
    public List<Object[]> chunkAfter(Connection source, Object[] afterKey) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        try (PreparedStatement ps = source.prepareStatement(afterKey == null ? firstChunk : nextChunk)) {
            if (afterKey != null) {
                int[] order = dialect.keyAfterParameterOrder(afterKey.length);
                for (int i = 0; i < order.length; i++) {
                    ps.setObject(i + 1, dialect.bindValue(afterKey[order[i]], keyTypes.get(order[i])));
                }
            }
            ps.setFetchSize(Math.min(chunkSize, 5000));
            try (ResultSet rs = ps.executeQuery()) {
                List<SourceColumn> cols = table.columns();
                while (rs.next()) {
                    Object[] row = new Object[cols.size()];
                    for (int i = 0; i < row.length; i++) {
                        row[i] = dialect.readValue(rs, i + 1, cols.get(i).type());
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    /** The primary-key values of a row read by this reader, in key order. */
    public Object[] key(Object[] row) {
        Object[] key = new Object[keyIndexes.length];
        for (int i = 0; i < key.length; i++) {
            key[i] = row[keyIndexes[i]];
        }
        return key;
    }
}
