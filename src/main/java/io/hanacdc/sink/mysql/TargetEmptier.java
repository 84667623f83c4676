package io.hanacdc.sink.mysql;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Empties a target table as a source TRUNCATE did, in the caller's transaction: a target TRUNCATE is
 * DDL and would commit on its own, ahead of the position. Deletes go by key range, a bounded number of
 * rows per statement (statement time limits, lock waits), in linear time overall. Ranges are spelled
 * out column by column because MariaDB uses no index for row-constructor comparisons, and
 * DELETE ... ORDER BY key LIMIT n would rescan the rows the transaction already deleted.
 */
final class TargetEmptier {
    private final String table;
    private final List<String> keys;
    private final List<SourceColumn> keyColumns;
    private final ValueBinder binder;
    private final int rowsPerStatement;

    /** A condition on the key with placeholders, and which key value each placeholder takes. */
    private record Condition(String sql, List<Integer> keyIndexes) {}

    TargetEmptier(MySqlTable table, ValueBinder binder, int rowsPerStatement) {
        this.table = table.qualifiedName();
        this.keys = table.source().primaryKey().stream().map(Identifiers::backtick).toList();
        this.keyColumns = table.source().keyColumns();
        this.binder = binder;
        this.rowsPerStatement = rowsPerStatement;
    }

    void deleteAll(Connection c) throws SQLException {
        Object[] after = null;
        while (true) {
            Object[] bound = bound(c, after);
            // a bound read back that selects no row (a value the round trip changed) ends in one statement too
            if (bound == null || delete(c, after, bound) == 0) {
                delete(c, after, null);
                return;
            }
            after = bound;
        }
    }

    /** The key rowsPerStatement rows on from after, in key order; null when fewer rows are left. */
    private Object[] bound(Connection c, Object[] after) throws SQLException {
        List<Condition> where = after == null ? List.of() : List.of(compare(">", ">"));
        String sql = "SELECT " + String.join(", ", keys) + " FROM " + table + where(where) + " ORDER BY " + String.join(", ", keys)
                + " LIMIT 1 OFFSET " + (rowsPerStatement - 1);
        try (PreparedStatement ps = prepare(c, sql, where, after, null); ResultSet rs = ps.executeQuery()) {
            if (!rs.next()) {
                return null;
            }
            Object[] key = new Object[keys.size()];
            for (int i = 0; i < key.length; i++) {
                key[i] = TargetValues.read(rs, i + 1, keyColumns.get(i).type());
            }
            return key;
        }
    }

    /** Deletes the rows with keys above after (if given) and up to bound (if given). */
    private int delete(Connection c, Object[] after, Object[] bound) throws SQLException {
        List<Condition> where = new ArrayList<>();
        if (after != null) {
            where.add(compare(">", ">"));
        }
        if (bound != null) {
            where.add(compare("<", "<="));
        }
        try (PreparedStatement ps = prepare(c, "DELETE FROM " + table + where(where), where, after, bound)) {
            return ps.executeUpdate();
        }
    }

    private static String where(List<Condition> conditions) {
        return conditions.isEmpty() ? "" : " WHERE " + String.join(" AND ", conditions.stream().map(Condition::sql).toList());
    }

    /** (k1, k2, ...) compared with a key in key order: k1 op ? OR (k1 = ? AND k2 op ?) ..., the last column with lastOp. */
    private Condition compare(String op, String lastOp) {
        List<String> terms = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            List<String> term = new ArrayList<>();
            for (int j = 0; j < i; j++) {
                term.add(keys.get(j) + " = ?");
                indexes.add(j);
            }
            term.add(keys.get(i) + " " + (i == keys.size() - 1 ? lastOp : op) + " ?");
            indexes.add(i);
            terms.add("(" + String.join(" AND ", term) + ")");
        }
        return new Condition("(" + String.join(" OR ", terms) + ")", indexes);
    }

    /** Binds the conditions in order: the first (if any) to after, or to bound when there is no after; the second to bound. */
    private PreparedStatement prepare(Connection c, String sql, List<Condition> where, Object[] after, Object[] bound) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        try {
            int p = 1;
            for (int w = 0; w < where.size(); w++) {
                Object[] key = w == 0 && after != null ? after : bound;
                for (int i : where.get(w).keyIndexes()) {
                    binder.bind(ps, p++, key[i]);
                }
            }
            return ps;
        } catch (SQLException | RuntimeException e) {
            ps.close();
            throw e;
        }
    }
}
