package io.hanacdc.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * End-to-end latency (4): one running task, a seeded table, then for each offered rate a warm-up
 * and a measured period of mixed DML ({@link MixedDmlWriter}) while {@link VisibilityWatcher}
 * times each source commit until it is visible in the target (MariaDB or Kafka, made by the {@link BenchTarget.Maker}).
 */
public final class LatencyBench {
    private static final double WARMUP_SECONDS = 5;
    private static final long WATCH_POLL_MS = 5;

    /** One offered rate's figures. */
    public record RateResult(int offered, MixedDmlWriter.Outcome writer, Percentiles latency, Series lag,
                             double lagSlopeMsPerS, double lagAtEndS, int unseen, double resolutionMs) {}

    public record Result(List<RateResult> rates, long peakRssKb) {}

    private final Databases dbs;
    private final BenchOptions o;
    private final Path workDir;
    private final BenchTarget.Maker targets;

    public LatencyBench(Databases dbs, BenchOptions o, Path workDir, BenchTarget.Maker targets) {
        this.dbs = dbs;
        this.o = o;
        this.workDir = workDir;
        this.targets = targets;
    }

    /** Each offered rate in turn, in rows/s, on one running task; {@code logName} names its product log. */
    public Result run(int[] rates, String logName) throws Exception {
        String src = dbs.freshPg("bench_latency");
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (BenchTarget target = targets.fresh(src)) {
            long seed = o.latencySeedRows();
            try (Connection c = dbs.pg(src)) {
                Databases.exec(c, OrdersShape.pgCreate("public.t"));
                OrdersShape.pgFillChunked(c, "public.t", 1, seed, 100_000);
                Databases.exec(c, "VACUUM ANALYZE public.t");
            }
            var settings = HanaCdcProcess.Settings.of(o, workDir, dbs.pgUrl(src), "public.t").with(target.env());
            List<RateResult> results = new ArrayList<>();
            try (Progress probe = target.progress();
                 HanaCdcProcess p = HanaCdcProcess.start(settings, logName);
                 Connection writerConn = dbs.pg(src)) {
                ProgressSampler.until(p, probe, t -> t.snapshotRows(), t -> t.streaming() == 1, 180, 200);
                long nextId = seed + 1;
                long firstLive = 1;
                for (int rate : rates) {
                    MixedDmlWriter writer = new MixedDmlWriter(writerConn, "hanacdc", firstLive, nextId);
                    var commits = new ConcurrentLinkedQueue<MixedDmlWriter.Commit>();
                    AtomicBoolean done = new AtomicBoolean();
                    long origin = System.nanoTime();
                    long measureFrom = origin + (long) (WARMUP_SECONDS * 1e9);
                    double seconds = WARMUP_SECONDS + o.latencySeconds();
                    Future<MixedDmlWriter.Outcome> w = pool.submit(() -> {
                        try {
                            return writer.run(rate, seconds, commits);
                        } finally {
                            done.set(true);
                        }
                    });
                    var watched = new VisibilityWatcher(probe, WATCH_POLL_MS)
                            .watch(commits, done, origin, measureFrom, 60, logName + " " + rate + " rows/s");
                    MixedDmlWriter.Outcome wo = w.get();
                    p.ensureAlive();
                    nextId = writer.nextId();
                    firstLive = writer.firstLive();
                    RateResult r = summarize(rate, wo, watched, seconds);
                    results.add(r);
                    System.out.printf("  %,d rows/s offered, %,.0f achieved: p50 %.0f ms, p95 %.0f, p99 %.0f, max %.0f (n=%d, unseen %d);"
                                    + " lag slope %.1f ms/s%n", rate, wo.rowsPerSecond(), r.latency().at(50), r.latency().at(95),
                            r.latency().at(99), r.latency().max(), r.latency().count(), r.unseen(), r.lagSlopeMsPerS());
                }
                return new Result(results, p.readPeakRssKb());
            }
        } finally {
            pool.shutdownNow();
            dbs.dropPg(src);
        }
    }

    /** Lag trend: least-squares slope of lag over the measured period (warm-up and drain left out). */
    private static RateResult summarize(int rate, MixedDmlWriter.Outcome wo, VisibilityWatcher.Outcome watched, double writeSeconds) {
        List<double[]> pts = watched.lag().points().stream()
                .filter(pt -> pt[0] >= WARMUP_SECONDS && pt[0] <= writeSeconds).toList();
        double slope = IdleLoad.slope(pts);
        double atEnd = pts.isEmpty() ? Double.NaN : pts.get(pts.size() - 1)[1];
        return new RateResult(rate, wo, new Percentiles(watched.latenciesMs()), watched.lag(), slope * 1000, atEnd,
                watched.unseen(), watched.pollMs());
    }
}
