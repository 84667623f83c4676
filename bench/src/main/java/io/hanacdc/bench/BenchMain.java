package io.hanacdc.bench;

import io.hanacdc.demo.KafkaBroker;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs the selected scenarios in a fixed order — raw baseline, streaming, initial load, latency,
 * capture overhead, raw baseline again, Kafka, status page, many tables (one step per table count), replicas — then writes the table, CSV
 * and charts. A scenario that fails is reported and the others still run; targets are reported, never enforced.
 */
public final class BenchMain {
    private interface Scenario {
        void run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        BenchOptions o = BenchOptions.parse(args);
        if (!Files.isRegularFile(o.jar())) {
            throw new IllegalArgumentException("hana-cdc jar not found: " + o.jar() + " (set --jar= or BENCH_JAR)");
        }
        Databases dbs = new Databases(o.pgHost(), o.mysqlHost());
        Path work = Files.createTempDirectory("hanacdc-bench-");
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        System.out.println("hana-cdc benchmark " + stamp + (o.quick() ? " (quick)" : "") + "; product logs in " + work);
        System.out.println("sizes: " + o.describe());
        Measurements m = new Measurements();
        m.jvm = o.javaOpts().isBlank() ? "bin/hana-cdc with its default JVM options" : "bin/hana-cdc, HANACDC_JAVA_OPTS=" + o.javaOpts();
        long t0 = System.nanoTime();
        try {
            RawTargetBench raw = new RawTargetBench(dbs, o, RawTarget.MARIADB);
            BenchTarget.Maker mariadb = name -> new MariaDbTarget(dbs, name);
            StreamingBench streaming = new StreamingBench(dbs, o, work, mariadb, "stream");
            step(m, o.runs("raw") || o.runs("stream") || o.runs("snapshot") || o.runs("apply"), "1. raw target baseline", () -> m.raw.add(raw.run("before")));
            step(m, o.runs("stream"), "1b. raw target, " + o.multiTables() + " connections in parallel",
                    () -> m.rawParallel = raw.runParallel(o.multiTables()));
            RawLoadBench load = new RawLoadBench(dbs, o, raw);
            for (RawLoadBench.Path path : RawLoadBench.Path.values()) {
                step(m, o.runs("apply"), "1c. apply path " + path, () -> m.applyPaths.add(load.run(path)));
            }
            step(m, o.runs("stream"), "2a. streaming, 1 table", () -> m.streamOne = streaming.run(1, o.streamRows()));
            step(m, o.runs("stream"), "2b. streaming, " + o.multiTables() + " tables",
                    () -> m.streamMany = streaming.run(o.multiTables(), o.multiRowsPerTable()));
            step(m, o.runs("snapshot"), "3. initial load", () -> m.snapshot = new SnapshotBench(dbs, o, work).run());
            step(m, o.runs("latency"), "4. end-to-end latency", () -> m.latency = new LatencyBench(dbs, o, work, mariadb).run(o.latencyRates(), "latency"));
            step(m, o.runs("capture"), "5. capture overhead", () -> m.capture = new CaptureOverheadBench(dbs, o, work).run());
            // A second baseline after the product ran: the machine may have sped up or slowed down meanwhile.
            step(m, o.runs("stream") || o.runs("snapshot") || o.runs("apply"), "1'. raw target baseline again", () -> m.raw.add(raw.run("after")));
            if (o.runs("kafka")) {
                kafka(m, o, dbs, work);
            }
            if (o.runs("pg-target")) {
                postgresTarget(m, o, dbs, work);
            }
            step(m, o.runs("page"), "10. status page, 1,000 tables", () -> m.page = new PageBench(o).run(1000));
            TablesBench tables = new TablesBench(dbs, o, work);
            for (int n : o.tables().counts()) {
                step(m, o.runs("tables"), "9. many tables, " + n, () -> m.tables.add(tables.run(n)));
            }
            StartupBench startup = new StartupBench(dbs, o, work);
            for (long rows : o.startupRows()) {
                step(m, o.runs("startup"), String.format("12. startup, %,d rows waiting", rows), () -> m.startup.add(startup.run(rows)));
            }
            step(m, o.runs("replicas"), "11. replicas, " + ReplicasBench.REPLICAS + " sharing " + o.replicas().tables() + " tables",
                    () -> m.replicas = new ReplicasBench(dbs, o, work).run());
        } finally {
            dbs.dropAll();
        }
        List<ResultRow> rows = ResultTable.of(m);
        Path dir = o.resultsDir();
        Files.createDirectories(dir);
        List<String> charts = charts(m, o, dir, stamp);
        List<String> notes = new ArrayList<>(m.errors);
        for (StartupBench.Result s : m.startup) {
            notes.add(String.format("startup timeline, %,d rows waiting (ms since JVM start): %s; after SIGKILL: %s", s.rows(),
                    String.join("; ", s.timeline()), String.join("; ", s.restartTimeline())));
        }
        notes.add("scenario durations and 1-minute load averages (2 cores: a load well above 2 means other work competed): "
                + String.join("; ", m.loads));
        notes.add(String.format("total run time %.1f min; product logs of this run were in %s", (System.nanoTime() - t0) / 60e9, work));
        ReportWriter.write(dir, stamp, context(o, dbs), rows, charts, notes);
        System.out.println();
        System.out.println(ReportWriter.markdownTable(rows));
        m.errors.forEach(e -> System.out.println("ERROR " + e));
        System.out.println("written: " + dir.resolve(stamp + ".md") + ", " + dir.resolve(stamp + ".csv") + ", " + charts);
    }

