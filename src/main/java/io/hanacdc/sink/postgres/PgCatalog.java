package io.hanacdc.sink.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** What the target database has: schemas, a table's columns and unique keys (names compared exactly, as they are quoted). */
final class PgCatalog {
    private PgCatalog() {}

    static List<String> columns(Connection c, String schema, String table) throws SQLException {
        return strings(c, "SELECT column_name FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position",
                schema, table);
    }

    /** The column sets of the table's unique indexes without predicate or expression: what ON CONFLICT (columns) can name. */
    static Collection<Set<String>> uniqueKeys(Connection c, String schema, String table) throws SQLException {
        Map<Long, Set<String>> keys = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT i.indexrelid, a.attname FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid"
                + " JOIN pg_namespace n ON n.oid = t.relnamespace JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY (i.indkey)"
                + " WHERE n.nspname = ? AND t.relname = ? AND i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL")) {
            ps.setString(1, schema);
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    keys.computeIfAbsent(rs.getLong(1), k -> new HashSet<>()).add(rs.getString(2));
                }
            }
        }
        return keys.values();
    }

    /** Every schema of the database, also one the user has no right in (information_schema would hide it: "create it" would mislead). */
    static List<String> schemas(Connection c) throws SQLException {
        return strings(c, "SELECT nspname FROM pg_catalog.pg_namespace");
    }

    static String currentSchema(Connection c) throws SQLException {
        List<String> s = strings(c, "SELECT current_schema()");
        return s.isEmpty() ? null : s.get(0);
    }

    private static List<String> strings(Connection c, String sql, String... params) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setString(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }
}
