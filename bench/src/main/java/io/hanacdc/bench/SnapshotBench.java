package io.hanacdc.bench;

import java.nio.file.Path;
import java.sql.Connection;

/**
 * Initial load (3): a pre-filled source table, a fresh task, timed from process start until the
 * table is STREAMING with every row copied. Also timed from the first nonzero snapshot_rows, which
 * leaves out JVM and Camel startup, capture install and the first chunk's read.
 */
public final class SnapshotBench {
    public record Result(long rows, ProgressSampler.Outcome outcome, long peakRssKb) {}

    private final Databases dbs;
    private final BenchOptions o;
    private final Path workDir;

    public SnapshotBench(Databases dbs, BenchOptions o, Path workDir) {
        this.dbs = dbs;
        this.o = o;
        this.workDir = workDir;
    }

    public Result run() throws Exception {
        long rows = o.snapshotRows();
        String src = dbs.freshPg("bench_snapshot");
        String tgt = dbs.freshMysql("bench_snapshot_tgt");
        try {
            long t0 = System.nanoTime();
            try (Connection c = dbs.pg(src)) {
                Databases.exec(c, OrdersShape.pgCreate("public.t"));
                OrdersShape.pgFillChunked(c, "public.t", 1, rows, 200_000);
                Databases.exec(c, "VACUUM ANALYZE public.t");
            }
            System.out.printf("  source filled with %,d rows in %.1f s%n", rows, (System.nanoTime() - t0) / 1e9);
            var settings = HanaCdcProcess.Settings.of(o, workDir, dbs.pgUrl(src), "public.t")
                    .with("HANACDC_TARGET_URL", dbs.targetUrlForProduct(tgt));
            try (PositionProbe probe = new PositionProbe(dbs, tgt);
                 HanaCdcProcess p = HanaCdcProcess.start(settings, "snapshot")) {
                double timeout = 120 + rows / 2000.0;
                var out = ProgressSampler.until(p, probe, t -> t.snapshotRows(),
                        t -> t.streaming() == 1 && t.snapshotRows() >= rows, timeout, 100);
                long rss = p.readPeakRssKb();
                System.out.printf("  copied %,d rows: %.1f s from start (%,.0f rows/s), %,.0f rows/s after first chunk; peak RSS %,d MB%n",
                        out.finalValue(), out.doneAt(), out.wallRate(), out.activeRate(), rss / 1024);
                return new Result(rows, out, rss);
            }
        } finally {
            dbs.dropPg(src);
            dbs.dropMysql(tgt);
        }
    }
}
