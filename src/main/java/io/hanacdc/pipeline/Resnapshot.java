package io.hanacdc.pipeline;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.snapshot.SnapshotCopier;
import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.watermark.StreamRange;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Copies a table again while its stream goes on, one chunk per step, the DBLog way: with the stream
 * caught up to watermark L, read a chunk, then read watermark H; the stream rows between L and H and
 * the chunk rows whose keys none of those rows touched are applied together, with position H, in one
 * target transaction. A chunk row can thus never overwrite a newer change, and no change is lost.
 */
final class Resnapshot {
    /** A window bigger than this (a very busy table) postpones the chunk; the stream goes on meanwhile. */
    private static final int MAX_WINDOW_ROWS = 50_000;
    private final StreamStep stream;

    Resnapshot(StreamStep stream) {
        this.stream = stream;
    }

    /** One chunk; the position's window must be closed (stream drained). */
    Position step(Connection source, TargetSession target, Position p) throws SQLException {
        long started = System.nanoTime();
        TableShape shape = stream.shapes().get(source, p.captureVersion());
        int[] keyIndexes = shape.keyIndexes();
        SnapshotCopier.Chunk chunk = shape.copier().readChunk(source, p.snapshotKey());
        StreamRange range = p.range().open(stream.watermarks().next(source, p.range()));
        BatchReader.Batch batch = stream.reader().read(source, range, MAX_WINDOW_ROWS);
        List<ChangeRow> rows = batch.rows();
        if (!batch.drained() || rows.stream().anyMatch(r -> r.captureVersion() != p.captureVersion())) {
            return p; // the stream first catches up, or changes the target's shape
        }
        ChangeSet changes = stream.changes(source, rows, shape);
        Set<List<Object>> touched = new HashSet<>();
        rows.forEach(r -> touched.add(ChangeSet.keyOf(r.values(), keyIndexes)));
        // a truncate in the window touched every key: the chunk may predate it, and rows written after it are in the window
        for (Object[] row : changes.truncated() ? List.<Object[]>of() : chunk.rows()) {
            if (!touched.contains(ChangeSet.keyOf(row, keyIndexes))) {
                changes.addRead(row);
            }
        }
        StreamRange next = range.advance(range.cursor(), true);
        Position np = (rows.isEmpty() ? p.withRange(next) : StreamStep.applied(p, rows, next)).snapshotChunk(chunk.lastKey(), chunk.rows().size());
        if (chunk.last()) {
            np = np.snapshotDone();
        }
        return stream.commit(target, changes, np, rows.size(), started, shape);
    }
}
