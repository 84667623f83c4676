package io.hanacdc.pipeline;

import io.hanacdc.schema.TableId;

/** Hears what a table's worker does, for metrics. */
public interface TableObserver {
    TableObserver NONE = new TableObserver() {
        @Override
        public void batchApplied(TableId table, int rows, int upserts, int deletes, long nanos) {
        }

        @Override
        public void failed(TableId table) {
        }
    };

    /** A batch was committed: CDC rows read, rows upserted and deleted on the target, time from read to commit. */
    void batchApplied(TableId table, int rows, int upserts, int deletes, long nanos);

    /** A tick failed and will be retried. */
    void failed(TableId table);

    /** Rows vanished at the source without a captured removal: the table is being loaded again (see VanishCheck). */
    default void vanished(TableId table) {}
}
