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
import java.util.stream.Collectors;

/**
 * Which transactions, open at tables' watermarks, hold back how many CDC rows (the "watermark backlog"), for many
 * tables at once: one statement per {@link #PER_STATEMENT} tables with something open at their watermark (the open
 * transactions written into it, as the batch query has them). A statement that fails (one CDC table unreadable, say)
 * is read again table by table, so only that table's figure is unknown.
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
     * Per table index with a watermark, rows per holding transaction id, in id order (empty when none); a table with a
     * null watermark is not asked about, and one whose CDC table cannot be read now is absent.
     */
    public Map<Integer, Map<Long, Long>> byTransaction(Connection c, List<Watermark> at) {
        Map<Integer, Map<Long, Long>> out = new HashMap<>();
        for (int i = 0; i < at.size(); i++) {
            if (at.get(i) != null && !holds(at.get(i))) {
                out.put(i, Map.of());
            }
        }
        for (List<Integer> group : groups(at)) {
            try {
                out.putAll(read(c, group, at));
            } catch (SQLException e) {
                for (int table : group) {
                    try {
                        out.putAll(read(c, List.of(table), at));
                    } catch (SQLException alone) { // this table's figure is unknown now
                    }
                }
            }
        }
        return out;
    }

    /** The statements the tables' figures take. */
    public List<String> statements(List<Watermark> at) {
        return groups(at).stream().map(g -> sql(g, at)).toList();
    }

    /** Nothing is open at the watermark: no row can be held back. */
    private static boolean holds(Watermark w) {
        return w.open().length > 0 || w.openFrom() != Watermark.NO_BOUND;
    }

    private List<List<Integer>> groups(List<Watermark> at) {
        List<List<Integer>> groups = new ArrayList<>();
        List<Integer> group = new ArrayList<>();
        for (int i = 0; i < at.size(); i++) {
            if (at.get(i) == null || !holds(at.get(i))) {
                continue;
            }
            group.add(i);
            if (group.size() == PER_STATEMENT) {
                groups.add(group);
                group = new ArrayList<>();
            }
        }
        if (!group.isEmpty()) {
            groups.add(group);
        }
        return groups;
    }

    private Map<Integer, Map<Long, Long>> read(Connection c, List<Integer> tables, List<Watermark> at) throws SQLException {
        Map<Integer, Map<Long, Long>> out = new HashMap<>();
        tables.forEach(i -> out.put(i, new TreeMap<>()));
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql(tables, at))) {
            while (rs.next()) {
                out.get(rs.getInt(1)).put(rs.getLong(2), rs.getLong(3));
            }
        }
        return out;
    }

    private String sql(List<Integer> tables, List<Watermark> at) {
        String tx = dialect.quote(CdcColumns.TRANSACTION_ID);
        return tables.stream().map(i -> "SELECT " + i + ", " + tx + ", COUNT(*) FROM " + cdcTables.get(i) + " WHERE "
                        + dialect.quote(CdcColumns.DATA_ID) + " <= " + at.get(i).high() + " AND " + dialect.quote(CdcColumns.OPERATION)
                        + " > 0 AND (" + predicate.open(at.get(i)) + ") GROUP BY " + tx)
                .collect(Collectors.joining(" UNION ALL "));
    }
}
