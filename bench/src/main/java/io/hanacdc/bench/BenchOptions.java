package io.hanacdc.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What to run and how big. Every size has a full default (the sizes, fitted to a 2-core
 * machine) and a --quick default for a smoke run; each can be overridden by a flag
 * {@code --stream-rows=N} or the environment variable {@code BENCH_STREAM_ROWS=N}.
 */
public record BenchOptions(
        Set<String> scenarios,
        boolean quick,
        long rawRows,
        long streamRows,
        int multiTables,
        long multiRowsPerTable,
        long snapshotRows,
        long latencySeedRows,
        int[] latencyRates,
        int[] kafkaLatencyRates,
        int latencySeconds,
        int captureRowsNarrow,
        int captureRowsWide,
        int captureTxRows,
        int batchSize,
        int statementRows,
        int pollIntervalMs,
        Path jar,
        Path resultsDir,
        String pgHost,
        String mysqlHost,
        String javaOpts,
        Tables tables,
        Replicas replicas,
        long[] startupRows) {

    public static final Set<String> ALL = Set.of("raw", "apply", "stream", "snapshot", "latency", "capture", "kafka", "tables", "page", "replicas",
            "startup", "pg-target");

    /**
     * The many-tables scenario (9): table counts run one after the other, the idle window sampled for the source's
     * transactions, the one-row inserts timed at idle, and the active tables with their total rate and measured seconds.
     */
    public record Tables(int[] counts, int idleSeconds, int idleInserts, int active, int rate, int activeSeconds) {
        public String describe() {
            return "tables " + Arrays.toString(counts) + " (idle " + idleSeconds + " s, " + idleInserts + " idle inserts, " + active
                    + " active at " + rate + " rows/s x " + activeSeconds + " s)";
        }
    }

    /** The replicas scenario (11): one-row tables of the task the replicas share, and the idle window sampled with 3 replicas. */
    public record Replicas(int tables, int idleSeconds) {
        public String describe() {
            return "replicas: " + ReplicasBench.REPLICAS + " sharing " + tables + " tables (idle " + idleSeconds + " s)";
        }
    }

    public static BenchOptions parse(String[] args) {
        Map<String, String> flags = new LinkedHashMap<>();
        boolean quick = false;
        for (String a : args) {
            if (a.equals("--quick")) {
                quick = true;
            } else if (a.startsWith("--") && a.contains("=")) {
                flags.put(a.substring(2, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
            } else {
                throw new IllegalArgumentException("unknown argument " + a + " (see bench/README.md)");
            }
        }
        quick = quick || "1".equals(System.getenv("BENCH_QUICK"));
        Sizes s = new Sizes(flags, quick);
        // "tables", "replicas" and "pg-target" are not in the default run: each is its own study (many tables, today's
        // behaviour; replicas sharing them; the PostgreSQL target), --only=tables, --only=replicas, --only=pg-target.
        Set<String> only = new LinkedHashSet<>(Arrays.asList(s.string("only", "raw,apply,stream,snapshot,latency,capture,kafka,page,startup").split(",")));
        for (String o : only) {
            if (!ALL.contains(o)) {
                throw new IllegalArgumentException("--only: unknown scenario " + o + ", expected some of " + ALL);
            }
        }
        int[] rates = rates(s.string("latency-rates", "1000,5000"));
        return new BenchOptions(only, quick,
                s.num("raw-rows", 1_000_000, 100_000),
                s.num("stream-rows", 1_000_000, 100_000),
                (int) s.num("multi-tables", 8, 8),
                s.num("multi-rows-per-table", 250_000, 25_000),
                s.num("snapshot-rows", 2_000_000, 200_000),
                s.num("latency-seed-rows", 100_000, 20_000),
                rates,
                rates(s.string("kafka-latency-rates", "1000")),
                (int) s.num("latency-seconds", 60, 10),
                (int) s.num("capture-rows-narrow", 10_000, 1_000),
                (int) s.num("capture-rows-wide", 3_000, 300),
                (int) s.num("capture-tx-rows", 1, 1),
                (int) s.num("batch-size", 5000, 5000),
                (int) s.num("statement-rows", 1000, 1000),
                (int) s.num("poll-interval-ms", 200, 200),
                Path.of(s.string("jar", "")),
                Path.of(s.string("results", "results")),
                s.string("pg", "127.0.0.1:5432"),
                s.string("mysql", "127.0.0.1:3306"),
                s.string("java-opts", ""),
                tables(s),
                new Replicas((int) s.num("replicas-tables", 1000, 100), (int) s.num("replicas-idle-seconds", 20, 10)),
                Arrays.stream(s.string("startup-rows", quick ? "20000" : "200000,1000000").replace("_", "").split(","))
                        .mapToLong(Long::parseLong).toArray());
    }

    /** --tables-count=N runs that one count; otherwise --tables-counts (10,100,1000; --quick 10,100). */
    private static Tables tables(Sizes s) {
        String one = s.string("tables-count", "");
        int[] counts = rates(one.isEmpty() ? s.string("tables-counts", s.quick() ? "10,100" : "10,100,1000") : one);
        return new Tables(counts, (int) s.num("tables-idle-seconds", 20, 10), (int) s.num("tables-idle-inserts", 10, 5),
                (int) s.num("tables-active", 10, 10), (int) s.num("tables-rate", 1000, 1000), (int) s.num("tables-active-seconds", 30, 10));
    }

    private static int[] rates(String list) {
        return Arrays.stream(list.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    public boolean runs(String scenario) {
        return scenarios.contains(scenario);
    }

    /** Flag, then BENCH_* environment variable, then the quick or full default. */
    private record Sizes(Map<String, String> flags, boolean quick) {
        String string(String name, String def) {
            String v = flags.get(name);
            if (v == null) {
                v = System.getenv("BENCH_" + name.toUpperCase().replace('-', '_'));
            }
            return v == null || v.isBlank() ? def : v.strip();
        }

        long num(String name, long full, long quickDefault) {
            return Long.parseLong(string(name, String.valueOf(quick ? quickDefault : full)).replace("_", ""));
        }
    }

    public String describe() {
        return "raw rows " + rawRows + ", stream rows " + streamRows + ", " + multiTables + " tables x " + multiRowsPerTable
                + ", snapshot rows " + snapshotRows + ", latency " + Arrays.toString(latencyRates) + " rows/s (Kafka "
                + Arrays.toString(kafkaLatencyRates) + ") x " + latencySeconds
                + " s, capture rows " + captureRowsNarrow + " (5 cols) / " + captureRowsWide + " (300 cols), capture tx rows "
                + captureTxRows + ", batch " + batchSize + ", poll " + pollIntervalMs + " ms" + (runs("tables") ? ", " + tables.describe() : "")
                + (runs("replicas") ? ", " + replicas.describe() : "")
                + (runs("startup") ? ", startup rows " + Arrays.toString(startupRows) : "");
    }
}
