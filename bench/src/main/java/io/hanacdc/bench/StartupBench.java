package io.hanacdc.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

/**
 * Startup (12, --only=startup): from process start to the first applied batch, capture installed and a backlog waiting
 * in one CDC table, once per size of startup-rows; then the process gets SIGKILL mid-drain and a new one is timed from
 * its start to its next applied batch. As a user deploys: the task ran once (capture installed, table STREAMING) and
 * once more to its tables' start (the first start with capture installed proves it and records the pass), then the
 * backlog is written while it is stopped. The product's startup timeline (DEBUG on io.hanacdc.startup) is kept from
 * each timed start's log.
 */
public final class StartupBench {
    /** Seconds from process start to the first applied batch, and to the next after a SIGKILL; the timelines of both starts. */
    public record Result(long rows, double firstBatchSeconds, double restartSeconds, List<String> timeline, List<String> restartTimeline) {}

    private static final String TIMELINE_OPTS = "-Dorg.slf4j.simpleLogger.log.io.hanacdc.startup=debug";
    private final Databases dbs;
    private final BenchOptions o;
    private final Path workDir;

    public StartupBench(Databases dbs, BenchOptions o, Path workDir) {
        this.dbs = dbs;
        this.o = o;
        this.workDir = workDir;
    }

    public Result run(long rows) throws Exception {
        String src = dbs.freshPg("bench_startup");
        try (BenchTarget target = new MariaDbTarget(dbs, src)) {
            try (Connection c = dbs.pg(src)) {
                Databases.exec(c, OrdersShape.pgCreate("public.t1"));
            }
            // the launcher's default heap, with the timeline on: --java-opts replaces both
            String opts = o.javaOpts().isBlank() ? "-Xmx256m " + TIMELINE_OPTS : o.javaOpts() + " " + TIMELINE_OPTS;
            var settings = new HanaCdcProcess.Settings(o.jar(), workDir, opts, HanaCdcProcess.Settings.of(o, workDir, dbs.pgUrl(src), "public.*")
                    .with(target.env()).env());
            try (Progress probe = target.progress()) {
                try (HanaCdcProcess first = HanaCdcProcess.start(settings, "startup-" + rows + "-install")) {
                    ProgressSampler.until(first, probe, t -> t.streaming(), t -> t.streaming() == 1, 180, 200);
                }
                try (HanaCdcProcess second = HanaCdcProcess.start(settings, "startup-" + rows + "-deploy")) {
                    awaitLog(second, "status page", 180);
                }
                try (Connection c = dbs.pg(src)) {
                    OrdersShape.pgFillChunked(c, "public.t1", 1, rows, 100_000);
                    Databases.exec(c, "VACUUM ANALYZE");
                }
                HanaCdcProcess p = HanaCdcProcess.start(settings, "startup-" + rows + "-start");
                double first;
                long applied;
                try {
                    var out = ProgressSampler.until(p, probe, t -> t.rowsApplied(), t -> t.rowsApplied() > 0, 300, 20);
                    first = out.firstAt();
                    Thread.sleep(1000); // mid-drain
                    applied = probe.read().rowsApplied();
                } finally {
                    p.kill();
                }
                long before = Math.max(applied, probe.read().rowsApplied());
                try (HanaCdcProcess again = HanaCdcProcess.start(settings, "startup-" + rows + "-restart")) {
                    var out = ProgressSampler.until(again, probe, t -> t.rowsApplied(), t -> t.rowsApplied() > before, 300, 20);
                    System.out.printf("  %,d rows waiting: first applied batch %.2f s from process start; after SIGKILL: %.2f s%n", rows, first,
                            out.doneAt());
                    return new Result(rows, first, out.doneAt(), timeline(p.log()), timeline(again.log()));
                }
            }
        } finally {
            dbs.dropPg(src);
        }
    }

    private static void awaitLog(HanaCdcProcess p, String text, double timeoutSeconds) throws Exception {
        while (!Files.readString(p.log()).contains(text)) {
            p.ensureAlive();
            if (p.secondsSinceStart() > timeoutSeconds) {
                throw new IllegalStateException("no '" + text + "' in " + timeoutSeconds + " s: " + p.tail());
            }
            Thread.sleep(100);
        }
    }

    /** The startup lines of a product log: "+ms step (ms)". */
    private static List<String> timeline(Path log) throws Exception {
        List<String> out = new ArrayList<>();
        for (String line : Files.readAllLines(log)) {
            int at = line.indexOf(" startup - ");
            if (at >= 0) {
                out.add(line.substring(at + " startup - ".length()));
            }
        }
        return out;
    }
}
