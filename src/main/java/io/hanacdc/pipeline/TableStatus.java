package io.hanacdc.pipeline;

import io.hanacdc.checkpoint.Position;
import java.time.Duration;

/** What a table's worker reports: state, counts, position, lag and the last error (null when healthy). */
public record TableStatus(String table, String state, long rowsSnapshotted, long rowsStreamed, long lastDataId,
                          String watermark, Duration lag, String lastError) {

    static TableStatus of(Position p, String state, Duration lag, String lastError) {
        String watermark = p.range().base().toString() + (p.range().window() == null ? "" : " → " + p.range().window());
        return new TableStatus(p.table().toString(), state, p.snapshotRows(), p.rowsApplied(), p.lastDataId(), watermark, lag, lastError);
    }
}
