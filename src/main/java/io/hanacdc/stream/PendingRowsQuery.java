package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.OPERATION;

import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How many CDC rows tables' capture tables hold above a data id each: the rows a task has not applied. One
 * statement per {@link #PER_STATEMENT} tables (a scrape of a thousand tables' gauges costs a few statements, not a
 * thousand), its text fixed and the ids bound, so the servers plan it once. Counted up to a bound, so watching a
 * table that grows unread stays cheap however large it gets.
 */
public final class PendingRowsQuery {
    /** The count stops here: enough to show that a table grows. */
    public static final long LIMIT = 1_000_000;
    static final int PER_STATEMENT = 200;
    private final SourceDialect dialect;
    private final List<List<String>> captureTables;
    private final List<String> statements = new ArrayList<>();

    /** @param captureTables per table, in a fixed order, its capture tables */
    public PendingRowsQuery(SourceDialect dialect, List<List<String>> captureTables) {
        this.dialect = dialect;
        this.captureTables = captureTables;
        for (int from = 0; from < captureTables.size(); from += PER_STATEMENT) {
            statements.add(IntStream.range(from, Math.min(captureTables.size(), from + PER_STATEMENT)).mapToObj(this::sql)
                    .collect(Collectors.joining(" UNION ALL ")));
        }
    }

    /** The statements, one per group of tables. */
    public List<String> statements() {
        return statements;
    }

    /**
     * Per table index, its rows above {@code afterDataIds} (at most LIMIT); a table with a null id is not asked
     * about, and a group of such tables not read. A statement that fails (one capture table unreadable, say) is read
     * again table by table, so only that table is absent.
     */
    public Map<Integer, Long> count(Connection c, List<Long> afterDataIds) {
        Map<Integer, Long> out = new HashMap<>();
        for (int g = 0; g < statements.size(); g++) {
            int from = g * PER_STATEMENT;
            List<Integer> group = IntStream.range(from, Math.min(afterDataIds.size(), from + PER_STATEMENT)).boxed().toList();
            if (group.stream().allMatch(i -> afterDataIds.get(i) == null)) {
                continue;
            }
            try {
                read(c, statements.get(g), group, afterDataIds, out);
            } catch (SQLException e) {
                for (int table : group) {
                    if (afterDataIds.get(table) != null) {
                        try {
                            read(c, sql(table), List.of(table), afterDataIds, out);
                        } catch (SQLException alone) { // this table's count is unknown now
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Runs a statement over {@code tables} (their parts in order), binding each table's id, or an id nothing is above. */
    private void read(Connection c, String sql, List<Integer> tables, List<Long> afterDataIds, Map<Integer, Long> out) throws SQLException {
        Map<Integer, Long> counts = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int p = 1;
            for (int table : tables) {
                Long after = afterDataIds.get(table);
                for (int t = 0; t < captureTables.get(table).size(); t++) {
                    ps.setLong(p++, after == null ? Long.MAX_VALUE : after);
                }
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    int table = rs.getInt(1);
                    if (afterDataIds.get(table) != null) {
                        counts.merge(table, rs.getLong(2), (a, b) -> Math.min(LIMIT, a + b));
                    }
                }
            }
        }
        out.putAll(counts);
    }

    /** One table's statement: its capture tables' parts. */
    private String sql(int table) {
        return captureTables.get(table).stream().map(t -> part(table, t)).collect(Collectors.joining(" UNION ALL "));
    }

    /**
     * Placeholders of the gap-probe watermark (operation 0) are not rows. ORDER BY goes with the LIMIT:
     * SAP HANA's grammar pairs them in a subquery (pinned in HanaSqlGoldenTest).
     */
    private String part(int index, String captureTable) {
        String id = dialect.quote(DATA_ID);
        return "SELECT " + index + ", COUNT(*) FROM (SELECT " + id + " FROM " + captureTable + " WHERE " + id + " > ? AND "
                + dialect.quote(OPERATION) + " > 0 ORDER BY " + id + dialect.limit(LIMIT) + ") x";
    }
}
