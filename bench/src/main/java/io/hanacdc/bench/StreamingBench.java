package io.hanacdc.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Streaming apply (2): hana-cdc draining a CDC backlog built while it was stopped. The task first
 * runs once on empty tables so the (empty) initial load is finished and every table is STREAMING;
 * then it is stopped, the backlog is generated with INSERT ... SELECT generate_series on the source
 * (the statement triggers fill the CDC tables), and the task is started again and timed until
 * rows_applied reaches the backlog. So every row goes the streaming path, none the snapshot path. The same run
 * serves every target (MariaDB, Kafka): the target is made by the scenario's {@link BenchTarget.Maker}.
 * With a warm drain, the same process then drains a second backlog of as many rows, generated while its
 * tables are paused (bin/hana-cdc pause, then resume): its JIT has compiled the paths by then, as the raw
 * baseline's untimed warm-up has compiled the producer's.
 */
public final class StreamingBench {
    /**
     * @param sourceReadRate plain JDBC read of one table's backlog (rows/s), see {@link SourceReadProbe}
     * @param targetHolds    what the target held afterwards ({@link BenchTarget#check})
     * @param warm           the second drain by the same process (null without one); its counter starts at 0
     */
    public record Result(int tables, long rows, ProgressSampler.Outcome outcome, double backlogSeconds, double sourceReadRate,
                         long peakRssKb, String targetHolds, ProgressSampler.Outcome warm) {}

    private final Databases dbs;
    private final BenchOptions o;
    private final Path workDir;
    private final BenchTarget.Maker targets;
    /** Starts the name of each product log of this scenario. */
    private final String label;
    private final boolean warmDrain;

    public StreamingBench(Databases dbs, BenchOptions o, Path workDir, BenchTarget.Maker targets, String label) {
        this(dbs, o, workDir, targets, label, false);
    }

    public StreamingBench(Databases dbs, BenchOptions o, Path workDir, BenchTarget.Maker targets, String label, boolean warmDrain) {
        this.dbs = dbs;
        this.o = o;
        this.workDir = workDir;
        this.targets = targets;
        this.label = label;
        this.warmDrain = warmDrain;
    }

    public Result run(int tables, long rowsPerTable) throws Exception {
        String src = dbs.freshPg("bench_stream" + tables);
        try (BenchTarget target = targets.fresh(src)) {
            List<String> names = new ArrayList<>();
            try (Connection c = dbs.pg(src)) {
                for (int i = 1; i <= tables; i++) {
                    names.add("t" + i);
                    Databases.exec(c, OrdersShape.pgCreate("public.t" + i));
                }
            }
            var settings = HanaCdcProcess.Settings.of(o, workDir, dbs.pgUrl(src), "public.*").with(target.env());
            try (Progress probe = target.progress()) {
                try (HanaCdcProcess first = HanaCdcProcess.start(settings, label + tables + "-initial")) {
                    ProgressSampler.until(first, probe, t -> t.streaming(), t -> t.streaming() == tables, 180, 200);
                }
                long total = tables * rowsPerTable;
                double backlogSeconds = generateBacklog(src, names, 1, rowsPerTable);
                System.out.printf("  backlog: %,d CDC rows in %d table(s) generated in %.1f s%n", total, tables, backlogSeconds);
                double readRate;
                try (Connection c = dbs.pg(src)) {
                    readRate = SourceReadProbe.rowsPerSecond(c, names.get(0), o.batchSize());
                }
                System.out.printf("  plain JDBC read of the CDC table %s: %,.0f rows/s%n", names.get(0), readRate);
                try (HanaCdcProcess p = HanaCdcProcess.start(settings, label + tables + "-drain")) {
                    double timeout = 120 + total / 2000.0;
                    var out = ProgressSampler.until(p, probe, t -> t.rowsApplied(), t -> t.rowsApplied() >= total, timeout, 100);
                    long rss = p.readPeakRssKb();
                    System.out.printf("  drained %,d rows: %.1f s from start (%,.0f rows/s), %,.0f rows/s after first apply; peak RSS %,d MB%n",
                            out.finalValue(), out.doneAt(), out.wallRate(), out.activeRate(), rss / 1024);
                    ProgressSampler.Outcome warm = warmDrain ? warmDrain(settings, p, probe, src, names, rowsPerTable) : null;
                    long held = warmDrain ? 2 * rowsPerTable : rowsPerTable;
                    String holds = target.check(names, held);
                    System.out.println("  target: " + holds);
                    return new Result(tables, total, out, backlogSeconds, readRate, rss, holds, warm);
                }
            }
        } finally {
            dbs.dropPg(src);
        }
    }

    /** The second backlog, generated while the running process has its tables paused, then drained by it. */
    private ProgressSampler.Outcome warmDrain(HanaCdcProcess.Settings settings, HanaCdcProcess p, Progress probe, String src, List<String> names,
                                             long rowsPerTable) throws Exception {
        long total = names.size() * rowsPerTable;
        for (String t : names) {
            HanaCdcProcess.runToEnd(settings, label + "-pause-" + t, "pause", "public." + t);
        }
        generateBacklog(src, names, rowsPerTable + 1, rowsPerTable);
        for (String t : names) {
            HanaCdcProcess.runToEnd(settings, label + "-resume-" + t, "resume", "public." + t);
        }
        var out = ProgressSampler.until(p, probe, t -> Math.max(0, t.rowsApplied() - total), t -> t.rowsApplied() >= 2 * total,
                p.secondsSinceStart() + 120 + total / 2000.0, 100);
        System.out.printf("  warm: drained %,d more rows at %,.0f rows/s after first apply%n", out.finalValue(), out.activeRate());
        return out;
    }

    /** Inserts rowsPerTable rows from firstId in each table in 100k-row statements, then VACUUM ANALYZE as autovacuum would in time. */
    private double generateBacklog(String src, List<String> names, long firstId, long rowsPerTable) throws SQLException {
        long t0 = System.nanoTime();
        try (Connection c = dbs.pg(src)) {
            for (String t : names) {
                OrdersShape.pgFillChunked(c, "public." + t, firstId, rowsPerTable, 100_000);
            }
            Databases.exec(c, "VACUUM ANALYZE");
        }
        return (System.nanoTime() - t0) / 1e9;
    }
}
