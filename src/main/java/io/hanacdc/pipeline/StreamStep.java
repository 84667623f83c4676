package io.hanacdc.pipeline;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.PositionStore;
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

/** Moves one table's stream forward by one safe batch, applied with its position in one target transaction. */
final class StreamStep {
    /** What one step did: the new position, the rows applied, whether the window is drained, when its watermark was read. */
    record Result(Position position, List<ChangeRow> rows, boolean drained, Instant windowReadAt) {}

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

    Result next(Connection source, Connection target, Position p) throws SQLException {
        StreamRange range = p.range();
        Instant readAt = null;
        if (range.window() == null) {
            readAt = Instant.now();
            range = range.open(watermarks.next(source, range));
        }
        long started = System.nanoTime();
        BatchReader.Batch batch = reader.read(source, range, batchSize);
        List<ChangeRow> rows = batch.rows();
        if (rows.isEmpty()) {
            return new Result(p.withRange(range.advance(range.cursor(), batch.drained())), rows, batch.drained(), readAt);
        }
        Position next = p.applied(rows, range.advance(rows.get(rows.size() - 1).dataId(), batch.drained()));
        next = commit(target, changes(source, rows), next, rows.size(), started);
        return new Result(next, rows, batch.drained(), readAt);
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
        Position stored;
        target.setAutoCommit(false);
        try {
            writer.apply(target, changes);
            stored = store.save(target, next);
            target.commit();
        } catch (SQLException | RuntimeException e) {
            target.rollback();
            throw e;
        }
        observer.batchApplied(next.table(), rows, changes.upserts().size(), changes.deletes().size(), System.nanoTime() - startedNanos);
        hook.afterCommit(table, ChangeHook.Origin.STREAM, changes);
        return stored;
    }
}
