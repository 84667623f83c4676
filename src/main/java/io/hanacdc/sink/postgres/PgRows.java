package io.hanacdc.sink.postgres;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.sql.Identifiers;
import io.hanacdc.sql.KeyRange;
import io.hanacdc.sql.RangeChecksums;
import io.hanacdc.source.JdbcValues;
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

/**
 * verify's reads of one PostgreSQL target table: its rows by key and its keys in its own order, read back as the Java
 * values the source side produces (the target's types are the source's, or the text the source carries), and the sums
 * of its row hashes over key ranges ({@link PgChecksumSql}).
 */
final class PgRows implements TargetRows {
    private static final int KEYS_PER_QUERY = 500;
    private static final PgChecksumSql CHECKSUMS = new PgChecksumSql();
    private static final String UNDEFINED_TABLE = "42P01";
    private final PgTable table;
    private final List<SourceColumn> columns;
    private final List<SourceColumn> keyColumns;
    private final String rowsByKey;
    private final String keyPlaceholder;
    private final String keyList;
    private RangeChecksums checksums;

    PgRows(PgTable table) {
        this.table = table;
        this.columns = table.source().columns();
        this.keyColumns = table.source().keyColumns();
        this.keyList = table.source().primaryKey().stream().map(Identifiers::ansi).collect(Collectors.joining(", "));
        this.rowsByKey = "SELECT " + columns.stream().map(c -> Identifiers.ansi(c.name())).collect(Collectors.joining(", "))
                + " FROM " + table.qualifiedName() + " WHERE (" + keyList + ") IN (";
        this.keyPlaceholder = "(" + String.join(", ", Collections.nCopies(keyColumns.size(), "?")) + ")";
    }

    @Override
    public long count(TargetSession s) throws SQLException {
        try (Statement st = PgSession.of(s).createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM " + table.qualifiedName())) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            if (UNDEFINED_TABLE.equals(e.getSQLState())) {
                throw new CdcException("target table " + table.qualifiedName() + " of source table " + table.source().id()
                        + " does not exist: run the task first (it creates the table), or check hanacdc.target.url", e);
            }
            throw e;
        }
    }

    @Override
    public List<Object[]> rowsByKey(TargetSession s, List<Object[]> keys) throws SQLException {
        Connection c = PgSession.of(s);
        List<Object[]> rows = new ArrayList<>();
        for (int start = 0; start < keys.size(); start += KEYS_PER_QUERY) {
            List<Object[]> chunk = keys.subList(start, Math.min(keys.size(), start + KEYS_PER_QUERY));
            try (PreparedStatement ps = c.prepareStatement(rowsByKey + String.join(", ", Collections.nCopies(chunk.size(), keyPlaceholder)) + ")")) {
                int p = 1;
                for (Object[] key : chunk) {
                    for (Object v : key) {
                        ps.setObject(p++, v);
                    }
                }
                read(ps, columns, rows);
            }
        }
        return rows;
    }

    @Override
    public List<Object[]> keysAfter(TargetSession s, Optional<KeyRange> range, Object[] after, int limit) throws SQLException {
        List<String> where = new ArrayList<>();
        range.ifPresent(r -> where.add(r.predicate(Identifiers.ansi(table.source().primaryKey().get(0)))));
        if (after != null) {
            where.add("(" + keyList + ") > " + keyPlaceholder);
        }
        String sql = "SELECT " + keyList + " FROM " + table.qualifiedName() + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where))
                + " ORDER BY " + keyList + " LIMIT " + limit;
        List<Object[]> keys = new ArrayList<>();
        try (PreparedStatement ps = PgSession.of(s).prepareStatement(sql)) {
            for (int i = 0; after != null && i < after.length; i++) {
                ps.setObject(i + 1, after[i]);
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
                    row[i] = JdbcValues.read(rs, i + 1, cols.get(i).type());
                }
                into.add(row);
            }
        }
    }

    @Override
    public List<String> missingColumns(TargetSession s) throws SQLException {
        return table.missingColumns(PgSession.of(s));
    }

    @Override
    public Optional<SourceColumn> unrenderable() {
        return RangeChecksums.unrenderable(CHECKSUMS, table.source(), c -> CHECKSUMS.quote(c.name()));
    }

    @Override
    public RangeChecksums.Bounds bounds(TargetSession s) throws SQLException {
        return checksums().bounds(PgSession.of(s));
    }

    @Override
    public List<RangeChecksums.Sum> sums(TargetSession s, List<KeyRange> parts) throws SQLException {
        return checksums().sums(PgSession.of(s), parts);
    }

    private RangeChecksums checksums() {
        if (checksums == null) {
            checksums = new RangeChecksums(CHECKSUMS, table.qualifiedName(), table.source(), c -> CHECKSUMS.quote(c.name()));
        }
        return checksums;
    }
}
