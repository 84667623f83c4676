package io.hanacdc.bench;

import io.hanacdc.bench.ResultRow.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Turns {@link Measurements} into table rows, each with its ratio to the baseline and its target verdict. */
public final class ResultTable {
    private static final double RSS_LIMIT_MB = 512;
    private final Measurements m;
    private final List<ResultRow> rows = new ArrayList<>();

    private ResultTable(Measurements m) {
        this.m = m;
    }

    public static List<ResultRow> of(Measurements m) {
        ResultTable t = new ResultTable(m);
        t.raw();
        t.applyPaths();
        t.streaming();
        t.snapshot();
        t.latency();
        t.capture();
        t.kafka();
        t.postgresTarget();
        t.memory();
        t.rows.addAll(TablesRows.of(m.tables, m.jvm));
        t.page();
        t.rows.addAll(ReplicasRows.of(m.replicas, m.jvm));
        t.startup();
        return t.rows;
    }

    private void page() {
        PageBench.Result p = m.page;
        if (p == null) {
            return;
        }
        rows.add(ResultRow.info("10", String.format("status page, %,d tables: first page rendered", p.tables()), p.firstRenderMs(), "ms",
                "from navigation start, headless Chromium; an upper bound (the harness looks every 20 ms)"));
        double p50 = p.refreshAt(0.5);
        rows.add(new ResultRow("10", String.format("status page, %,d tables: refresh p50", p.tables()), p50, "ms", Double.NaN, "< 200 ms",
                p50 < 200 ? Verdict.PASS : Verdict.FAIL, String.format("fetch of /api/tables (%,d bytes), filter, sort and render of a page of 100, "
                        + "every 5th with the hour's history (3,600 points) drawn; %d refreshes", p.apiBytes(), p.refreshMs().size())));
        rows.add(ResultRow.info("10", String.format("status page, %,d tables: refresh p95", p.tables()), p.refreshAt(0.95), "ms", ""));
        rows.add(ResultRow.info("10", String.format("status page, %,d tables: refresh max", p.tables()), p.refreshAt(1.0), "ms", ""));
    }

    private void startup() {
        for (StartupBench.Result s : m.startup) {
            double first = s.firstBatchSeconds() * 1000;
            double restart = s.restartSeconds() * 1000;
            rows.add(new ResultRow("12", String.format("startup, %,d rows waiting: process start → first applied batch", s.rows()), first, "ms",
                    Double.NaN, "≤ 1500 ms", Verdict.of(first <= 1500), "capture installed and proved by an earlier start; MariaDB target;"
                    + " the harness polls the position every 20 ms; timeline in the notes"));
            rows.add(new ResultRow("12", String.format("startup, %,d rows waiting: restart after SIGKILL → next applied batch", s.rows()), restart,
                    "ms", Double.NaN, "≤ 2000 ms", Verdict.of(restart <= 2000), "killed 1 s after its first applied batch, mid-drain"));
        }
    }

    private void raw() {
        for (int i = 0; i < m.raw.size(); i++) {
            var r = m.raw.get(i);
            rows.add(ResultRow.info("1", "raw MariaDB upsert, 1 connection, run " + (i + 1) + (i == 0 ? " (before)" : " (after)"),
                    r.rowsPerSecond(), "rows/s", String.format("%,d rows in %.1f s", r.rows(), r.seconds())));
        }
        meanRow("1", "baseline for ratios (mean of raw runs)", m.raw.stream().mapToDouble(RawTargetBench.Result::rowsPerSecond).toArray());
    }

    /** The mean of a baseline's runs, the denominator of its ratios, with how far the runs lie apart. */
    private void meanRow(String section, String what, double[] runs) {
        if (runs.length == 0) {
            return;
        }
        double lo = Arrays.stream(runs).min().orElse(0);
        double hi = Arrays.stream(runs).max().orElse(0);
        rows.add(new ResultRow(section, what, Arrays.stream(runs).average().orElse(Double.NaN), "rows/s", 1.0, "", Verdict.NONE,
                runs.length > 1 ? String.format("runs differ by %.0f%% (machine noise)", 100 * (hi - lo) / lo) : "one run"));
    }

