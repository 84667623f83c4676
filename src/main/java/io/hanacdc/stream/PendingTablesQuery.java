package io.hanacdc.stream;

import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.BatchPredicate;
import io.hanacdc.watermark.StreamRange;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which of many tables have a row in their window, asked in one statement per {@link #PER_STATEMENT} tables
 * instead of one batch query per table: a table is listed when any of its capture tables holds a row its
 * batch query (BatchQuery, same predicate, same real-row condition) would return.
 *
 * <p>Invariant: run after the window's H and A were read (H, then A, then this, each its own statement, as
 * DESIGN §3 orders the batch query), a table not listed has no row its batch would take, now or later:
 * every row with an id up to H whose transaction is not open at the window was committed before this
 * statement began, so it would have been seen.
 */
public final class PendingTablesQuery {
    /** Tables per statement: keeps each statement a size the servers parse quickly. */
    static final int PER_STATEMENT = 200;

    /** A table's capture tables and the window to look into (a base with the window opened). */
    public record Probe(List<String> captureTables, StreamRange range) {}

    private final SourceDialect dialect;
    private final BatchPredicate predicate;
    private final String realRow;

    public PendingTablesQuery(SourceDialect dialect) {
        this.dialect = dialect;
        this.predicate = new BatchPredicate(dialect);
        this.realRow = " AND " + BatchQuery.realRow(dialect);
    }

    /** The indexes, in {@code probes}, of the tables with a row in their window. */
    public Set<Integer> pending(Connection c, List<Probe> probes) throws SQLException {
        Set<Integer> out = new HashSet<>();
        for (String sql : statements(probes)) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                    out.add(rs.getInt(1));
                }
            }
        }
        return out;
    }

    /** The statements, each a SELECT of a table's index per table, true when one of its window's parts holds a row. */
    public List<String> statements(List<Probe> probes) {
        List<String> out = new ArrayList<>();
        for (int from = 0; from < probes.size(); from += PER_STATEMENT) {
            out.add(sql(probes, from, Math.min(probes.size(), from + PER_STATEMENT)));
        }
        return out;
    }

    private String sql(List<Probe> probes, int from, int to) {
        List<String> parts = new ArrayList<>();
        for (int i = from; i < to; i++) {
            Probe p = probes.get(i);
            List<String> exists = new ArrayList<>();
            Optional<String> heldBack = predicate.heldBack(p.range());
            for (String table : p.captureTables()) {
                exists.add("EXISTS (SELECT 1 FROM " + table + " WHERE " + predicate.fresh(p.range()) + realRow + ")");
                heldBack.ifPresent(h -> exists.add("EXISTS (SELECT 1 FROM " + table + " WHERE " + h + realRow + ")"));
            }
            parts.add("SELECT " + i + dialect.fromNothing() + " WHERE " + String.join(" OR ", exists));
        }
        return String.join(" UNION ALL ", parts);
    }
}
