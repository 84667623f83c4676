package io.hanacdc.sink.mysql;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sql.ChecksumSql;
import io.hanacdc.sql.Identifiers;
import io.hanacdc.sql.KeyRange;
import io.hanacdc.sql.RangeChecksums;
import io.hanacdc.sink.TargetRows;
import io.hanacdc.sink.TargetSession;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Reads one target table for verify: rows by key, its keys in the target's own key order chunk by chunk, and range checksums. */
final class MySqlRows implements TargetRows {
    private static final int KEYS_PER_QUERY = 500;
    private final ChecksumSql checksumSql;
    private final MySqlTable table;
    private RangeChecksums checksums;
    private final List<SourceColumn> columns;
    private final List<SourceColumn> keyColumns;
    private final String rowsByKey;
    private final String keyPlaceholder;
    private final String keyList;
    /** Keys bound as the writer binds them: SAP HANA's empty date, say, as the zero date. */
    private final ValueBinder binder;

    MySqlRows(MySqlTable table, MySqlFlavor flavor) {
        this.table = table;
        this.checksumSql = new MySqlChecksumSql(table.types());
        this.binder = new ValueBinder(flavor);
        SourceTable source = table.source();
        this.columns = source.columns();
        this.keyColumns = source.keyColumns();
        this.keyList = source.primaryKey().stream().map(Identifiers::backtick).collect(Collectors.joining(", "));
        this.rowsByKey = "SELECT " + columns.stream().map(MySqlRows::selectExpression).collect(Collectors.joining(", "))
                + " FROM " + table.qualifiedName() + " WHERE (" + keyList + ") IN (";
        this.keyPlaceholder = "(" + String.join(", ", Collections.nCopies(keyColumns.size(), "?")) + ")";
    }

    /** MySQL/MariaDB send a FLOAT as text with 6 significant digits; as a DOUBLE it arrives exactly. */
    private static String selectExpression(SourceColumn c) {
        String name = Identifiers.backtick(c.name());
        return c.type().kind() == ColumnType.Kind.REAL ? "CAST(" + name + " AS DOUBLE)" : name;
    }

    @Override
    public long count(TargetSession session) throws SQLException {
        Connection c = MySqlSession.of(session);
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table.qualifiedName())) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            if ("42S02".equals(e.getSQLState())) {
                throw new CdcException("target table " + table.qualifiedName() + " of source table " + table.source().id()
                        + " does not exist: run the task first (it creates the table), or check hanacdc.target.url", e);
            }
            throw e;
        }
    }

    /** The target rows of the given keys (those that exist), values in source column order. */
    @Override
    public List<Object[]> rowsByKey(TargetSession session, List<Object[]> keys) throws SQLException {
        Connection c = MySqlSession.of(session);
        List<Object[]> rows = new ArrayList<>();
        for (int start = 0; start < keys.size(); start += KEYS_PER_QUERY) {
            List<Object[]> chunk = keys.subList(start, Math.min(keys.size(), start + KEYS_PER_QUERY));
            try (PreparedStatement ps = c.prepareStatement(rowsByKey + String.join(", ", Collections.nCopies(chunk.size(), keyPlaceholder)) + ")")) {
                int p = 1;
                for (Object[] key : chunk) {
                    for (Object v : key) {
                        binder.bind(ps, p++, v);
                    }
                }
                read(ps, columns, rows);
            }
        }
        return rows;
    }

    @Override
    public List<Object[]> keysAfter(TargetSession session, Optional<KeyRange> range, Object[] after, int limit) throws SQLException {
        Connection c = MySqlSession.of(session);
        List<String> where = new ArrayList<>();
        range.ifPresent(r -> where.add(r.predicate(Identifiers.backtick(table.source().primaryKey().get(0)))));
        if (after != null) {
            where.add("(" + keyList + ") > " + keyPlaceholder);
        }
        String sql = "SELECT " + keyList + " FROM " + table.qualifiedName() + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where))
                + " ORDER BY " + keyList + " LIMIT " + limit;
        List<Object[]> keys = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; after != null && i < after.length; i++) {
                binder.bind(ps, i + 1, after[i]);
            }
            read(ps, keyColumns, keys);
        }
        return keys;
    }

    private static void read(PreparedStatement ps, List<SourceColumn> cols, List<Object[]> into) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                Object[] row = new Object[cols.size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = TargetValues.read(rs, i + 1, cols.get(i).type());
                }
                into.add(row);
            }
        }
    }

    @Override
    public List<String> missingColumns(TargetSession s) throws SQLException {
        return table.missingColumns(MySqlSession.of(s));
    }

    @Override
    public Optional<SourceColumn> unrenderable() {
        return RangeChecksums.unrenderable(checksumSql, table.source(), c -> checksumSql.quote(c.name()));
    }

    @Override
    public RangeChecksums.Bounds bounds(TargetSession s) throws SQLException {
        return checksums().bounds(MySqlSession.of(s));
    }

    @Override
    public List<RangeChecksums.Sum> sums(TargetSession s, List<KeyRange> parts) throws SQLException {
        return checksums().sums(MySqlSession.of(s), parts);
    }

    /** Made at first use: only a table every column of which renders has them. */
    private RangeChecksums checksums() {
        if (checksums == null) {
            checksums = new RangeChecksums(checksumSql, table.qualifiedName(), table.source(), c -> checksumSql.quote(c.name()));
        }
        return checksums;
    }
}
