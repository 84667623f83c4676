package io.hanacdc.pipeline;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.stream.VanishQueries;
import io.hanacdc.watermark.Watermark;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds rows that vanished at the source without a captured removal (a TRUNCATE on SAP HANA, which
 * fires no trigger; writes that bypassed the triggers) and loads the table again: the target table is
 * emptied as a captured truncate empties it, in one transaction with the position, which moves to a
 * re-snapshot, so every row the source has is copied again while the stream goes on.
 */
final class VanishCheck {
    private static final Logger LOG = LoggerFactory.getLogger(VanishCheck.class);
    private final Optional<Duration> interval;
    private final VanishQueries queries;
    private final Target target;
    private final StreamStep stream;
    private final TableObserver observer;
    private long dueAtNanos;

    VanishCheck(Optional<Duration> interval, VanishQueries queries, Target target, StreamStep stream, TableObserver observer) {
        this.interval = interval;
        this.queries = queries;
        this.target = target;
        this.stream = stream;
        this.observer = observer;
        // the first check at a random point of the first interval: tables started together do not all count at once
        this.dueAtNanos = System.nanoTime() + interval.map(i -> ThreadLocalRandom.current().nextLong(1, i.toNanos() + 1)).orElse(0L);
    }

    /** Whether a check is due for a table at this position: on, streaming alone (no load under way), interval passed. */
    boolean due(Position p) {
        return interval.isPresent() && p.phase() == Position.Phase.STREAMING && !p.paused() && System.nanoTime() - dueAtNanos >= 0;
    }

    /**
     * Checks the table; returns the position as it is, or as stored after the re-load began.
     *
     * <p>Invariant: a table none of whose rows vanished without a captured removal is never re-loaded.
     * The reads, in this order:
     * <ol>
     * <li>target, one REPEATABLE READ transaction: the stored position P, with base watermark B, and the
     *     target table's row count Ct. Rows and position commit together, so Ct counts exactly the rows
     *     that the changes applied at P (and the copies) left;</li>
     * <li>source, one statement: the row count Cs;</li>
     * <li>source, later statements: D, the CDC rows that can take a key off (delete, a changed key's old
     *     key, a key to re-read) and are not applied at B: id above B's H, or of a transaction open at B.</li>
     * </ol>
     * A key the target has at P was written by a change (or copied from a row) committed before 1. If
     * the source lacks it at 2, a removal of it committed before 2. Captured, its CDC row is committed
     * before 3, so 3 sees it; and it is not applied at P: the target still has the key, and a key's
     * changes are applied in their commit order (a later change's trigger fires after the earlier
     * transaction committed, so it is never applied while the earlier one is held back). So it counts
     * in D, one row per key, and without an uncaptured removal Cs >= Ct - D. A D that counts too many
     * (rows of a window applied past B) only lets more pass. A truncate not applied at B takes any
     * number of keys: no decision, the stream empties the target anyway.
     * Rows written to the target by people, which the source never had, count as vanished.
     *
     * <p>It runs on the table's thread between batches, so no batch of this table is applied between
     * 1 and the re-load, which commits only over the position revision it was given (compare-and-set):
     * a stale owner's re-load rolls back. And the re-load converges to the source like any re-snapshot,
     * so even a wrong decision would cost a re-load, never a row.
     */
    Position run(Connection source, TargetSession session, Position current) throws SQLException {
        dueAtNanos = System.nanoTime() + interval.orElseThrow().toNanos();
        TableShape shape = stream.shapes().get(source, current.captureVersion());
        Target.Counted counted = target.count(session, shape.target(), current.table());
        Optional<Position> stored = counted.position();
        long targetRows = counted.rows();
        if (stored.isEmpty() || stored.get().revision() != current.revision() || stored.get().captureVersion() != current.captureVersion()) {
            return current; // moved by another process: this one finds out at its next commit and re-reads it
        }
        Watermark applied = stored.get().range().base();
        long sourceRows = queries.sourceRows(source);
        VanishQueries.Removals removals = queries.removals(source, applied);
        if (removals.truncates() > 0 || sourceRows >= targetRows - removals.keys()) {
            return current;
        }
        LOG.warn("table {}: rows vanished at the source without a captured delete: it has {} rows, the target {} at {}, of which"
                        + " changes not applied yet can remove at most {} (a TRUNCATE on SAP HANA, or writes that bypassed the triggers);"
                        + " emptying target table {} and copying the table again", current.table(), sourceRows, targetRows, applied,
                removals.keys(), shape.target().qualifiedName());
        observer.vanished(current.table());
        ChangeSet empty = ChangeSet.resolved(true, List.of(), List.of(), shape.keyIndexes());
        return stream.commit(session, empty, current.resnapshot(), 0, System.nanoTime(), shape);
    }
}
