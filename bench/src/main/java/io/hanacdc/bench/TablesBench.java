package io.hanacdc.bench;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Many tables (9), step 1 of docs/scale-plan.md: today's cost of N one-row tables, PostgreSQL into MariaDB. Capture
 * install time ({@code bin/hana-cdc install}); startup of {@code run} to the first table's row visible and to every
 * table STREAMING; the source's transactions while the task idles ({@link IdleLoad}); single one-row inserts into
 * random tables at idle, commit→visible; a few active tables at a total rate ({@link TableWriter}, seen per table by
 * {@link TableVisibility}); the JVM's peak RSS and thread count at the end.
 */
public final class TablesBench {
    private static final double WARMUP_SECONDS = 5;
    private static final double SETTLE_SECONDS = 5;
    private static final long WATCH_POLL_MS = 5;

    /**
     * One table count's figures.
     *
     * @param startup  snapshot_rows (one per table) sampled from process start until every table is STREAMING
     * @param idleInsert commit→visible of single one-row inserts into random tables, one at a time, at idle
     * @param active   commit→visible with {@code activeTables} tables written at the options' total rate
     */
    public record AtN(int tables, double createSeconds, double installSeconds, ProgressSampler.Outcome startup, IdleLoad.Outcome idle,
                      TableVisibility.Outcome idleInsert, int activeTables, MixedDmlWriter.Outcome writer, TableVisibility.Outcome active,
                      long peakRssKb, int threads) {
        public Percentiles idleLatency() {
            return new Percentiles(idleInsert.latenciesMs());
        }

        public Percentiles activeLatency() {
            return new Percentiles(active.latenciesMs());
        }
    }

    private final Databases dbs;
    private final BenchOptions o;
    private final Path workDir;

    public TablesBench(Databases dbs, BenchOptions o, Path workDir) {
        this.dbs = dbs;
        this.o = o;
        this.workDir = workDir;
    }