    private void applyPaths() {
        for (RawLoadBench.Result r : m.applyPaths) {
            String path = switch (r.path()) {
                case STATEMENT -> "multi-row upsert statement";
                case REPLACE -> "LOAD DATA ... REPLACE (before: deletes on conflict)";
                case STAGED -> "LOAD DATA into a stage, INSERT ... SELECT ... ON DUPLICATE KEY UPDATE";
            };
            rows.add(new ResultRow("1c", "apply path, inserts: " + path, r.insertsPerSecond(), "rows/s", r.insertsPerSecond() / m.baseline(),
                    "", Verdict.NONE, "plain JDBC, 1 connection, empty table"));
            rows.add(new ResultRow("1c", "apply path, updates: " + path, r.updatesPerSecond(), "rows/s", r.updatesPerSecond() / m.baseline(),
                    "", Verdict.NONE, "the same ids again"));
        }
    }

    private void streaming() {
        if (m.rawParallel != null) {
            double r = m.rawParallel.rowsPerSecond();
            rows.add(new ResultRow("2", "raw MariaDB upsert, 8 connections in parallel (reference)", r, "rows/s", r / m.baseline(),
                    "", Verdict.NONE, "what the target and this machine's cores allow in parallel: the 8-table ceiling"));
            if (m.rawParallel.cpu() != null) {
                rows.add(ResultRow.info("2", "CPU per row, raw 8 connections", 1e6 * m.rawParallel.cpu().machine() / m.rawParallel.rows(),
                        "µs", m.rawParallel.cpu().perRow(m.rawParallel.rows(), "writer JVM")));
            }
        }
        if (m.streamOne != null) {
            double read = m.streamOne.sourceReadRate();
            double w = m.baseline();
            rows.add(new ResultRow("2", "plain JDBC read of the CDC backlog (reference)", read, "rows/s", read / w, "", Verdict.NONE,
                    "id-ordered batches of 5000, nothing written"));
            double serial = 1 / (1 / read + 1 / w);
            rows.add(new ResultRow("2", "read-then-write without overlap, computed 1/(1/read + 1/raw)", serial, "rows/s", serial / w,
                    "", Verdict.NONE, "ceiling of a loop that reads a batch, then writes it"));
        }
        stream(m.streamOne, "streaming 1 table", 0.9);
        stream(m.streamMany, "streaming 8 tables", 1.5);
    }

    private void stream(StreamingBench.Result r, String what, double target) {
        stream("2", m.baseline(), r, what, target);
    }

    /** The drain's rows against {@code base}, the raw baseline of the same target. */
    private void stream(String section, double base, StreamingBench.Result r, String what, double target) {
        if (r == null) {
            return;
        }
        var o = r.outcome();
        String note = r.tables() + " × " + String.format("%,d", r.rows() / r.tables()) + " CDC rows";
        ratioRow(section, base, what + ": from first applied batch", o.activeRate(), target,
                note + String.format("; drained %.1f s after first apply; target holds %s", o.doneAt() - o.firstAt(), r.targetHolds()) + timedOut(o));
        rows.add(new ResultRow(section, what + ": steady state (second half of the rows)", o.steadyRate(), "rows/s",
                o.steadyRate() / base, "", Verdict.NONE, "JIT warm-up over"));
        ratioRow(section, base, what + ": from process start", o.wallRate(), target,
                String.format("%.1f s total, first batch visible at %.1f s (JVM, Camel, pools, install)", o.doneAt(), o.firstAt()));
        if (o.cpu() != null) {
            long applied = o.finalValue() - o.firstValue();
            rows.add(ResultRow.info(section, "CPU per row, " + what + " (from first applied batch)", 1e6 * o.cpu().machine() / applied,
                    "µs", o.cpu().perRow(applied, "hana-cdc JVM")));
        }
        rows.add(ResultRow.info(section, "backlog generation " + what + " (source INSERT…SELECT with capture)",
                r.rows() / r.backlogSeconds(), "rows/s", "not a product figure: how fast the triggers filled the CDC tables"));
    }

