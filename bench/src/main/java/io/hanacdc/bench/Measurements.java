package io.hanacdc.bench;

import java.util.ArrayList;
import java.util.List;

/** Everything one run measured; a scenario that was not selected or that failed leaves its field null. */
public final class Measurements {
    public final List<RawTargetBench.Result> raw = new ArrayList<>();
    /** The baseline's load over as many connections as the parallel streaming run has tables. */
    public RawTargetBench.Result rawParallel;
    /** The apply paths' references (1c), in the order they ran. */
    public final List<RawLoadBench.Result> applyPaths = new ArrayList<>();
    public StreamingBench.Result streamOne;
    public StreamingBench.Result streamMany;
    public SnapshotBench.Result snapshot;
    public LatencyBench.Result latency;
    public CaptureOverheadBench.Result capture;
    /** The Kafka scenarios (8): raw producer runs before and after, the drain and the latency on Kafka. */
    public final List<RawKafkaBench.Result> kafkaRaw = new ArrayList<>();
    /** The raw producer with hana-cdc's own producer defaults (a reference, not a denominator). */
    public RawKafkaBench.Result kafkaRawAsProduct;
    public StreamingBench.Result kafkaStream;
    public LatencyBench.Result kafkaLatency;
    /** The PostgreSQL target (13): raw ON CONFLICT runs before and after, 8 connections, the drains and the latency. */
    public final List<RawTargetBench.Result> pgRaw = new ArrayList<>();
    public RawTargetBench.Result pgRawParallel;
    public StreamingBench.Result pgStreamOne;
    public StreamingBench.Result pgStreamMany;
    public LatencyBench.Result pgLatency;
    /** The many-tables scenario (9): one entry per table count, in the order run. */
    public final List<TablesBench.AtN> tables = new ArrayList<>();
    public PageBench.Result page;
    /** Replicas sharing a task of many tables (11). */
    public ReplicasBench.Result replicas;
    /** Startup (12): one entry per backlog size, in the order run. */
    public final List<StartupBench.Result> startup = new ArrayList<>();
    public final List<String> errors = new ArrayList<>();
    /** How the product's JVM was started, for the memory rows. */
    public String jvm = "";
    /** Per scenario: how long it took and the machine's load average around it. */
    public final List<String> loads = new ArrayList<>();

    /** Mean of the raw runs (one before, one after the product runs), the denominator of every ratio. */
    public double baseline() {
        return raw.stream().mapToDouble(RawTargetBench.Result::rowsPerSecond).average().orElse(Double.NaN);
    }

    /** Mean of the raw PostgreSQL runs, the denominator of the PostgreSQL target's ratios. */
    public double pgBaseline() {
        return pgRaw.stream().mapToDouble(RawTargetBench.Result::rowsPerSecond).average().orElse(Double.NaN);
    }

    /** Mean of the raw Kafka producer runs, the denominator of the Kafka ratios. */
    public double kafkaBaseline() {
        return kafkaRaw.stream().mapToDouble(RawKafkaBench.Result::rowsPerSecond).average().orElse(Double.NaN);
    }
}