    /**
     * The Kafka scenarios (8) on one broker started in this JVM: the raw producer baseline, the drain, the
     * latency, the raw producer again. hana-cdc runs in its own JVM, as in every scenario.
     */
    private static void kafka(Measurements m, BenchOptions o, Databases dbs, Path work) {
        System.out.println("== 8. Kafka: starting a broker in this JVM");
        try (KafkaBroker broker = KafkaBroker.start()) {
            String servers = broker.bootstrapServers();
            RawKafkaBench raw = new RawKafkaBench(servers, o);
            BenchTarget.Maker topics = name -> new KafkaTopicsTarget(servers, name);
            step(m, true, "8a. raw Kafka producer baseline", () -> m.kafkaRaw.add(raw.run("before")));
            step(m, true, "8a'. raw Kafka producer with hana-cdc's batch.size (reference)",
                    () -> m.kafkaRawAsProduct = raw.run("as_product", Map.of("batch.size", RawKafkaBench.PRODUCT_BATCH_BYTES)));
            step(m, true, "8b. Kafka: streaming, 1 table",
                    () -> m.kafkaStream = new StreamingBench(dbs, o, work, topics, "kafka-stream", true).run(1, o.streamRows()));
            step(m, true, "8c. Kafka: end-to-end latency",
                    () -> m.kafkaLatency = new LatencyBench(dbs, o, work, topics).run(o.kafkaLatencyRates(), "kafka-latency"));
            step(m, true, "8'. raw Kafka producer baseline again", () -> m.kafkaRaw.add(raw.run("after")));
        } catch (Exception e) {
            System.out.println("  the Kafka broker failed: " + e);
            m.errors.add("the Kafka broker failed: " + e.toString().replace('\n', ' ').replace('|', '/'));
        }
    }

    /**
     * The PostgreSQL target (13): scenarios 1, 2 and 4 into a second database of the local PostgreSQL, against the raw
     * {@code INSERT … ON CONFLICT} baseline measured before and after them.
     */
    private static void postgresTarget(Measurements m, BenchOptions o, Databases dbs, Path work) {
        RawTargetBench raw = new RawTargetBench(dbs, o, RawTarget.POSTGRESQL);
        BenchTarget.Maker postgres = name -> new PostgresTarget(dbs, name);
        StreamingBench streaming = new StreamingBench(dbs, o, work, postgres, "pg-stream");
        step(m, true, "13a. raw PostgreSQL upsert baseline", () -> m.pgRaw.add(raw.run("before")));
        step(m, true, "13b. raw PostgreSQL upsert, " + o.multiTables() + " connections in parallel",
                () -> m.pgRawParallel = raw.runParallel(o.multiTables()));
        step(m, true, "13c. PostgreSQL target: streaming, 1 table", () -> m.pgStreamOne = streaming.run(1, o.streamRows()));
        step(m, true, "13d. PostgreSQL target: streaming, " + o.multiTables() + " tables",
                () -> m.pgStreamMany = streaming.run(o.multiTables(), o.multiRowsPerTable()));
        step(m, true, "13e. PostgreSQL target: end-to-end latency",
                () -> m.pgLatency = new LatencyBench(dbs, o, work, postgres).run(o.latencyRates(), "pg-latency"));
        step(m, true, "13'. raw PostgreSQL upsert baseline again", () -> m.pgRaw.add(raw.run("after")));
    }

    private static void step(Measurements m, boolean selected, String name, Scenario s) {
        if (!selected) {
            return;
        }
        System.out.println("== " + name);
        String loadBefore = loadAverage();
        long t = System.nanoTime();
        try {
            s.run();
        } catch (Exception | AssertionError e) {
            String msg = name + " failed: " + e;
            System.out.println("  " + msg);
            e.printStackTrace(System.out);
            m.errors.add(msg.replace('\n', ' ').replace('|', '/'));
        }
        double seconds = (System.nanoTime() - t) / 1e9;
        String loadAfter = loadAverage();
        System.out.printf("  (%.0f s; 1-minute load average %s before, %s after)%n", seconds, loadBefore, loadAfter);
        // Other processes on this 2-core machine (a build, a test suite) skew every figure: say so next to them.
        m.loads.add(String.format("%s: %.0f s, load average %s → %s", name, seconds, loadBefore, loadAfter));
    }

