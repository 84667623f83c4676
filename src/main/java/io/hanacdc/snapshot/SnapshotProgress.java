package io.hanacdc.snapshot;

import io.hanacdc.schema.TableId;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Logs an initial load's progress (rows, %, rows/s, ETA) at most every few seconds. */
final class SnapshotProgress {
    private static final Logger LOG = LoggerFactory.getLogger(SnapshotProgress.class);
    private static final long EVERY_NANOS = Duration.ofSeconds(5).toNanos();
    private final TableId table;
    private final long estimate;
    private final long startRows;
    private final long start = System.nanoTime();
    private long lastLog = start;
    private long rows;

    SnapshotProgress(TableId table, long estimate, long startRows) {
        this.table = table;
        this.estimate = estimate;
        this.startRows = startRows;
        this.rows = startRows;
    }

    long estimate() {
        return estimate;
    }

    /** The rows copied as last reported. */
    long rows() {
        return rows;
    }

    void update(long rows, boolean done) {
        this.rows = rows;
        long now = System.nanoTime();
        if (!done && now - lastLog < EVERY_NANOS) {
            return;
        }
        lastLog = now;
        double seconds = Math.max((now - start) / 1e9, 1e-3);
        double rate = (rows - startRows) / seconds;
        if (done) {
            LOG.info("initial load of {} done: {} rows in {}s ({} rows/s)", table, rows, String.format("%.1f", seconds), Math.round(rate));
        } else if (estimate > 0) {
            long eta = rate > 0 ? Math.round(Math.max(estimate - rows, 0) / rate) : -1;
            LOG.info("initial load of {}: {} of ~{} rows ({}%), {} rows/s, ETA {}s", table, rows, estimate,
                    Math.min(100, rows * 100 / estimate), Math.round(rate), eta);
        } else {
            LOG.info("initial load of {}: {} rows, {} rows/s", table, rows, Math.round(rate));
        }
    }
}
