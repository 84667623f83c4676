package io.hanacdc.target.mysql;

import io.hanacdc.CdcException;
import io.hanacdc.sql.Identifiers;
import io.hanacdc.stream.ChangeSet;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes rows into one target table with multi-row statements: INSERT ... VALUES (...),(...) ON
 * DUPLICATE KEY UPDATE for upserts and DELETE ... WHERE key IN (...) for deletes. Statements carry
 * up to {@link #MAX_ROWS} rows, stay under the server's 65,535 placeholder limit and, unless one row
 * alone is larger, under {@link #MAX_BYTES}. The caller owns
 * the transaction.
 */
public final class RowWriter {
    static final int MAX_ROWS = 1000;
    private static final int MAX_PARAMS = 60_000;
    /** A statement is one packet: stay well under max_allowed_packet (16 MB by default on MariaDB 10.6+, 64 MB on MySQL 8). */
    private static final long MAX_BYTES = 4 << 20;
    private final String insertHead;
    private final String upsertTail;
    private final String rowPlaceholders;
    private final String deleteHead;
    private final String keyPlaceholders;
    private final String table;
    private final List<String> columns;
    private final List<String> keys;

    public RowWriter(TargetTable table, MySqlFlavor flavor) {
        List<String> cols = table.source().columnNames().stream().map(Identifiers::backtick).toList();
        List<String> keyCols = table.source().primaryKey().stream().map(Identifiers::backtick).toList();
        this.table = table.source().id().toString();
        this.columns = table.source().columnNames();
        this.keys = table.source().primaryKey();
        this.insertHead = "INSERT INTO " + table.qualifiedName() + " (" + String.join(", ", cols) + ") VALUES ";
        this.upsertTail = flavor.onDuplicateKeyUpdate(cols);
        this.rowPlaceholders = "(" + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
        this.deleteHead = "DELETE FROM " + table.qualifiedName() + " WHERE ("
                + String.join(", ", keyCols) + ") IN (";
        this.keyPlaceholders = "(" + String.join(", ", Collections.nCopies(keys.size(), "?")) + ")";
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

    private void write(Connection c, List<Object[]> rows, List<String> names, SqlForRows sqlFor) throws SQLException {
        int perStatement = Math.max(1, Math.min(MAX_ROWS, MAX_PARAMS / names.size()));
        PreparedStatement full = null;
        try {
            int start = 0;
            while (start < rows.size()) {
                int n = rowsFitting(rows, start, perStatement);
                if (n == perStatement) {
                    if (full == null) {
                        full = c.prepareStatement(sqlFor.sql(n));
                    }
                    bindAndRun(full, rows, start, n, names);
                } else {
                    try (PreparedStatement ps = c.prepareStatement(sqlFor.sql(n))) {
                        bindAndRun(ps, rows, start, n, names);
                    }
                }
                start += n;
            }
        } finally {
            if (full != null) {
                full.close();
            }
        }
    }

    /** How many rows from start go into one statement: at most max, and together under MAX_BYTES (a large row goes alone). */
    private static int rowsFitting(List<Object[]> rows, int start, int max) {
        long bytes = 0;
        int n = 0;
        while (n < max && start + n < rows.size()) {
            bytes += approximateBytes(rows.get(start + n));
            if (n > 0 && bytes > MAX_BYTES) {
                break;
            }
            n++;
        }
        return n;
    }

    private static long approximateBytes(Object[] row) {
        long bytes = 0;
        for (Object v : row) {
            bytes += v instanceof byte[] b ? 2L * b.length : v instanceof String s ? 4L * s.length() : 16;
        }
        return bytes;
    }

    private void bindAndRun(PreparedStatement ps, List<Object[]> rows, int start, int n, List<String> names) throws SQLException {
        int p = 1;
        for (int r = start; r < start + n; r++) {
            Object[] row = rows.get(r);
            for (int i = 0; i < row.length; i++) {
                checkStorable(row[i], names.get(i));
                bind(ps, p++, row[i]);
            }
        }
        ps.executeUpdate();
    }

    /** Typed setters for the common types: the drivers' setObject looks for a codec for every value. */
    private static void bind(PreparedStatement ps, int p, Object v) throws SQLException {
        if (v instanceof String s) {
            ps.setString(p, s);
        } else if (v instanceof Long l) {
            ps.setLong(p, l);
        } else if (v instanceof Integer i) {
            ps.setInt(p, i);
        } else if (v instanceof BigDecimal d) {
            ps.setBigDecimal(p, d);
        } else if (v == null) {
            ps.setNull(p, Types.NULL);
        } else {
            ps.setObject(p, v);
        }
    }

    /**
     * MySQL/MariaDB have no NaN or infinity, and their dates end at year 9999 (PostgreSQL's 'infinity'
     * reads as year +999999999). No lossless mapping exists, so the batch fails naming the column
     * rather than storing something else.
     */
    private void checkStorable(Object v, String column) {
        boolean unstorable = v instanceof Double d ? d.isNaN() || d.isInfinite()
                : v instanceof Float f ? f.isNaN() || f.isInfinite()
                : v instanceof LocalDateTime t ? t.getYear() < 0 || t.getYear() > 9999
                : v instanceof LocalDate d && (d.getYear() < 0 || d.getYear() > 9999);
        if (unstorable) {
            throw new CdcException("table " + table + " column " + column + ": value " + v + " cannot be stored in MySQL/MariaDB"
                    + " (no NaN/Infinity, years 0000-9999 only); the table stops here so nothing is lost: correct the value at the source, then re-load the table");
        }
    }

    private static String repeat(String group, int n) {
        return Collections.nCopies(n, group).stream().collect(Collectors.joining(", "));
    }
}
