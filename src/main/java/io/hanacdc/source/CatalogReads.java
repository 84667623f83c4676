package io.hanacdc.source;

import io.hanacdc.schema.TableId;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** The small catalog reads both dialects make: first column of a query bound to a schema (and table). */
public final class CatalogReads {
    private CatalogReads() {}

    /** The first column of every row; parameters are the schema and, when given, the table of {@code id}. */
    public static List<String> strings(Connection c, String sql, String schema, String table) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = prepare(c, sql, schema, table); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    public static List<String> strings(Connection c, String sql, TableId id) throws SQLException {
        return strings(c, sql, id.schema(), id.name());
    }

    /** The first column of the first row as a number, 0 when there is none. */
    public static long number(Connection c, String sql, TableId id) throws SQLException {
        try (PreparedStatement ps = prepare(c, sql, id.schema(), id.name()); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    /** A statement with the schema (and table, when not null) bound as its parameters. */
    public static PreparedStatement prepare(Connection c, String sql, String schema, String table) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        ps.setString(1, schema);
        if (table != null) {
            ps.setString(2, table);
        }
        return ps;
    }
}
