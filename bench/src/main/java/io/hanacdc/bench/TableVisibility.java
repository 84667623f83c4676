package io.hanacdc.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;

/**
 * Commit→visible per table, for the many-tables scenario (9): like {@link VisibilityWatcher}, but a commit is
 * visible when <em>its own table's</em> {@code last_data_id} in the target's position table reaches the commit's id
 * (the highest id over all tables would pass a commit of a table that is still waiting for its turn once a later
 * commit of another table is applied). The positions of the tables written are read in one query every few
 * milliseconds; the poll's start time counts, so a latency is late by at most one poll period and its duration.
 */
public final class TableVisibility implements AutoCloseable {
    /** Latencies in ms of commits made from {@code measureFromNanos} on, commits never seen, the mean poll period. */
    public record Outcome(double[] latenciesMs, int unseen, double pollMs) {}

    private final Connection c;
    private final Map<String, PreparedStatement> queries = new HashMap<>();

    public TableVisibility(Databases dbs, String targetDb) throws SQLException {
        this.c = dbs.mysql(targetDb);
    }

    /** Watches until {@code writerDone} is set and every commit is visible, or {@code drainSeconds} after that. */
    public Outcome watch(Queue<TableWriter.Commit> commits, AtomicBoolean writerDone, long measureFromNanos, double drainSeconds,
                         long pollMillis) throws Exception {
        Map<String, ArrayDeque<TableWriter.Commit>> pending = new HashMap<>();
        TreeSet<String> known = new TreeSet<>(); // the tables of this watch: one query text while it does not grow
        List<Double> latencies = new ArrayList<>();
        long doneSeen = 0;
        long polls = 0;
        long pollNanos = 0;
        while (true) {
            for (TableWriter.Commit k; (k = commits.poll()) != null; ) {
                pending.computeIfAbsent(k.table(), x -> new ArrayDeque<>()).add(k);
                known.add(k.table());
            }
            long t = System.nanoTime();
            if (!pending.isEmpty()) {
                Map<String, Long> visible = read(known);
                polls++;
                pollNanos += System.nanoTime() - t;
                for (var it = pending.entrySet().iterator(); it.hasNext(); ) {
                    var e = it.next();
                    long seen = visible.getOrDefault(e.getKey(), 0L);
                    for (TableWriter.Commit head; (head = e.getValue().peek()) != null && head.maxDataId() <= seen; ) {
                        e.getValue().poll();
                        if (head.commitNanos() >= measureFromNanos) {
                            latencies.add(Math.max(0, t - head.commitNanos()) / 1e6);
                        }
                    }
                    if (e.getValue().isEmpty()) {
                        it.remove();
                    }
                }
            }
            if (writerDone.get()) {
                doneSeen = doneSeen == 0 ? t : doneSeen;
                if ((pending.isEmpty() && commits.isEmpty()) || t - doneSeen > drainSeconds * 1e9) {
                    break;
                }
            }
            long sleep = pollMillis - (System.nanoTime() - t) / 1_000_000;
            if (sleep > 0) {
                Thread.sleep(sleep);
            }
        }
        int unseen = commits.size() + pending.values().stream().mapToInt(ArrayDeque::size).sum();
        double meanPollMs = polls == 0 ? 0 : Math.max(pollMillis, pollNanos / 1e6 / polls);
        return new Outcome(latencies.stream().mapToDouble(Double::doubleValue).toArray(), unseen, meanPollMs);
    }

    /** last_data_id of each named table of schema public (names are the scenario's own t0001…, spliced as literals). */
    private Map<String, Long> read(TreeSet<String> tables) throws SQLException {
        String key = String.join(",", tables);
        PreparedStatement ps = queries.get(key);
        if (ps == null) {
            ps = c.prepareStatement("SELECT source_table, last_data_id FROM hanacdc_position WHERE task = 'bench'"
                    + " AND source_schema = 'public' AND source_table IN ("
                    + tables.stream().map(n -> "'" + n + "'").collect(Collectors.joining(", ")) + ")");
            queries.put(key, ps);
        }
        Map<String, Long> out = new HashMap<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getLong(2));
            }
        }
        return out;
    }

    @Override
    public void close() throws SQLException {
        c.close();
    }
}
