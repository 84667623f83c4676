package io.hanacdc.sink.mysql;

import io.hanacdc.sql.Identifiers;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.stream.KeyMove;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes rows into one target table: batches of upserts with LOAD DATA where {@link LoadDataUpsert}
 * can, otherwise multi-row statements INSERT ... VALUES (...),(...) ON DUPLICATE KEY UPDATE; deletes
 * with DELETE ... WHERE key IN (...); a truncated source table's rows with {@link TargetEmptier}
 * before those. Statements carry
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
    private final ValueBinder binder;
    private ColumnLimits limits;
    private final ReusedStatement fullUpsert;
    private final ReusedStatement fullDelete;
    private final LoadDataUpsert load;
    private final TargetEmptier emptier;
    private final KeyMover mover;

    /** @param limits what the target table's columns hold exactly, as the server defines them now */
    RowWriter(MySqlTable table, ColumnLimits limits) {
        MySqlFlavor flavor = table.flavor();
        List<String> cols = table.source().columnNames().stream().map(Identifiers::backtick).toList();
        List<String> keyCols = table.source().primaryKey().stream().map(Identifiers::backtick).toList();
        this.table = table.source().id().toString();
        this.columns = table.source().columnNames();
        this.keys = table.source().primaryKey();
        this.binder = new ValueBinder(flavor);
        this.limits = limits;
        this.insertHead = "INSERT INTO " + table.qualifiedName() + " (" + String.join(", ", cols) + ") VALUES ";
        this.upsertTail = flavor.onDuplicateKeyUpdate(cols);
        this.rowPlaceholders = "(" + String.join(", ", Collections.nCopies(columns.size(), "?")) + ")";
        this.deleteHead = "DELETE FROM " + table.qualifiedName() + " WHERE ("
                + String.join(", ", keyCols) + ") IN (";
        this.keyPlaceholders = "(" + String.join(", ", Collections.nCopies(keys.size(), "?")) + ")";
        this.fullUpsert = new ReusedStatement(() -> upsertSql(perStatement(columns)));
        this.fullDelete = new ReusedStatement(() -> deleteSql(perStatement(keys)));
        this.load = new LoadDataUpsert(table);
        this.emptier = new TargetEmptier(table, binder, MAX_ROWS);
        this.mover = new KeyMover(table, binder);
    }

    /** The column definitions as the server has them now: values are checked against these from the next batch on. */
    void limits(ColumnLimits now) {
        limits = now;
    }

    public void apply(Connection c, ChangeSet changes) throws SQLException {
        if (changes.truncated()) {
            emptier.deleteAll(c);
        }
        if (!changes.moves().isEmpty()) {
            List<KeyMove> moves = changes.moves();
            mover.move(c, moves, limits.keys(moves.stream().map(KeyMove::from).toList()), limits.keys(moves.stream().map(KeyMove::to).toList()));
        }
        delete(c, changes.deletes());
        upsert(c, changes.upserts());
    }

    public void upsert(Connection c, List<Object[]> rows) throws SQLException {
        List<Object[]> fitted = limits.rows(rows);
        if (!load.write(c, fitted)) {
            write(c, fitted, columns, fullUpsert, this::upsertSql);
        }
    }

    public void delete(Connection c, List<Object[]> keyValues) throws SQLException {
        write(c, limits.keys(keyValues), keys, fullDelete, this::deleteSql);
    }

    private String upsertSql(int rows) {
        return insertHead + repeat(rowPlaceholders, rows) + upsertTail;
    }

    private String deleteSql(int rows) {
        return deleteHead + repeat(keyPlaceholders, rows) + ")";
    }

    private static int perStatement(List<String> names) {
        return Math.max(1, Math.min(MAX_ROWS, MAX_PARAMS / names.size()));
    }

    private interface SqlForRows {
        String sql(int rows);
    }

    /** Full statements go through the reused one; the remainder of a batch (or a statement cut short by size) is prepared once. */
    private void write(Connection c, List<Object[]> rows, List<String> names, ReusedStatement full, SqlForRows sqlFor) throws SQLException {
        int perStatement = perStatement(names);
        int start = 0;
        while (start < rows.size()) {
            int n = rowsFitting(rows, start, perStatement);
            if (n == perStatement) {
                bindAndRun(full.on(c), rows, start, n, names);
            } else {
                try (PreparedStatement ps = c.prepareStatement(sqlFor.sql(n))) {
                    bindAndRun(ps, rows, start, n, names);
                }
            }
            start += n;
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
                binder.bind(ps, p++, row[i]);
            }
        }
        try {
            ps.executeUpdate();
        } catch (SQLException e) {
            throw TargetWarnings.explained(e, table, rows, start, names);
        }
        TargetWarnings.check(ps, table, rows, start, names);
    }

    private static String repeat(String group, int n) {
        return Collections.nCopies(n, group).stream().collect(Collectors.joining(", "));
    }
}
