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
            List<String> parts = new ArrayList<>();
            for (int i = from; i < Math.min(captureTables.size(), from + PER_STATEMENT); i++) {
                for (String table : captureTables.get(i)) {
                    parts.add(part(i, table));
                }
            }
            statements.add(String.join(" UNION ALL ", parts));
        }
    }

    /** The statements, one per group of tables. */
    public List<String> statements() {
        return statements;
    }

    /**
     * Per table index, its rows above {@code afterDataIds} (at most LIMIT); a table with a null id is not asked
     * about, and a group of such tables not read.
     */
    public Map<Integer, Long> count(Connection c, List<Long> afterDataIds) throws SQLException {
        Map<Integer, Long> out = new HashMap<>();
        for (int g = 0; g < statements.size(); g++) {
            int from = g * PER_STATEMENT;
            List<Long> group = afterDataIds.subList(from, Math.min(afterDataIds.size(), from + PER_STATEMENT));
            if (group.stream().allMatch(id -> id == null)) {
                continue;
            }
            try (PreparedStatement ps = c.prepareStatement(statements.get(g))) {
                int p = 1;
                for (int i = 0; i < group.size(); i++) {
                    for (int t = 0; t < captureTables.get(from + i).size(); t++) {
                        ps.setLong(p++, group.get(i) == null ? Long.MAX_VALUE : group.get(i));
                    }
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        int table = rs.getInt(1);
                        if (afterDataIds.get(table) != null) {
                            out.merge(table, rs.getLong(2), (a, b) -> Math.min(LIMIT, a + b));
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * Placeholders of the gap-probe watermark (operation 0) are not rows. ORDER BY goes with the LIMIT:
     * SAP HANA's grammar pairs them in a subquery (pinned in HanaSqlGoldenTest).
     */
    private String part(int index, String captureTable) {
        String id = dialect.quote(DATA_ID);
        return "SELECT " + index + ", COUNT(*) FROM (SELECT " + id + " FROM " + captureTable + " WHERE " + id + " > ? AND "
                + dialect.quote(OPERATION) + " > 0 ORDER BY " + id + " LIMIT " + LIMIT + ") x";
    }
}
