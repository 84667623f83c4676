package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import io.hanacdc.watermark.WatermarkReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves one table's stream forward one safe batch at a time, in two halves so they can overlap: the
 * read half (source: watermark when a window opens, the batch, re-read keys) and the commit half
 * (target: the changes, as the table's change route returns them, and the position in one transaction).
 * A batch holds rows of one capture version, the one whose shape the target has; where rows of a later
 * version begin, the target's shape is changed first (DESIGN §5), as a step of its own.
 */
final class StreamStep {
    /**
     * A batch read from the source, not yet applied.
     *
     * @param next         the position once this batch is applied
     * @param shape        the shape the rows are decoded and applied with
     * @param drained      the batch took what the window had left
     * @param windowReadAt when the window's watermark was read, if this read opened it
     * @param schema       instead of rows: the target's shape changes to this version's
     */
    record Batch(Position next, List<ChangeRow> rows, ChangeSet changes, TableShape shape, boolean drained, Instant windowReadAt,
                 long startedNanos, SchemaStep schema) {
        /** The same batch following a position stored since it was read: its position takes on the stored revision. */
        Batch over(Position stored) {
            return new Batch(next.stored(stored.revision()), rows, changes, shape, drained, windowReadAt, startedNanos, schema);
        }
    }

    /**
     * A move of the stream to another capture version. {@code restart}: where the load starts again (the target table is
     * made anew); {@code reload}: capture was resumed after a suspension between the two versions, whose changes were not
     * captured, so the table is loaded anew; {@code quiet}: the versions have one shape, so the target table's columns stay
     * (a resume empties it and copies it again; a suspension changes nothing).
     */
    record SchemaStep(TableShape from, TableShape to, StreamRange restart, boolean reload) {
        boolean quiet() {
            return restart == null && from.table().equals(to.table()) && (reload || to.captureVersion().state() == CaptureVersion.State.SUSPENDED);
        }
    }

    private final WatermarkReader watermarks;
    private final BatchReader reader;
    private final TableShapes shapes;
    private final TargetSchemaChange schemaChange;
    private final Target target;
    private final TableObserver observer;
    private final ChangeHook hook;
    private final int batchSize;

    StreamStep(WatermarkReader watermarks, BatchReader reader, TableShapes shapes, TargetSchemaChange schemaChange, Target target,
               TableObserver observer, ChangeHook hook, int batchSize) {
        this.watermarks = watermarks;
        this.reader = reader;
        this.shapes = shapes;
        this.schemaChange = schemaChange;
        this.target = target;
        this.observer = observer;
        this.hook = hook;
        this.batchSize = batchSize;
    }

    WatermarkReader watermarks() {
        return watermarks;
    }

    BatchReader reader() {
        return reader;
    }

    TableShapes shapes() {
        return shapes;
    }

    /** The read half: the next batch after position p. */
    Batch read(Connection source, Position p) throws SQLException {
        return read(source, p, null, null);
    }

    /**
     * The next batch after position p; a window to open, when p has none, is {@code opened} (read for the whole
     * task at {@code openedAt}) or else read now.
     */
    Batch read(Connection source, Position p, Watermark opened, Instant openedAt) throws SQLException {
        long started = System.nanoTime();
        StreamRange range = p.range();
        Instant readAt = null;
        if (range.window() == null) {
            readAt = opened != null ? openedAt : Instant.now();
            range = range.open(opened != null ? opened : watermarks.next(source, range));
            refuseRewound(p, range);
        }
        BatchReader.Batch batch = reader.read(source, range, batchSize);
        List<ChangeRow> rows = batch.rows();
        boolean drained = batch.drained();
        int at = p.captureVersion();
        if (!rows.isEmpty() && rows.get(0).captureVersion() < at) { // every row of a version precedes the switch to the next
            throw new IllegalStateException("table " + p.table() + ": a CDC row of capture version " + rows.get(0).captureVersion()
                    + " (data id " + rows.get(0).dataId() + ") follows rows of version " + at + "; the schema history and the CDC table disagree");
        }
        if (!rows.isEmpty() && rows.get(0).captureVersion() > at) {
            return schemaStep(source, p.withRange(range), rows.get(0).captureVersion(), readAt, started);
        }
        int cut = 0;
        while (cut < rows.size() && rows.get(cut).captureVersion() == at) {
            cut++;
        }
        if (cut < rows.size()) {
            rows = new ArrayList<>(rows.subList(0, cut));
            drained = false;
        }
        TableShape shape = shapes.get(source, at);
        if (rows.isEmpty()) {
            Position next = p.withRange(range.advance(range.cursor(), drained));
            CaptureVersion latest = shapes.versions().latest();
            if (drained && latest.number() > at && next.range().base().high() >= latest.switchHigh()) {
                return schemaStep(source, next, latest.number(), readAt, started); // all rows of earlier versions are applied
            }
            return new Batch(next, rows, null, shape, drained, readAt, started, null);
        }
        Position next = applied(p, rows, range.advance(rows.get(rows.size() - 1).dataId(), drained));
        return new Batch(next, rows, changes(source, rows, shape), shape, drained, readAt, started, null);
    }

    /**
     * A high-water mark below the stored one means the source's sequence went back (a restore, a system
     * copy, a sequence reset): taking it as the new base would skip, without a word, the rows written
     * with ids up to the old one, and the target may hold changes the source no longer has.
     */
    private static void refuseRewound(Position p, StreamRange range) {
        long stored = range.base().high();
        long now = range.window().high();
        if (now < stored) {
            throw new IllegalStateException("table " + p.table() + ": the source's data-id sequence went back from " + stored + " to " + now
                    + " (a restore or system copy of the source, a sequence reset, or a reset to a data id the source never reached):"
                    + " its rows no longer follow this position."
                    + " Load the table again: empty its target table, then bin/hana-cdc reset " + p.table()
                    + " --to latest and bin/hana-cdc resnapshot " + p.table());
        }
    }

    private Batch schemaStep(Connection source, Position p, int captureVersion, Instant readAt, long started) throws SQLException {
        long fromOid = shapes.get(source, p.captureVersion()).captureVersion().tableOid();
        long toOid = shapes.get(source, captureVersion).captureVersion().tableOid();
        boolean resumed = false; // a version between the two (or the new one) resumed capture: the table is loaded anew
        for (int v = p.captureVersion() + 1; v <= captureVersion; v++) {
            resumed |= shapes.versions().get(source, v).state() == CaptureVersion.State.RESUMED;
        }
        TableShape from = shapes.get(source, p.captureVersion());
        TableShape to = shapes.get(source, captureVersion);
        boolean reshaped = !from.table().equals(to.table());
        boolean restart = fromOid != 0 && toOid != 0 && fromOid != toOid || resumed && reshaped || schemaChange.copiesAnew(from, to);
        return schemaStep(source, p, captureVersion, readAt, started, restart, resumed);
    }

    private Batch schemaStep(Connection source, Position p, int captureVersion, Instant readAt, long started, boolean restart, boolean reload)
            throws SQLException {
        TableShape from = shapes.get(source, p.captureVersion());
        TableShape to = shapes.get(source, captureVersion);
        StreamRange fresh = restart ? StreamRange.at(watermarks.start(source, to.captureVersion().switchHigh())) : null;
        return new Batch(p.withCaptureVersion(captureVersion), List.of(), null, to, false, readAt, started, new SchemaStep(from, to, fresh, reload));
    }

    /** An initial load whose table changed shape meanwhile: the target table is made anew and the load starts again. */
    Batch restartLoad(Connection source, Position p) throws SQLException {
        return schemaStep(source, p, shapes.versions().latest().number(), null, System.nanoTime(), true, false);
    }

    /**
     * The commit half: a batch with rows is applied with its position and the stored position returned;
     * a schema step changes the target table and stores the position; an empty batch only moves the position in memory.
     */
    Position commit(TargetSession target, Batch b) throws SQLException {
        if (b.schema() != null && b.schema().quiet()) { // the target table stays as it is: emptied and copied again after a resume
            TableShape to = b.schema().to();
            ChangeSet none = ChangeSet.resolved(b.schema().reload(), List.of(), List.of(), to.keyIndexes());
            return commit(target, none, b.schema().reload() ? b.next().resnapshot() : b.next(), 0, b.startedNanos(), to);
        }
        if (b.schema() != null) {
            return schemaChange.apply(target, b.schema(), b.next());
        }
        return b.rows().isEmpty() ? b.next() : commit(target, b.changes(), b.next(), b.rows().size(), b.startedNanos(), b.shape());
    }

    /** The rows coalesced per key, with keys captured without a full image re-read from the source. */
    ChangeSet changes(Connection source, List<ChangeRow> rows, TableShape shape) throws SQLException {
        ChangeSet changes = ChangeSet.of(rows, shape.keyIndexes());
        if (!changes.refetch().isEmpty()) {
            changes.resolveRefetched(shapes.refetcher(shape).fetch(source, changes.refetch()));
        }
        return changes;
    }

    /**
     * Applies the changes (as the table's change route, if any, returned them) and stores the position
     * in one target transaction; returns the position as stored.
     */
    Position commit(TargetSession session, ChangeSet raw, Position next, int rows, long startedNanos, TableShape shape) throws SQLException {
        ChangeSet changes = hook.beforeApply(shape.table(), ChangeHook.Origin.STREAM, raw);
        Position stored = target.commit(session, t -> shape.target().apply(t, changes), next);
        observer.batchApplied(next.table(), rows, changes.upserts().size(), changes.deletes().size(), System.nanoTime() - startedNanos);
        hook.afterCommit(shape.table(), ChangeHook.Origin.STREAM, changes);
        return stored;
    }

    /** {@code p} after {@code rows} (at least one) were applied, moving to {@code next}. */
    static Position applied(Position p, List<ChangeRow> rows, StreamRange next) {
        ChangeRow last = rows.get(rows.size() - 1);
        return p.applied(rows.size(), last.dataId(), last.transactionId(), last.createTime(), next);
    }
}
