package io.hanacdc.sql;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sql.ChecksumSql;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Row counts and sums of row hashes over ranges of a table's first key column, computed by the
 * table's own database: only a few numbers per range cross the network.
 */
public final class RangeChecksums {
    /** Rows and hash sum of a range: the same on both sides means the same rows, barring a 60-bit hash collision. */
    public record Sum(long rows, BigDecimal hashes) {
        static final Sum EMPTY = new Sum(0, BigDecimal.ZERO);

        public boolean sameAs(Sum other) {
            return rows == other.rows && hashes.compareTo(other.hashes) == 0;
        }
    }

    /** The table's row count and the lowest and highest value of the first key column (null when empty). */
    public record Bounds(long rows, Long min, Long max) {}

    private final ChecksumSql sql;
    private final String table;
    private final String key;
    private final String rowHash;

    /**
     * @param select how a column is selected on this side (a source dialect may convert a type on the way out)
     */
    public RangeChecksums(ChecksumSql sql, String qualifiedTable, SourceTable t, Function<SourceColumn, String> select) {
        this.sql = sql;
        this.table = qualifiedTable;
        this.key = sql.quote(t.primaryKey().get(0));
        this.rowHash = sql.rowHash(t.columns().stream().map(c -> sql.text(select.apply(c), c.type()).orElseThrow()).toList());
    }

    /** The first column this database cannot render as the others do, if any. */
    public static Optional<SourceColumn> unrenderable(ChecksumSql sql, SourceTable t, Function<SourceColumn, String> select) {
        return t.columns().stream().filter(c -> sql.text(select.apply(c), c.type()).isEmpty()).findFirst();
    }

    public Bounds bounds(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(boundsSql())) {
            rs.next();
            long rows = rs.getLong(1);
            return rows == 0 ? new Bounds(0, null, null) : new Bounds(rows, rs.getLong(2), rs.getLong(3));
        }
    }

    public String boundsSql() {
        return "SELECT COUNT(*), MIN(" + key + "), MAX(" + key + ") FROM " + table;
    }

    /** The sums of the given consecutive parts of a range, in one pass over the range. */
    public List<Sum> sums(Connection c, List<KeyRange> parts) throws SQLException {
        List<Sum> out = new ArrayList<>(Collections.nCopies(parts.size(), Sum.EMPTY));
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sumsSql(parts))) {
            while (rs.next()) {
                BigDecimal hashes = rs.getBigDecimal(3);
                out.set(rs.getInt(1), new Sum(rs.getLong(2), hashes == null ? BigDecimal.ZERO : hashes));
            }
        }
        return out;
    }

    /** One group per part: each row's part number, count and hash sum. */
    public String sumsSql(List<KeyRange> parts) {
        StringBuilder part = new StringBuilder(parts.size() == 1 ? "0" : "CASE");
        for (int i = 0; i < parts.size() - 1; i++) {
            part.append(" WHEN ").append(key).append(" <= ").append(parts.get(i).hi()).append(" THEN ").append(i);
        }
        if (parts.size() > 1) {
            part.append(" ELSE ").append(parts.size() - 1).append(" END");
        }
        KeyRange all = new KeyRange(parts.get(0).lo(), parts.get(parts.size() - 1).hi());
        return "SELECT p, COUNT(*), " + sql.sum("h") + " FROM (SELECT " + part + " AS p, " + rowHash + " AS h FROM " + table
                + " WHERE " + all.predicate(key) + ") x GROUP BY p";
    }
}
