package io.hanacdc.admin;

import io.hanacdc.pipeline.TableStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lag and rows per second over the last hour, in memory, for the status page and GET /api/tables/{t}/history:
 * the task every second, each table every {@link #TABLE_STEP_SECONDS} s. Two floats a point, in rings of fixed
 * size, so a thousand tables take a few megabytes whatever runs. Rows per second count rows copied and streamed
 * since the sample before; a table's lag is the worst of its step, the task's the worst of its tables.
 */
public final class History {
    static final int SPAN_SECONDS = 3600;
    static final int TABLE_STEP_SECONDS = 10;

    /** A ring of (lag, rows/s) points, oldest first when read. */
    private static final class Ring {
        private final float[] lag;
        private final float[] rate;
        private int next;
        private int size;

        Ring(int capacity) {
            lag = new float[capacity];
            rate = new float[capacity];
        }

        void add(double lagSeconds, double rowsPerSecond) {
            lag[next] = (float) lagSeconds;
            rate[next] = (float) rowsPerSecond;
            next = (next + 1) % lag.length;
            size = Math.min(size + 1, lag.length);
        }

        Map<String, Object> json(int stepSeconds, long lastAtMillis) {
            List<Float> lags = new ArrayList<>(size);
            List<Float> rates = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                int at = (next - size + i + lag.length) % lag.length;
                lags.add(lag[at]);
                rates.add(rate[at]);
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("stepSeconds", stepSeconds);
            m.put("lastAt", lastAtMillis); // epoch milliseconds of the newest point
            m.put("lagSeconds", lags);
            m.put("rowsPerSecond", rates);
            return m;
        }
    }

    /** A table's ring and what its step has seen so far. */
    private static final class Table {
        final Ring ring = new Ring(SPAN_SECONDS / TABLE_STEP_SECONDS);
        long rowsAtStepStart = -1;
        double worstLag;
    }

    private final Map<String, Table> tables = new HashMap<>();
    private final Ring task = new Ring(SPAN_SECONDS);
    private long taskRows = -1;
    private long samples;
    private long lastAt;
    private long lastTableStepAt;

    /** Called every second with the status of every table this process runs. */
    public synchronized void sample(List<TableStatus> statuses, long nowMillis) {
        long rows = 0;
        double worst = 0;
        boolean tableStep = ++samples % TABLE_STEP_SECONDS == 0;
        for (TableStatus s : statuses) {
            long r = s.rowsSnapshotted() + s.rowsStreamed();
            double lag = s.lag().toMillis() / 1000.0;
            rows += r;
            worst = Math.max(worst, lag);
            Table t = tables.computeIfAbsent(s.table(), k -> new Table());
            t.worstLag = Math.max(t.worstLag, lag);
            if (t.rowsAtStepStart < 0) {
                t.rowsAtStepStart = r;
            }
            if (tableStep) {
                t.ring.add(t.worstLag, Math.max(0, r - t.rowsAtStepStart) / (double) TABLE_STEP_SECONDS);
                t.rowsAtStepStart = r;
                t.worstLag = 0;
                lastTableStepAt = nowMillis;
            }
        }
        task.add(worst, taskRows < 0 ? 0 : Math.max(0, rows - taskRows) * 1000.0 / Math.max(1, nowMillis - lastAt));
        taskRows = rows;
        lastAt = nowMillis;
    }

    /** The task's series, one point a second. */
    public synchronized Map<String, Object> task() {
        return task.json(1, lastAt);
    }

    /** A table's series, one point per {@link #TABLE_STEP_SECONDS} s; no point yet for a table not sampled yet. */
    public synchronized Map<String, Object> table(String table) {
        Table t = tables.get(table);
        return (t == null ? new Ring(0) : t.ring).json(TABLE_STEP_SECONDS, lastTableStepAt);
    }
}
