package io.hanacdc.pipeline;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.PositionStore;
import io.hanacdc.checkpoint.TargetTransaction;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.stream.KeyRefetcher;
import io.hanacdc.stream.StreamRange;
import io.hanacdc.stream.WatermarkReader;
import io.hanacdc.target.mysql.RowWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/**
 * Moves one table's stream forward one safe batch at a time, in two halves so they can overlap: the
 * read half (source: watermark when a window opens, the batch, re-read keys) and the commit half
 * (target: the changes, as the table's change route returns them, and the position in one transaction).
 */
final class StreamStep {
    /**
     * A batch read from the source, not yet applied.
     *
     * @param next         the position once this batch is applied
     * @param drained      the batch took what the window had left
     * @param windowReadAt when the window's watermark was read, if this read opened it
     */
    record Batch(Position next, List<ChangeRow> rows, ChangeSet changes, boolean drained, Instant windowReadAt, long startedNanos) {
        /** The same batch following a position stored since it was read: its position takes on the stored version. */
        Batch over(Position stored) {
            return new Batch(next.stored(stored.version()), rows, changes, drained, windowReadAt, startedNanos);
        }
    }

    private final WatermarkReader watermarks;
    private final BatchReader reader;
    private final KeyRefetcher refetcher;
    private final RowWriter writer;
    private final PositionStore store;
    private final TableObserver observer;
    private final ChangeHook hook;
    private final SourceTable table;
    private final int[] keyIndexes;
    private final int batchSize;

    StreamStep(WatermarkReader watermarks, BatchReader reader, KeyRefetcher refetcher, RowWriter writer, PositionStore store,
               TableObserver observer, ChangeHook hook, SourceTable table, int[] keyIndexes, int batchSize) {
        this.watermarks = watermarks;
        this.reader = reader;
        this.refetcher = refetcher;
        this.writer = writer;
        this.store = store;
        this.observer = observer;
        this.hook = hook;
        this.table = table;
        this.keyIndexes = keyIndexes;
        this.batchSize = batchSize;
    }

    WatermarkReader watermarks() {
        return watermarks;
    }

    BatchReader reader() {
        return reader;
    }

    /** The read half: the next batch after position p. */
    Batch read(Connection source, Position p) throws SQLException {
        long started = System.nanoTime();
        StreamRange range = p.range();
        Instant readAt = null;
        if (range.window() == null) {
            readAt = Instant.now();
            range = range.open(watermarks.next(source, range));
        }
        BatchReader.Batch batch = reader.read(source, range, batchSize);
        List<ChangeRow> rows = batch.rows();
        if (rows.isEmpty()) {
            return new Batch(p.withRange(range.advance(range.cursor(), batch.drained())), rows, null, batch.drained(), readAt, started);
        }
        Position next = p.applied(rows, range.advance(rows.get(rows.size() - 1).dataId(), batch.drained()));
        return new Batch(next, rows, changes(source, rows), batch.drained(), readAt, started);
    }

    /**
     * The commit half: a batch with rows is applied with its position and the stored position returned;
     * an empty one only moves the position in memory.
     */
    Position commit(Connection target, Batch b) throws SQLException {
        return b.rows().isEmpty() ? b.next() : commit(target, b.changes(), b.next(), b.rows().size(), b.startedNanos());
    }

    /** The rows coalesced per key, with keys captured without a full image re-read from the source. */
    ChangeSet changes(Connection source, List<ChangeRow> rows) throws SQLException {
        ChangeSet changes = ChangeSet.of(rows, keyIndexes);
        if (!changes.refetch().isEmpty()) {
            changes.resolveRefetched(refetcher.fetch(source, changes.refetch()));
        }
        return changes;
    }

    /**
     * Applies the changes (as the table's change route, if any, returned them) and stores the position
     * in one target transaction; returns the position as stored.
     */
    Position commit(Connection target, ChangeSet raw, Position next, int rows, long startedNanos) throws SQLException {
        ChangeSet changes = hook.beforeApply(table, ChangeHook.Origin.STREAM, raw);
        Position stored = TargetTransaction.commit(target, t -> writer.apply(t, changes), store, next);
        observer.batchApplied(next.table(), rows, changes.upserts().size(), changes.deletes().size(), System.nanoTime() - startedNanos);
        hook.afterCommit(table, ChangeHook.Origin.STREAM, changes);
        return stored;
    }
}
