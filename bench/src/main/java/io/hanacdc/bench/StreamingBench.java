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
 */
public final class StreamingBench {
    /**
     * @param sourceReadRate plain JDBC read of one table's backlog (rows/s), see {@link SourceReadProbe}
     * @param targetHolds    what the target held afterwards ({@link BenchTarget#check})
     */
    public record Result(int tables, long rows, ProgressSampler.Outcome outcome, double backlogSeconds, double sourceReadRate,
                         long peakRssKb, String targetHolds) {}

    private final Databases dbs;
    private final BenchOptions o;
    private final Path workDir;
    private final BenchTarget.Maker targets;
    /** Starts the name of each product log of this scenario. */
    private final String label;

    public StreamingBench(Databases dbs, BenchOptions o, Path workDir, BenchTarget.Maker targets, String label) {
        this.dbs = dbs;
        this.o = o;
        this.workDir = workDir;
        this.targets = targets;
        this.label = label;
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
                double backlogSeconds = generateBacklog(src, names, rowsPerTable);
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
                    String holds = target.check(names, rowsPerTable);
                    System.out.println("  target: " + holds);
                    return new Result(tables, total, out, backlogSeconds, readRate, rss, holds);
                }
            }
        } finally {
            dbs.dropPg(src);
        }
    }

    /** Inserts rowsPerTable rows in each table in 100k-row statements, then VACUUM ANALYZE as autovacuum would in time. */
    private double generateBacklog(String src, List<String> names, long rowsPerTable) throws SQLException {
        long t0 = System.nanoTime();
        try (Connection c = dbs.pg(src)) {
            for (String t : names) {
                OrdersShape.pgFillChunked(c, "public." + t, 1, rowsPerTable, 100_000);
            }
            Databases.exec(c, "VACUUM ANALYZE");
        }
        return (System.nanoTime() - t0) / 1e9;
    }
}
