package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.TRANSACTION_ID;

import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.BatchPredicate;
import io.hanacdc.watermark.StreamRange;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which of a task's tables have a row in their window, asked in one statement per {@link #PER_STATEMENT} tables
 * instead of one batch query per table. Each table's part is true when one of its capture tables holds a real
 * row (BatchQuery's condition) with an id in (max(cursor, H_base), H_window], or with an id in (cursor, H_base]
 * and a transaction between the lowest and highest of those its batch would take as held back now due
 * (BatchPredicate#heldBackTransactions). The text is fixed per group of tables, values are parameters, so the
 * servers plan each statement once; a table not asked about binds empty ranges.
 *
 * <p>Invariant: each part is a superset of what the table's batch query selects (it leaves out only "the
 * transaction is not open at the window" and narrows held-back transactions to a range), and the statement runs
 * after the window's H and A were read (H, then A, then this, each its own statement, as DESIGN §3 orders the
 * batch query). So a table not listed has no row its batch would take, now or later: every row with an id up to
 * H whose transaction is not open at the window was committed before this statement began. A table listed may
 * still read an empty batch (a row of an open transaction): that costs a query, never a row.
 */
public final class PendingTablesQuery {
    /** Tables per statement: keeps each statement a size the servers parse quickly. */
    static final int PER_STATEMENT = 200;
    private static final long[] NOTHING = {1, 0};

    private final List<List<String>> captureTables;
    private final List<String> statements = new ArrayList<>();

    /** @param captureTables per table of the task, in a fixed order, its capture tables */
    public PendingTablesQuery(SourceDialect dialect, List<List<String>> captureTables) {
        this.captureTables = captureTables;
        String id = dialect.quote(DATA_ID);
        String tx = dialect.quote(TRANSACTION_ID);
        String realRow = " AND " + BatchQuery.realRow(dialect);
        for (int from = 0; from < captureTables.size(); from += PER_STATEMENT) {
            List<String> parts = new ArrayList<>();
            for (int i = from; i < Math.min(captureTables.size(), from + PER_STATEMENT); i++) {
                List<String> exists = new ArrayList<>();
                for (String table : captureTables.get(i)) {
                    exists.add("EXISTS (SELECT 1 FROM " + table + " WHERE " + id + " > ? AND " + id + " <= ?" + realRow + ")");
                    exists.add("EXISTS (SELECT 1 FROM " + table + " WHERE " + tx + " >= ? AND " + tx + " <= ? AND " + id + " > ? AND " + id
                            + " <= ?" + realRow + ")");
                }
                parts.add("SELECT " + i + dialect.fromNothing() + " WHERE " + String.join(" OR ", exists));
            }
            statements.add(String.join(" UNION ALL ", parts));
        }
    }

    /** The statements, one per group of tables. */
    public List<String> statements() {
        return statements;
    }

    /**
     * The indexes of the tables with a row in their window; {@code ranges} holds, per table in the constructor's
     * order, its base with the window opened, or null for a table not asked about. Groups without one are not asked.
     */
    public Set<Integer> pending(Connection c, List<StreamRange> ranges) throws SQLException {
        Set<Integer> out = new HashSet<>();
        for (int g = 0; g < statements.size(); g++) {
            int from = g * PER_STATEMENT;
            List<StreamRange> group = ranges.subList(from, Math.min(ranges.size(), from + PER_STATEMENT));
            if (group.stream().allMatch(r -> r == null)) {
                continue;
            }
            try (PreparedStatement ps = c.prepareStatement(statements.get(g))) {
                int p = 1;
                for (int i = 0; i < group.size(); i++) {
                    p = bind(ps, p, group.get(i), captureTables.get(from + i).size());
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(rs.getInt(1));
                    }
                }
            }
        }
        return out;
    }

    private static int bind(PreparedStatement ps, int p, StreamRange r, int tables) throws SQLException {
        long[] fresh = r == null ? NOTHING : new long[] {Math.max(r.cursor(), r.base().high()), r.window().high()};
        long[] held = r == null ? NOTHING : BatchPredicate.heldBackTransactions(r).orElse(NOTHING);
        long[] heldIds = r == null || held == NOTHING ? NOTHING : new long[] {r.cursor(), r.base().high()};
        for (int t = 0; t < tables; t++) {
            ps.setLong(p++, fresh[0]);
            ps.setLong(p++, fresh[1]);
            ps.setLong(p++, held[0]);
            ps.setLong(p++, held[1]);
            ps.setLong(p++, heldIds[0]);
            ps.setLong(p++, heldIds[1]);
        }
        return p;
    }
}