    private void snapshot() {
        var r = m.snapshot;
        if (r == null) {
            return;
        }
        var o = r.outcome();
        ratioRow("3", "initial load: from first committed chunk", o.activeRate(), 0.9,
                String.format("%,d rows, %.1f s after first chunk", r.rows(), o.doneAt() - o.firstAt()) + timedOut(o));
        rows.add(new ResultRow("3", "initial load: steady state (second half of the rows)", o.steadyRate(), "rows/s",
                o.steadyRate() / m.baseline(), "", Verdict.NONE, "JIT warm-up over"));
        ratioRow("3", "initial load: from process start", o.wallRate(), 0.9,
                String.format("%.1f s to STREAMING, first chunk visible at %.1f s", o.doneAt(), o.firstAt()));
    }

    private void ratioRow(String section, String what, double rate, double target, String note) {
        ratioRow(section, m.baseline(), what, rate, target, note);
    }

    private void ratioRow(String section, double base, String what, double rate, double target, String note) {
        double ratio = rate / base;
        Verdict v = Double.isNaN(ratio) ? Verdict.NONE : Verdict.of(ratio >= target);
        rows.add(new ResultRow(section, what, rate, "rows/s", ratio, String.format("≥ %.1f× raw", target), v, note));
    }

    private void latency() {
        if (m.latency != null) {
            latency("4", "", m.latency, true);
        }
    }

    /** One run's rows per offered rate; {@code targets}: compare with the targets for the MariaDB run. */
    private void latency(String section, String where, LatencyBench.Result result, boolean targets) {
        for (var r : result.rates()) {
            String at = where + String.format("%,d rows/s", r.offered());
            String res = String.format("resolution ≈ %.0f ms (target poll)", r.resolutionMs());
            boolean oneK = targets && r.offered() == 1000;
            boolean fiveK = targets && r.offered() >= 5000;
            rows.add(ResultRow.info(section, "latency @ " + at + ": writer achieved", r.writer().rowsPerSecond(), "rows/s",
                    String.format("%,d transactions of mixed insert/update/delete", r.writer().transactions())));
            rows.add(new ResultRow(section, "latency @ " + at + ": p50", r.latency().at(50), "ms", Double.NaN,
                    oneK ? "≤ 200 ms" : "", oneK ? Verdict.of(r.latency().at(50) <= 200) : Verdict.NONE,
                    String.format("n = %,d commits; %s", r.latency().count(), res)));
            rows.add(ResultRow.info(section, "latency @ " + at + ": p95", r.latency().at(95), "ms", ""));
            rows.add(new ResultRow(section, "latency @ " + at + ": p99", r.latency().at(99), "ms", Double.NaN,
                    oneK ? "≤ 1000 ms" : "", oneK ? Verdict.of(r.latency().at(99) <= 1000) : Verdict.NONE, ""));
            rows.add(ResultRow.info(section, "latency @ " + at + ": max", r.latency().max(), "ms",
                    r.unseen() > 0 ? r.unseen() + " commits never became visible within 60 s of the end" : ""));
            boolean bounded = r.lagSlopeMsPerS() <= 5 && r.unseen() == 0;
            rows.add(new ResultRow(section, "lag trend @ " + at + " (slope of lag over time)", r.lagSlopeMsPerS(), "ms/s", Double.NaN,
                    fiveK ? "bounded (≤ 5 ms/s)" : "", fiveK ? Verdict.of(bounded) : Verdict.NONE,
                    String.format("lag at end of writing %.2f s", r.lagAtEndS())));
        }
    }

