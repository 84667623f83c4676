package io.hanacdc.bench;

import java.security.MessageDigest;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Queue;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Source load for the latency scenario: every 10 ms one small transaction of mixed DML — 50 %
 * inserts (one multi-row INSERT), 30 % updates (one UPDATE ... WHERE id = ANY), 20 % deletes (one
 * DELETE of the oldest ids) — sized so the rows per second match the offered rate. Before commit it
 * reads currval of hana-cdc's data-id sequence: the highest CDC id its own statements produced.
 * After commit returns it publishes (that id, the commit time). A single writer commits in id
 * order, so "the target's last applied id ≥ X" means this transaction is visible there.
 */
public final class MixedDmlWriter {
    /** One committed source transaction. */
    public record Commit(long maxDataId, long commitNanos, int rows) {}

    /** What the writer achieved. */
    public record Outcome(long rows, long transactions, double seconds) {
        public double rowsPerSecond() {
            return rows / seconds;
        }
    }

    private static final long TICK_NANOS = 10_000_000;
    private final Connection c;
    private final String cdcSchema;
    private long lo;
    private long hi;

    /** @param liveFrom,liveTo the ids present in the table, [from, to) */
    public MixedDmlWriter(Connection c, String cdcSchema, long liveFrom, long liveTo) {
        this.c = c;
        this.cdcSchema = cdcSchema;
        this.lo = liveFrom;
        this.hi = liveTo;
    }

    /** The next id an insert will use: the following rate continues where this one stopped. */
    public long nextId() {
        return hi;
    }

    /** The lowest id still present. */
    public long firstLive() {
        return lo;
    }

    /** Waits until tick {@code tick} (every 10 ms from {@code start}) is due; false once it would fall at or after {@code end}. */
    static boolean awaitTick(long start, long tick, long end) throws InterruptedException {
        long due = start + tick * TICK_NANOS;
        if (due >= end) {
            return false;
        }
        long wait = due - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
        return true;
    }

    public Outcome run(int rowsPerSecond, double seconds, Queue<Commit> out) throws SQLException, InterruptedException {
        int perTick = Math.max(3, Math.round(rowsPerSecond / 100f));
        int ins = Math.max(1, Math.round(perTick * 0.5f));
        int upd = Math.max(1, Math.round(perTick * 0.3f));
        int del = Math.max(1, perTick - ins - upd);
        c.setAutoCommit(false);
        String row = "(" + String.join(", ", Collections.nCopies(OrdersShape.COLUMN_COUNT, "?")) + ")";
        MessageDigest md5 = OrdersShape.md5();
        long rows = 0;
        long txs = 0;
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO public.t (" + OrdersShape.COLUMNS + ") VALUES "
                     + String.join(", ", Collections.nCopies(ins, row)));
             PreparedStatement update = c.prepareStatement("UPDATE public.t SET amount = amount + 1, qty = qty + 1, note = ? WHERE id = ANY(?)");
             PreparedStatement delete = c.prepareStatement("DELETE FROM public.t WHERE id >= ? AND id < ?");
             PreparedStatement currval = c.prepareStatement("SELECT currval('" + cdcSchema + ".hanacdc_data_id')")) {
            long start = System.nanoTime();
            long end = start + (long) (seconds * 1e9);
            for (long tick = 0; awaitTick(start, tick, end); tick++) {
                for (int r = 0; r < ins; r++) {
                    OrdersShape.bind(insert, 1 + r * OrdersShape.COLUMN_COUNT, OrdersShape.row(hi++, md5));
                }
                insert.executeUpdate();
                Long[] ids = new Long[upd];
                for (int r = 0; r < upd; r++) {
                    ids[r] = ThreadLocalRandom.current().nextLong(lo + del, hi); // never a row this tick deletes
                }
                Array arr = c.createArrayOf("bigint", ids);
                update.setString(1, "updated " + tick);
                update.setArray(2, arr);
                update.executeUpdate();
                delete.setLong(1, lo);
                delete.setLong(2, lo + del);
                delete.executeUpdate();
                lo += del;
                long maxId;
                try (ResultSet rs = currval.executeQuery()) {
                    rs.next();
                    maxId = rs.getLong(1);
                }
                c.commit();
                long committed = System.nanoTime();
                out.add(new Commit(maxId, committed, ins + upd + del));
                rows += ins + upd + del;
                txs++;
            }
            return new Outcome(rows, txs, (System.nanoTime() - start) / 1e9);
        }
    }
}
