package io.hanacdc.pipeline;

import io.hanacdc.checkpoint.Position;
import java.time.Duration;

/**
 * What a table's worker reports: its target table (database.table), state, counts, position, the
 * capture version whose shape the target table has, lag and the last error (null when healthy).
 */
public record TableStatus(String table, String target, String key, TableState state, String phase, boolean paused, long rowsSnapshotted, long rowsStreamed,
                          long batches, long lastDataId, long lastTransactionId, String lastSourceTime, String watermark,
                          int captureVersion, Duration lag, String lastError) {

    /** The same status with the position fields taken from a freshly stored position. */
    public TableStatus withPosition(Position p) {
        return of(table, target, key, p, state, lag, lastError);
    }

    /** A table that cannot be replicated: it has no worker and says why. */
    static TableStatus stopped(String table, String reason) {
        return new TableStatus(table, "", "", TableState.STOPPED, "", false, 0, 0, 0, 0, 0, null, "", 0, Duration.ZERO, reason);
    }

    static TableStatus of(String table, String target, String key, Position p, TableState state, Duration lag, String lastError) {
        if (p == null) {
            return new TableStatus(table, target, key, state, "", false, 0, 0, 0, 0, 0, null, "", 0, lag, lastError);
        }
        String watermark = p.range().base().toString() + (p.range().window() == null ? "" : " → " + p.range().window());
        return new TableStatus(table, target, key, state, p.phase().name(), p.paused(), p.snapshotRows(), p.rowsApplied(), p.batchesApplied(),
                p.lastDataId(), p.lastTransactionId(), p.lastSourceTime() == null ? null : p.lastSourceTime() + "Z", watermark,
                p.captureVersion(), lag, lastError);
    }
}
