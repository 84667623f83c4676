package io.hanacdc.sink.postgres;

import io.hanacdc.stream.ChangeSet;
import io.hanacdc.stream.KeyMove;
import io.hanacdc.sink.ValueRules;
import io.hanacdc.sink.postgres.PgColumns.Column;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.sql.Types;
import java.util.List;
import java.util.function.IntFunction;

/**
 * Writes a batch into one target table, in the caller's transaction: a truncated source table's rows first (DELETE),
 * then the key changes as UPDATEs of the key, then the deletes by key, then the upserts — through {@link CopyUpsert}
 * where it can, else multi-row INSERT … ON CONFLICT (key) DO UPDATE. Every value is checked against its column first
 * ({@link PgExactValues}).
 */
final class PgWriter {
    /** Placeholders per statement: the protocol allows 65,535, older drivers 32,767. */
    private static final int MAX_PARAMS = 30_000;
    private static final int MAX_ROWS = 1000;
    private static final String UNIQUE_VIOLATION = "23505";
    private final PgTable table;
    private final PgExactValues exact;
    private final PgErrors errors;
    private final CopyUpsert copy;
    private List<Column> columns;
    private List<Column> keyColumns;
    private long rowsCopied;

    PgWriter(PgTable table, ValueRules rules, List<Column> columns) {
        this.table = table;
        this.exact = new PgExactValues(table.source().id().toString(), rules);
        this.errors = new PgErrors(table.source().id().toString());
        this.copy = new CopyUpsert(table);
        columns(columns);
    }

    /** The column definitions as the server has them now: values are checked against these from the next batch on. */
    void columns(List<Column> now) {
        columns = now;
        keyColumns = table.source().primaryKey().stream().map(k -> now.get(table.source().columnNames().indexOf(k))).toList();
    }

    void apply(Connection c, ChangeSet changes) throws SQLException {
        if (changes.truncated()) {
            try (Statement s = c.createStatement()) {
                s.executeUpdate(PgStatements.deleteAll(table));
            }
        }
        if (!changes.moves().isEmpty()) {
            List<KeyMove> moves = changes.moves();
            move(c, exact.rows(keyColumns, moves.stream().map(KeyMove::from).toList()), exact.rows(keyColumns, moves.stream().map(KeyMove::to).toList()),
                    moves);
        }
        List<Object[]> deletes = exact.rows(keyColumns, changes.deletes());
        write(c, deletes, keyColumns.size(), n -> PgStatements.delete(table, n));
        List<Object[]> upserts = exact.rows(columns, changes.upserts());
        if (copy.write(c, upserts, errors)) {
            rowsCopied += upserts.size();
        } else {
            write(c, upserts, columns.size(), n -> PgStatements.upsert(table, n));
        }
    }

    /**
     * Each move an UPDATE of the key, in the order given. One whose new key is taken on the target is left to the batch's
     * deletes and upserts, which leave each key as the source has it: the failed statement alone is undone (a savepoint).
     */
    /** Rows this writer put through COPY (check's round trip proves it took that path). */
    long rowsCopied() {
        return rowsCopied;
    }

    private void move(Connection c, List<Object[]> from, List<Object[]> to, List<KeyMove> moves) throws SQLException {
        try (PreparedStatement up = c.prepareStatement(PgStatements.moveKey(table)); PreparedStatement del = c.prepareStatement(PgStatements.deleteKey(table))) {
            for (int i = 0; i < moves.size(); i++) {
                if (moves.get(i).clearFirst()) { // removed at the source before the row moved there: removed here first too
                    bind(del, 1, to.get(i));
                    del.executeUpdate();
                }
                bind(up, 1, to.get(i));
                bind(up, 1 + to.get(i).length, from.get(i));
                Savepoint sp = c.getAutoCommit() ? null : c.setSavepoint(); // outside a transaction (check's probes) a failure undoes itself
                try {
                    up.executeUpdate();
                    if (sp != null) {
                        c.releaseSavepoint(sp);
                    }
                } catch (SQLException e) {
                    if (sp != null) {
                        c.rollback(sp);
                    }
                    if (!UNIQUE_VIOLATION.equals(e.getSQLState())) {
                        throw errors.explained(e, to.subList(i, i + 1));
                    }
                }
            }
        }
    }

    private void write(Connection c, List<Object[]> rows, int width, IntFunction<String> sql) throws SQLException {
        int perStatement = Math.max(1, Math.min(MAX_ROWS, MAX_PARAMS / width));
        PreparedStatement full = null;
        try {
            for (int start = 0; start < rows.size(); start += perStatement) {
                int n = Math.min(perStatement, rows.size() - start);
                if (n == perStatement) {
                    full = full == null ? c.prepareStatement(sql.apply(n)) : full;
                    run(full, rows.subList(start, start + n));
                } else {
                    try (PreparedStatement ps = c.prepareStatement(sql.apply(n))) {
                        run(ps, rows.subList(start, start + n));
                    }
                }
            }
        } finally {
            if (full != null) {
                full.close();
            }
        }
    }

    private void run(PreparedStatement ps, List<Object[]> rows) throws SQLException {
        int p = 1;
        for (Object[] row : rows) {
            p = bind(ps, p, row);
        }
        try {
            ps.executeUpdate();
        } catch (SQLException e) {
            throw errors.explained(e, rows);
        }
    }

    /** Binds the values from parameter p on; returns the next parameter. Typed setters for the common types. */
    private static int bind(PreparedStatement ps, int p, Object[] values) throws SQLException {
        for (Object v : values) {
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
            p++;
        }
        return p;
    }
}
