package io.hanacdc.target.mysql;

import io.hanacdc.sql.Identifiers;
import io.hanacdc.stream.ChangeSet;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes rows into one target table with multi-row statements: INSERT ... VALUES (...),(...) ON
 * DUPLICATE KEY UPDATE for upserts and DELETE ... WHERE key IN (...) for deletes. Statements carry
 * up to {@link #MAX_ROWS} rows and stay under the server's 65,535 placeholder limit. The caller owns
 * the transaction.
 */
public final class RowWriter {
    static final int MAX_ROWS = 1000;
    private static final int MAX_PARAMS = 60_000;
    private final String insertHead;
    private final String upsertTail;
    private final String rowPlaceholders;
    private final String deleteHead;
    private final String keyPlaceholders;
    private final int columns;
    private final int keys;

    public RowWriter(TargetTable table, MySqlFlavor flavor) {
        List<String> cols = table.source().columnNames().stream().map(Identifiers::backtick).toList();
        List<String> keyCols = table.source().primaryKey().stream().map(Identifiers::backtick).toList();
        this.columns = cols.size();
        this.keys = keyCols.size();
        this.insertHead = "INSERT INTO " + table.qualifiedName() + " (" + String.join(", ", cols) + ") VALUES ";
        this.upsertTail = flavor.onDuplicateKeyUpdate(cols);
        this.rowPlaceholders = "(" + String.join(", ", Collections.nCopies(columns, "?")) + ")";
        this.deleteHead = "DELETE FROM " + table.qualifiedName() + " WHERE ("
                + String.join(", ", keyCols) + ") IN (";
        this.keyPlaceholders = "(" + String.join(", ", Collections.nCopies(keys, "?")) + ")";
    }

    public void apply(Connection c, ChangeSet changes) throws SQLException {
        delete(c, changes.deletes());
        upsert(c, changes.upserts());
    }

    public void upsert(Connection c, List<Object[]> rows) throws SQLException {
        write(c, rows, columns, n -> insertHead + repeat(rowPlaceholders, n) + upsertTail);
    }

    public void delete(Connection c, List<Object[]> keyValues) throws SQLException {
        write(c, keyValues, keys, n -> deleteHead + repeat(keyPlaceholders, n) + ")");
    }

    private interface SqlForRows {
        String sql(int rows);
    }

    private static void write(Connection c, List<Object[]> rows, int width, SqlForRows sqlFor) throws SQLException {
        int perStatement = Math.max(1, Math.min(MAX_ROWS, MAX_PARAMS / width));
        PreparedStatement full = null;
        try {
            for (int start = 0; start < rows.size(); start += perStatement) {
                int n = Math.min(perStatement, rows.size() - start);
                if (n == perStatement) {
                    if (full == null) {
                        full = c.prepareStatement(sqlFor.sql(n));
                    }
                    bindAndRun(full, rows, start, n);
                } else {
                    try (PreparedStatement ps = c.prepareStatement(sqlFor.sql(n))) {
                        bindAndRun(ps, rows, start, n);
                    }
                }
            }
        } finally {
            if (full != null) {
                full.close();
            }
        }
    }

    private static void bindAndRun(PreparedStatement ps, List<Object[]> rows, int start, int n) throws SQLException {
        int p = 1;
        for (int r = start; r < start + n; r++) {
            for (Object v : rows.get(r)) {
                ps.setObject(p++, v);
            }
        }
        ps.executeUpdate();
    }

    private static String repeat(String group, int n) {
        return Collections.nCopies(n, group).stream().collect(Collectors.joining(", "));
    }
}
