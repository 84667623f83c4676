package io.hanacdc.checkpoint;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;

/**
 * The stored position of a table is newer than the one this process holds: another process (the
 * table's new owner among replicas, or a second copy of the task) applied batches meanwhile. The
 * caller's transaction must roll back; the position is re-read before anything else is applied.
 */
public final class StalePositionException extends CdcException {
    public StalePositionException(TableId table, long expectedRevision) {
        this(table, expectedRevision, "nothing applied");
    }

    /** @param notDone what this process left undone because of it */
    public StalePositionException(TableId table, long expectedRevision, String notDone) {
        super("table " + table + ": its stored position is no longer revision " + expectedRevision
                + " (another process applied changes meanwhile); " + notDone + ", reloading the position");
    }
}
