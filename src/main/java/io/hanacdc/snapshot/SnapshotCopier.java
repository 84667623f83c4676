package io.hanacdc.snapshot;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.db.Prefetch;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.KeysetReader;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.concurrent.Executor;

/**
 * Initial load of one table: keyset chunks in primary-key order, each chunk written together with
 * the last copied key in one target transaction, so an interrupted load resumes after the last
 * committed chunk. The stream position was recorded before the first chunk; changes made during the
 * load are in the CDC table and replayed afterwards, so the target converges.
 */
public final class SnapshotCopier {
    private final SourceDialect dialect;
    private final SourceTable table;
    private final TargetTable writer;
    private final Target target;
    private final KeysetReader chunks;
    private final List<ColumnType> keyTypes;
    private final ChangeHook hook;
    private final int[] keyIndexes;
    private final Executor readers;

    /** The load under way, over the turns it takes (its rate and ETA are logged as it goes). */
    private SnapshotProgress progress;

    public SnapshotCopier(SourceDialect dialect, SourceTable table, TargetTable writer, Target target, int chunkSize,
                          ChangeHook hook, int[] keyIndexes, Executor readers) {
        this.dialect = dialect;
        this.table = table;
        this.writer = writer;
        this.target = target;
        this.chunks = new KeysetReader(dialect, table, chunkSize);
        this.keyTypes = table.keyColumns().stream().map(SourceColumn::type).toList();
        this.hook = hook;
        this.keyIndexes = keyIndexes;
        this.readers = readers;
    }

    /**
     * Copies from where the position says until the table is done (the position switched to streaming), or until
     * {@code turnOver} says so after a committed chunk (the position then says where the next turn goes on).
     */
    public Position copy(Connection source, TargetSession session, Position position, SnapshotListener listener, BooleanSupplier turnOver)
            throws SQLException {
        if (progress == null || position.snapshotRows() < progress.rows()) { // a load that begins, or begins again
            progress = new SnapshotProgress(table.id(), dialect.estimateRows(source, table.id()), position.snapshotRows());
        }
        long estimate = progress.estimate();
        Position p = position;
        Chunk chunk = readChunk(source, p.snapshotKey());
        while (true) {
            List<Object[]> rows = chunk.rows();
            if (!rows.isEmpty()) {
                p = p.snapshotChunk(chunk.lastKey(), rows.size());
            }
            if (chunk.last()) {
                p = p.snapshotDone();
            }
            ChangeSet changes = hook.beforeApply(table, ChangeHook.Origin.SNAPSHOT, ChangeSet.snapshot(rows, keyIndexes));
            String after = chunk.lastKey();
            // the next chunk is read while this one is written (see Prefetch), unless this one ends the turn
            Prefetch<Chunk> next = chunk.last() || turnOver.getAsBoolean() ? null : Prefetch.start(readers, () -> readChunk(source, after));
            try {
                p = target.commit(session, t -> writer.apply(t, changes), p);
            } finally {
                if (next != null) {
                    next.settle();
                }
            }
            hook.afterCommit(table, ChangeHook.Origin.SNAPSHOT, changes);
            listener.chunkCopied(p, estimate);
            progress.update(p.snapshotRows(), chunk.last());
            if (chunk.last()) {
                progress = null;
            }
            if (next == null || Thread.currentThread().isInterrupted()) {
                return p;
            }
            chunk = next.get();
        }
    }

    /** Called after each committed chunk. */
    public interface SnapshotListener {
        void chunkCopied(Position position, long estimatedRows);
    }

    /** One chunk of rows in key order, the last key in it (stored form), and whether it was the table's last chunk. */
    public record Chunk(List<Object[]> rows, String lastKey, boolean last) {}

    /** Reads the chunk after the given stored key (null: from the start). */
    public Chunk readChunk(Connection source, String afterKey) throws SQLException {
        List<Object[]> rows = chunks.chunkAfter(source, afterKey == null ? null : KeyCodec.decode(afterKey, keyTypes));
        String lastKey = rows.isEmpty() ? afterKey : KeyCodec.encode(chunks.key(rows.get(rows.size() - 1)));
        return new Chunk(rows, lastKey, rows.size() < chunks.chunkSize());
    }
}
