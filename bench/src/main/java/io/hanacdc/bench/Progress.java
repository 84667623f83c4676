package io.hanacdc.bench;

/**
 * A running task's progress as its target holds it: the positions hana-cdc commits together with the rows or
 * events they cover, so what is read here is exactly what a reader of the target can see. Only the benchmark's
 * own tables count (schema public): the product also keeps positions of internal tables (a heartbeat table in
 * its CDC schema), whose rows are not the workload.
 */
public interface Progress extends AutoCloseable {
    /** Sums over the task's tables. */
    record Totals(int tables, int streaming, long snapshotRows, long rowsApplied, long maxLastDataId) {
        static final Totals NONE = new Totals(0, 0, 0, 0, 0);
    }

    Totals read() throws Exception;

    @Override
    void close() throws Exception;
}