    /** Section 8: hana-cdc into Kafka against a plain transactional producer measured in the same run. */
    private void kafka() {
        for (int i = 0; i < m.kafkaRaw.size(); i++) {
            var r = m.kafkaRaw.get(i);
            rows.add(ResultRow.info("8", "raw Kafka transactional producer, run " + (i + 1) + (i == 0 ? " (before)" : " (after)"),
                    r.rowsPerSecond(), "rows/s", String.format("%,d records of %.0f bytes (key + value) in %.1f s, %,d per transaction,"
                            + " idempotent, acks=all, client defaults otherwise", r.records(), r.bytesPerRecord(), r.seconds(), r.perTransaction())));
        }
        meanRow("8", "Kafka baseline for ratios (mean of raw Kafka runs)",
                m.kafkaRaw.stream().mapToDouble(RawKafkaBench.Result::rowsPerSecond).toArray());
        if (m.kafkaRawAsProduct != null) {
            var r = m.kafkaRawAsProduct;
            rows.add(new ResultRow("8", "raw Kafka transactional producer with hana-cdc's batch.size (reference)", r.rowsPerSecond(), "rows/s",
                    r.rowsPerSecond() / m.kafkaBaseline(), "", Verdict.NONE, String.format("batch.size %,d bytes (Kafka's default: 16,384),"
                            + " otherwise as the baseline; %,d records in %.1f s", RawKafkaBench.PRODUCT_BATCH_BYTES, r.records(), r.seconds())));
        }
        stream("8", m.kafkaBaseline(), m.kafkaStream, "Kafka, streaming 1 table", 0.8);
        if (m.kafkaStream != null && m.kafkaStream.warm() != null) {
            var w = m.kafkaStream.warm();
            ratioRow("8", m.kafkaBaseline(), "Kafka, streaming 1 table, warm JVM: from first applied batch", w.activeRate(), 0.8,
                    String.format("a second backlog of %,d rows, generated while the table was paused, drained by the same process after the"
                            + " first (as the baseline's producer is warmed up); %.1f s", w.finalValue(), w.doneAt() - w.firstAt()) + timedOut(w));
            if (w.cpu() != null) {
                rows.add(ResultRow.info("8", "CPU per row, Kafka, warm JVM", 1e6 * w.cpu().machine() / w.finalValue(), "µs",
                        w.cpu().perRow(w.finalValue(), "hana-cdc JVM")));
            }
        }
        if (m.kafkaLatency != null) {
            latency("8", "Kafka, ", m.kafkaLatency, false);
        }
    }

    /** Section 13: hana-cdc into PostgreSQL against a plain multi-row INSERT … ON CONFLICT measured in the same run. */
    private void postgresTarget() {
        double base = m.pgBaseline();
        for (int i = 0; i < m.pgRaw.size(); i++) {
            var r = m.pgRaw.get(i);
            rows.add(ResultRow.info("13", "raw PostgreSQL INSERT … ON CONFLICT, 1 connection, run " + (i + 1) + (i == 0 ? " (before)" : " (after)"),
                    r.rowsPerSecond(), "rows/s", String.format("%,d rows in %.1f s", r.rows(), r.seconds())));
        }
        meanRow("13", "PostgreSQL baseline for ratios (mean of raw runs)", m.pgRaw.stream().mapToDouble(RawTargetBench.Result::rowsPerSecond).toArray());
        if (m.pgRawParallel != null) {
            double r = m.pgRawParallel.rowsPerSecond();
            rows.add(new ResultRow("13", "raw PostgreSQL upsert, " + (m.pgStreamMany == null ? "" : m.pgStreamMany.tables() + " ")
                    + "connections in parallel (reference)", r, "rows/s", r / base, "", Verdict.NONE, "the many-table ceiling on this machine"));
        }
        stream("13", base, m.pgStreamOne, "PostgreSQL target, streaming 1 table", 1.0);
        stream("13", base, m.pgStreamMany, "PostgreSQL target, streaming 8 tables", 1.3);
        if (m.pgLatency != null) {
            latency("13", "PostgreSQL target, ", m.pgLatency, true);
        }
    }

