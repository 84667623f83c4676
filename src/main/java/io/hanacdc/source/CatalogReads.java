package io.hanacdc.source;

import io.hanacdc.schema.TableId;
import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

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

    /** A query of (name, number) rows bound to one schema, as a map. */
    public static Map<String, Long> counts(Connection c, String sql, String schema) throws SQLException {
        Map<String, Long> out = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, schema);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return out;
    }

    /** The first column of the first row of a query without parameters as a number, 0 when there is none. */
    public static long number(Connection c, String sql) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    /** "(schema = 'a' AND table = 'b') OR ..." over the given tables, names inlined as literals; FALSE-like when empty. */
    public static String anyOf(String schemaColumn, String tableColumn, Collection<TableId> tables) {
        if (tables.isEmpty()) {
            return "1 = 0";
        }
        return tables.stream().map(t -> "(" + schemaColumn + " = " + Identifiers.literal(t.schema()) + " AND "
                + tableColumn + " = " + Identifiers.literal(t.name()) + ")")
                .collect(Collectors.joining(" OR ", "(", ")"));
    }

    /**
     * Assembles stamps from a catalog query returning, per column in order: schema, table, object id,
     * column id, column name, column descriptor (type, nullability, default, key membership).
     */
    public static Map<TableId, TableStamp> stamps(Connection c, String sql) throws SQLException {
        Map<TableId, TableStamp> out = new LinkedHashMap<>();
        Map<TableId, StringBuilder> prints = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                TableId id = new TableId(rs.getString(1), rs.getString(2));
                long oid = rs.getLong(3);
                TableStamp stamp = out.computeIfAbsent(id, k -> new TableStamp(k, oid, null, new LinkedHashMap<>()));
                stamp.columnIds().put(rs.getString(5), rs.getLong(4));
                prints.computeIfAbsent(id, k -> new StringBuilder())
                        .append(rs.getLong(4)).append(':').append(rs.getString(5)).append(':').append(rs.getString(6)).append(';');
            }
        }
        out.replaceAll((id, s) -> new TableStamp(id, s.objectId(), prints.get(id).toString(), Map.copyOf(s.columnIds())));
        return out;
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
