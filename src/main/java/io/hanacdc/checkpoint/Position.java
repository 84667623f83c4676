package io.hanacdc.checkpoint;

import io.hanacdc.schema.TableId;
import io.hanacdc.watermark.StreamRange;
import java.time.LocalDateTime;

/**
 * A table's replication position, stored in the target in the same transaction as the rows it covers.
 * The stream range is the machine position; last data id / transaction / source time are for people.
 *
 * @param phase       SNAPSHOT: initial load, then streaming; STREAMING; RESNAPSHOT: streaming while the table is copied again
 * @param snapshotKey the last primary key copied by the current (re-)snapshot (JSON), null before its first chunk
 * @param paused      an operator paused the table; survives restarts
 * @param revision    the revision of the stored row this position was read as or derived from (0: not stored yet); the
 *                    store saves only over that revision, so a process with a stale position can never overwrite a newer one
 * @param captureVersion the capture version whose shape the target table has: rows of that version are applied next
 */
public record Position(
        TableId table, Phase phase, StreamRange range, String snapshotKey, long snapshotRows,
        long lastDataId, long lastTransactionId, LocalDateTime lastSourceTime, long rowsApplied, long batchesApplied,
        boolean paused, long revision, int captureVersion) {

    public enum Phase { SNAPSHOT, STREAMING, RESNAPSHOT }

    public static Position startSnapshot(TableId table, StreamRange start, int captureVersion) {
        return new Position(table, Phase.SNAPSHOT, start, null, 0, 0, 0, null, 0, 0, false, 0, captureVersion);
    }

    /** The target table has the shape of the given capture version now. */
    public Position withCaptureVersion(int next) {
        return new Position(table, phase, range, snapshotKey, snapshotRows, lastDataId, lastTransactionId, lastSourceTime,
                rowsApplied, batchesApplied, paused, revision, next);
    }

    /** The table copied anew from a fresh start position (its source table was re-created); keeps the stored revision. */
    public Position restartSnapshot(StreamRange start, int captureVersion) {
        return startSnapshot(table, start, captureVersion).stored(revision);
    }

    public Position snapshotChunk(String lastKey, int rows) {
        return new Position(table, phase, range, lastKey, snapshotRows + rows, lastDataId, lastTransactionId, lastSourceTime,
                rowsApplied, batchesApplied, paused, revision, captureVersion);
    }

    /** The (re-)snapshot copied its last chunk: streaming alone from here. */
    public Position snapshotDone() {
        return new Position(table, Phase.STREAMING, range, null, snapshotRows, lastDataId, lastTransactionId, lastSourceTime,
                rowsApplied, batchesApplied, paused, revision, captureVersion);
    }

    /** Starts copying the table again from its first key while streaming goes on. */
    public Position resnapshot() {
        return new Position(table, Phase.RESNAPSHOT, range, null, 0, lastDataId, lastTransactionId, lastSourceTime,
                rowsApplied, batchesApplied, paused, revision, captureVersion);
    }

    public Position withRange(StreamRange next) {
        return new Position(table, phase, next, snapshotKey, snapshotRows, lastDataId, lastTransactionId, lastSourceTime,
                rowsApplied, batchesApplied, paused, revision, captureVersion);
    }

    public Position withPaused(boolean paused) {
        return new Position(table, phase, range, snapshotKey, snapshotRows, lastDataId, lastTransactionId, lastSourceTime,
                rowsApplied, batchesApplied, paused, revision, captureVersion);
    }

    /** The same position as stored with the given revision. */
    public Position stored(long revision) {
        return new Position(table, phase, range, snapshotKey, snapshotRows, lastDataId, lastTransactionId, lastSourceTime,
                rowsApplied, batchesApplied, paused, revision, captureVersion);
    }

    /** After a batch of {@code rows} change rows (at least one) was applied, the last of them as given, moving to the given range. */
    public Position applied(int rows, long lastDataId, long lastTransactionId, LocalDateTime lastSourceTime, StreamRange next) {
        return new Position(table, phase, next, snapshotKey, snapshotRows, lastDataId, lastTransactionId, lastSourceTime,
                rowsApplied + rows, batchesApplied + 1, paused, revision, captureVersion);
    }
}
