package io.hanacdc.stream;

import io.hanacdc.source.CdcColumns;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.BatchPredicate;
import io.hanacdc.watermark.Watermark;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which open transactions hold back how many CDC rows of tables at their watermarks (the "watermark backlog"), for
 * many tables at once: one statement per {@link #PER_STATEMENT} tables with something open at their watermark (the
 * open transactions written into it, as the batch query has them).
 */
public final class HeldBackQuery {
    static final int PER_STATEMENT = 200;
    private final SourceDialect dialect;
    private final BatchPredicate predicate;
    private final List<String> cdcTables;

    /** @param cdcTables per table, in a fixed order, its CDC table */
    public HeldBackQuery(SourceDialect dialect, List<String> cdcTables) {
        this.dialect = dialect;
        this.predicate = new BatchPredicate(dialect);
        this.cdcTables = cdcTables;
    }

    /**
     * Per table index, rows per holding transaction id, in id order; a table with a null watermark is not asked about,
     * and a table nothing holds back is absent.
     */
    public Map<Integer, Map<Long, Long>> byTransaction(Connection c, List<Watermark> at) throws SQLException {
        Map<Integer, Map<Long, Long>> out = new HashMap<>();
        for (String sql : statements(at)) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                    out.computeIfAbsent(rs.getInt(1), k -> new TreeMap<>()).put(rs.getLong(2), rs.getLong(3));
                }
            }
        }
        return out;
    }

    /** The statements to run: tables with nothing open at their watermark need none. */
    public List<String> statements(List<Watermark> at) {
        List<String> groups = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < at.size(); i++) {
            Watermark w = at.get(i);
            if (w == null || w.open().length == 0 && w.openFrom() == Watermark.NO_BOUND) {
                continue;
            }
            parts.add(part(i, w));
            if (parts.size() == PER_STATEMENT) {
                groups.add(String.join(" UNION ALL ", parts));
                parts = new ArrayList<>();
            }
        }
        if (!parts.isEmpty()) {
            groups.add(String.join(" UNION ALL ", parts));
        }
        return groups;
    }

    private String part(int index, Watermark w) {
        String tx = dialect.quote(CdcColumns.TRANSACTION_ID);
        return "SELECT " + index + ", " + tx + ", COUNT(*) FROM " + cdcTables.get(index) + " WHERE " + dialect.quote(CdcColumns.DATA_ID)
                + " <= " + w.high() + " AND " + dialect.quote(CdcColumns.OPERATION) + " > 0 AND (" + predicate.open(w) + ") GROUP BY " + tx;
    }
}
