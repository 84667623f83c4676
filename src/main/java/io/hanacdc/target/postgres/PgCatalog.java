package io.hanacdc.target.postgres;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** What the target database has: schemas, and a table's columns (names compared exactly, as they are quoted). */
final class PgCatalog {
    private PgCatalog() {}

    static List<String> columns(Connection c, String schema, String table) throws SQLException {
        return strings(c, "SELECT column_name FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position",
                schema, table);
    }

    static List<String> schemas(Connection c) throws SQLException {
        return strings(c, "SELECT schema_name FROM information_schema.schemata");
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
