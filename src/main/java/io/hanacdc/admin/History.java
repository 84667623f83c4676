package io.hanacdc.admin;

import io.hanacdc.pipeline.TableState;
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
        /** Rows copied and streamed as last known; -1 before the first sample. */
        long lastRows = -1;
        long stepRows;
        double worstLag;

        /**
         * Rows since the last sample. A table whose position is being read again reports none (0): its count is kept,
         * not taken as a drop and its whole total as the next rise; a smaller count (a reset) starts from there. A table
         * another replica owns reports none.
         */
        long delta(long rows, boolean standby) {
            if (standby) { // another replica applies its rows; counted again from when this one owns it
                lastRows = -1;
                return 0;
            }
            if (rows == 0 && lastRows > 0) {
                return 0;
            }
            long d = lastRows < 0 || rows < lastRows ? 0 : rows - lastRows;
            lastRows = rows;
            return d;
        }
    }

    private final Map<String, Table> tables = new HashMap<>();
    private final Ring task = new Ring(SPAN_SECONDS);
    private long samples;
    private long lastAt;
    private long lastTableStepAt;

    /** Called every second with the status of every table this process runs. */
    public synchronized void sample(List<TableStatus> statuses, long nowMillis) {
        long rows = 0;
        double worst = 0;
        boolean tableStep = ++samples % TABLE_STEP_SECONDS == 0;
        for (TableStatus s : statuses) {
            double lag = s.lag().toMillis() / 1000.0;
            worst = Math.max(worst, lag);
            Table t = tables.computeIfAbsent(s.table(), k -> new Table());
            long d = t.delta(s.rowsSnapshotted() + s.rowsStreamed(), s.state() == TableState.STANDBY);
            rows += d;
            t.stepRows += d;
            t.worstLag = Math.max(t.worstLag, lag);
            if (tableStep) {
                t.ring.add(t.worstLag, t.stepRows / (double) TABLE_STEP_SECONDS);
                t.stepRows = 0;
                t.worstLag = 0;
                lastTableStepAt = nowMillis;
            }
        }
        task.add(worst, lastAt == 0 ? 0 : rows * 1000.0 / Math.max(1, nowMillis - lastAt));
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