    /** The 1-minute load average: above ~2 on this 2-core machine, something else was competing for the CPUs. */
    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (Exception e) {
            return "?";
        }
    }

    private static List<String> charts(Measurements m, BenchOptions o, Path dir, String stamp) {
        List<String> files = new ArrayList<>();
        try {
            List<Series> tput = new ArrayList<>();
            if (m.streamOne != null) {
                tput.add(Series.rate("streaming, 1 table", m.streamOne.outcome().counter(), 1.0));
            }
            if (m.streamMany != null) {
                tput.add(Series.rate("streaming, " + m.streamMany.tables() + " tables", m.streamMany.outcome().counter(), 1.0));
            }
            if (m.snapshot != null) {
                tput.add(Series.rate("initial load", m.snapshot.outcome().counter(), 1.0));
            }
            if (m.kafkaStream != null) {
                tput.add(Series.rate("Kafka, streaming 1 table", m.kafkaStream.outcome().counter(), 1.0));
            }
            if (!tput.isEmpty()) {
                double end = tput.stream().flatMap(s -> s.points().stream()).mapToDouble(p -> p[0]).max().orElse(1);
                baseline(tput, "raw baseline (1)", m.baseline(), end);
                baseline(tput, "raw Kafka baseline (8)", m.kafkaBaseline(), end);
                String f = stamp + "-throughput.png";
                Charts.line(dir.resolve(f).toFile(), "hana-cdc throughput over time (1 s windows)", "seconds since process start",
                        "rows/s", tput);
                files.add(f);
            }
            List<LatencyBench.RateResult> rates = new ArrayList<>();
            List<String> labels = new ArrayList<>();
            if (m.latency != null) {
                m.latency.rates().forEach(r -> rates.add(r));
                m.latency.rates().forEach(r -> labels.add(String.format("%,d rows/s", r.offered())));
            }
            if (m.kafkaLatency != null) {
                m.kafkaLatency.rates().forEach(r -> rates.add(r));
                m.kafkaLatency.rates().forEach(r -> labels.add(String.format("Kafka, %,d rows/s", r.offered())));
            }
            if (!m.tables.isEmpty()) {
                String f = stamp + "-tables-latency-cdf.png";
                Charts.cdf(new File(dir.toFile(), f), "many tables: commit → visible, " + m.tables.get(0).activeTables()
                                + " tables active at " + o.tables().rate() + " rows/s in all",
                        m.tables.stream().map(TablesBench.AtN::activeLatency).toList(),
                        m.tables.stream().map(t -> String.format("%,d tables", t.tables())).toList());
                files.add(f);
            }
            if (!rates.isEmpty()) {
                String f = stamp + "-latency-cdf.png";
                Charts.cdf(new File(dir.toFile(), f), "commit → visible latency distribution",
                        rates.stream().map(LatencyBench.RateResult::latency).toList(), labels);
                files.add(f);
                String g = stamp + "-lag.png";
                Charts.line(dir.resolve(g).toFile(), "replication lag: worst age of a not-yet-visible commit, per second",
                        "seconds since the rate started (first 5 s: warm-up)", "lag (s)",
                        rates.stream().map(LatencyBench.RateResult::lag).toList());
                files.add(g);
            }
        } catch (Exception e) {
            m.errors.add("charts failed: " + e);
        }
        return files;
    }

    /** A flat line at a baseline's rate, when that baseline was measured. */
    private static void baseline(List<Series> chart, String name, double rate, double end) {
        if (!Double.isNaN(rate)) {
            Series b = new Series(name);
            b.add(0, rate);
            b.add(end, rate);
            chart.add(b);
        }
    }

    private static String context(BenchOptions o, Databases dbs) {
        String head = "unknown";
        try {
            Process p = new ProcessBuilder("git", "-C", System.getProperty("bench.repo", ".."), "rev-parse", "--short", "HEAD")
                    .redirectErrorStream(true).start();
            head = new String(p.getInputStream().readAllBytes()).strip();
        } catch (Exception e) {
            // not a git checkout: leave unknown
        }
        return "- product: " + o.jar() + " (repository HEAD " + head + ")\n"
                + "- machine: " + Runtime.getRuntime().availableProcessors() + " cores, Java " + System.getProperty("java.version")
                + ", " + dbs.versions() + "\n"
                + "- sizes: " + o.describe() + (o.quick() ? " (--quick: smoke run, figures not comparable to a full run)" : "") + "\n"
                + "- product settings: HANACDC_BATCH_SIZE=" + o.batchSize() + ", HANACDC_POLL_INTERVAL_MS=" + o.pollIntervalMs()
                + ", snapshot chunk size default (10000), JVM options: " + (o.javaOpts().isBlank() ? "the launcher's defaults (" + HanaCdcProcess.LAUNCHER + ")" : o.javaOpts() + " (HANACDC_JAVA_OPTS of the launcher)")
                + (o.runs("kafka") ? "\n- Kafka (8): one KRaft broker (Kafka 4.3.1, the product's test broker) in the harness's JVM, which also runs the"
                        + " raw producer; hana-cdc's Kafka settings at their defaults (1 partition per topic)" : "");
    }
}