    public AtN run(int n) throws Exception {
        var opt = o.tables();
        Random random = new Random(n);
        String src = dbs.freshPg("bench_tables" + n);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (MariaDbTarget target = new MariaDbTarget(dbs, src)) {
            long t0 = System.nanoTime();
            List<String> names = createOneRowTables(dbs, src, n);
            double createSeconds = (System.nanoTime() - t0) / 1e9;
            var settings = HanaCdcProcess.Settings.of(o, workDir, dbs.pgUrl(src), "public.*").with(target.env());
            t0 = System.nanoTime();
            HanaCdcProcess.runToEnd(settings, "tables" + n + "-install", "install");
            double install = (System.nanoTime() - t0) / 1e9;
            System.out.printf("  %d one-row tables created in %.1f s; bin/hana-cdc install took %.1f s%n", n, createSeconds, install);
            try (Progress probe = target.progress();
                 TableVisibility seen = new TableVisibility(dbs, target.db());
                 HanaCdcProcess p = HanaCdcProcess.start(settings, "tables" + n);
                 Connection w = dbs.pg(src)) {
                var startup = ProgressSampler.until(p, probe, t -> t.snapshotRows(), t -> t.streaming() == n, 180 + 0.6 * n, 200);
                System.out.printf("  first table's row visible at %.1f s, %d of %d tables STREAMING at %.1f s%s%n", startup.firstAt(),
                        probe.read().streaming(), n, startup.doneAt(), startup.timedOut() ? " (TIMED OUT)" : "");
                Thread.sleep((long) (SETTLE_SECONDS * 1000));
                int writerPid = Integer.parseInt(Databases.scalar(w, "SELECT pg_backend_pid()"));
                var idle = IdleLoad.measure(dbs, src, writerPid, opt.idleSeconds(), p.pid());
                System.out.printf("  idle: %.1f source transactions/s (%d in %.0f s), %d hana-cdc sessions, hana-cdc JVM %.0f%% of a core%n",
                        idle.perSecond(), idle.transactions(), idle.seconds(), idle.sessions(), 100 * idle.cpu().process() / idle.seconds());
                TableWriter writer = new TableWriter(w);
                List<TableVisibility.Outcome> singles = new ArrayList<>();
                for (int i = 0; i < opt.idleInserts(); i++) {
                    Thread.sleep(500 + random.nextInt(1000)); // not in step with the product's poll timers
                    var one = new ConcurrentLinkedQueue<TableWriter.Commit>();
                    one.add(writer.insert(names.get(random.nextInt(n)), 1));
                    singles.add(seen.watch(one, new AtomicBoolean(true), 0, 60, WATCH_POLL_MS));
                }
                var idleInsert = merge(singles);
                var idleMs = new Percentiles(idleInsert.latenciesMs());
                System.out.printf("  idle one-row insert → visible: p50 %.0f ms, max %.0f ms (n=%d, unseen %d)%n", idleMs.at(50),
                        idleMs.max(), idleMs.count(), idleInsert.unseen());
                List<String> shuffled = new ArrayList<>(names);
                Collections.shuffle(shuffled, random);
                List<String> active = shuffled.subList(0, Math.min(opt.active(), n));
                var commits = new ConcurrentLinkedQueue<TableWriter.Commit>();
                AtomicBoolean done = new AtomicBoolean();
                long measureFrom = System.nanoTime() + (long) (WARMUP_SECONDS * 1e9);
                Future<MixedDmlWriter.Outcome> load = pool.submit(() -> {
                    try {
                        return writer.run(active, opt.rate(), WARMUP_SECONDS + opt.activeSeconds(), commits);
                    } finally {
                        done.set(true);
                    }
                });
                var activeOut = seen.watch(commits, done, measureFrom, 60, WATCH_POLL_MS);
                MixedDmlWriter.Outcome wo = load.get();
                var ms = new Percentiles(activeOut.latenciesMs());
                System.out.printf("  %d active tables, %,.0f rows/s achieved: p50 %.0f ms, p99 %.0f, max %.0f (n=%d, unseen %d)%n",
                        active.size(), wo.rowsPerSecond(), ms.at(50), ms.at(99), ms.max(), ms.count(), activeOut.unseen());
                p.ensureAlive();
                int threads = p.readThreads();
                long rss = p.readPeakRssKb();
                System.out.printf("  hana-cdc JVM: peak RSS %,d MB, %d threads%n", rss / 1024, threads);
                return new AtN(n, createSeconds, install, startup, idle, idleInsert, active.size(), wo, activeOut, rss, threads);
            }
        } finally {
            pool.shutdownNow();
            dbs.dropPg(src);
        }
    }

    /** Tables public.t0001 … (id bigint key, v, note), each with the one row id 1, 100 tables per transaction; also for {@link ReplicasBench}. */
    static List<String> createOneRowTables(Databases dbs, String src, int n) throws Exception {
        List<String> names = new ArrayList<>();
        try (Connection c = dbs.pg(src); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            for (int i = 1; i <= n; i++) {
                String t = String.format("t%04d", i);
                names.add(t);
                s.addBatch("CREATE TABLE public." + t + " (id bigint PRIMARY KEY, v integer NOT NULL, note varchar(64) NOT NULL)");
                s.addBatch("INSERT INTO public." + t + " VALUES (1, 1, 'row 1')");
                if (i % 100 == 0 || i == n) {
                    s.executeBatch();
                    c.commit();
                }
            }
        }
        return names;
    }

    private static TableVisibility.Outcome merge(List<TableVisibility.Outcome> runs) {
        double[] all = runs.stream().flatMapToDouble(r -> java.util.Arrays.stream(r.latenciesMs())).toArray();
        return new TableVisibility.Outcome(all, runs.stream().mapToInt(TableVisibility.Outcome::unseen).sum(),
                runs.stream().mapToDouble(TableVisibility.Outcome::pollMs).average().orElse(0));
    }
}