    private void capture() {
        var c = m.capture;
        if (c == null) {
            return;
        }
        for (int width : CaptureOverheadBench.WIDTHS) {
            for (String op : CaptureOverheadBench.OPS) {
                double none = c.rate(CaptureOverheadBench.NONE, width, op);
                String what = width + " cols " + op;
                boolean multi = CaptureOverheadBench.MULTI_ROW.contains(op);
                rows.add(ResultRow.info("5", "no capture, " + what, none, "rows/s", multi ? "one statement for all rows" : "one row per statement"));
                boolean target = width == 300 && op.equals("update");
                captureRow(c, CaptureOverheadBench.FULL, "full capture, statement triggers, ", width, op, none, target ? 2.0 : Double.NaN);
                captureRow(c, CaptureOverheadBench.FULL_ROW, "full capture, row triggers, ", width, op, none, target ? 2.0 : Double.NaN);
                captureRow(c, CaptureOverheadBench.KEYS_ONLY, "keys-only capture, statement triggers, ", width, op, none, target ? 1.3 : Double.NaN);
                captureRow(c, CaptureOverheadBench.KEYS_ONLY_ROW, "keys-only capture, row triggers, ", width, op, none, target ? 1.3 : Double.NaN);
                if (target && !c.keysOnlyAvailable()) {
                    rows.add(new ResultRow("5", "keys-only capture, " + what + ": slowdown", Double.NaN, "×", Double.NaN,
                            "≤ 1.3×", Verdict.NOT_AVAILABLE, c.keysOnlyNote()));
                }
            }
        }
    }

    /** One mode's slowdown against no capture; NaN target = no target for this row; modes the product lacks are left out. */
    private void captureRow(CaptureOverheadBench.Result c, String mode, String label, int width, String op, double none, double target) {
        double rate = c.rate(mode, width, op);
        if (Double.isNaN(rate)) {
            return;
        }
        boolean hasTarget = !Double.isNaN(target);
        rows.add(new ResultRow("5", label + width + " cols " + op + ": slowdown", none / rate, "×", Double.NaN,
                hasTarget ? String.format("≤ %.1f×", target) : "", hasTarget ? Verdict.of(none / rate <= target) : Verdict.NONE,
                String.format("%,.0f rows/s", rate)));
    }

    private void memory() {
        rss("streaming 1 table", m.streamOne == null ? -1 : m.streamOne.peakRssKb(), true);
        rss("streaming 8 tables", m.streamMany == null ? -1 : m.streamMany.peakRssKb(), true);
        rss("initial load", m.snapshot == null ? -1 : m.snapshot.peakRssKb(), true);
        rss("latency run", m.latency == null ? -1 : m.latency.peakRssKb(), false);
        rss("Kafka, streaming 1 table", m.kafkaStream == null ? -1 : m.kafkaStream.peakRssKb(), true);
        rss("PostgreSQL target, streaming 1 table", m.pgStreamOne == null ? -1 : m.pgStreamOne.peakRssKb(), true);
        rss("PostgreSQL target, streaming 8 tables", m.pgStreamMany == null ? -1 : m.pgStreamMany.peakRssKb(), true);
    }

    private void rss(String what, long kb, boolean target) {
        if (kb < 0) {
            return;
        }
        double mb = kb / 1024.0;
        rows.add(new ResultRow("6", "peak RSS (VmHWM), " + what, mb, "MB", Double.NaN, target ? "≤ 512 MB" : "",
                target ? Verdict.of(mb <= RSS_LIMIT_MB) : Verdict.NONE, m.jvm));
    }

    private static String timedOut(ProgressSampler.Outcome o) {
        return o.timedOut() ? "; TIMED OUT, figure covers the rows applied by then" : "";
    }
}
