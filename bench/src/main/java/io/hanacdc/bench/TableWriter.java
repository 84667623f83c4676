package io.hanacdc.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;

/**
 * Source load of the many-tables scenario (9) on the tables of {@link TablesBench#create}: multi-row INSERTs, one
 * table per transaction. Before commit it reads currval of hana-cdc's data-id sequence (the highest CDC id its own
 * statement produced); after commit returns it publishes (table, that id, the commit time). One writer commits in
 * id order, so "the table's last applied id ≥ X" in the target means the transaction is visible there.
 */
public final class TableWriter {
    /** One committed source transaction, into one table. */
    public record Commit(String table, long maxDataId, long commitNanos) {}

    private final Connection c;
    private final PreparedStatement currval;
    /** The next id per table: each table was created with the row id 1. */
    private final Map<String, Long> nextId = new HashMap<>();
    private final Map<String, PreparedStatement> inserts = new HashMap<>();

    public TableWriter(Connection c) throws SQLException {
        this.c = c;
        c.setAutoCommit(false);
        this.currval = c.prepareStatement("SELECT currval('hanacdc.hanacdc_data_id')");
    }

    /** One transaction of {@code rows} new rows in {@code table} (a plain name in schema public), committed. */
    public Commit insert(String table, int rows) throws SQLException {
        PreparedStatement ps = inserts.computeIfAbsent(table + "/" + rows, k -> prepare(table, rows));
        long id = nextId.getOrDefault(table, 2L);
        for (int r = 0; r < rows; r++, id++) {
            ps.setLong(3 * r + 1, id);
            ps.setInt(3 * r + 2, (int) (id % 1000));
            ps.setString(3 * r + 3, "row " + id);
        }
        ps.executeUpdate();
        nextId.put(table, id);
        long maxId;
        try (ResultSet rs = currval.executeQuery()) {
            rs.next();
            maxId = rs.getLong(1);
        }
        c.commit();
        return new Commit(table, maxId, System.nanoTime());
    }

    /** Every 10 ms one transaction into the next of {@code tables} (round robin), sized to {@code rowsPerSecond} in all. */
    public MixedDmlWriter.Outcome run(List<String> tables, int rowsPerSecond, double seconds, Queue<Commit> out) throws SQLException, InterruptedException {
        int perTick = Math.max(1, Math.round(rowsPerSecond / 100f));
        long rows = 0;
        long txs = 0;
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        for (long tick = 0; MixedDmlWriter.awaitTick(start, tick, end); tick++) {
            out.add(insert(tables.get((int) (tick % tables.size())), perTick));
            rows += perTick;
            txs++;
        }
        return new MixedDmlWriter.Outcome(rows, txs, (System.nanoTime() - start) / 1e9);
    }

    private PreparedStatement prepare(String table, int rows) {
        try {
            return c.prepareStatement("INSERT INTO public." + table + " (id, v, note) VALUES "
                    + String.join(", ", Collections.nCopies(rows, "(?, ?, ?)")));
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
