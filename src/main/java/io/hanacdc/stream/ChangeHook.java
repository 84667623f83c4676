package io.hanacdc.stream;

import io.hanacdc.schema.SourceTable;

/**
 * Where a table's changes meet the task's Camel routes: before they are applied (a route may rewrite
 * them; what it returns is applied, in the same target transaction as the position) and after that
 * transaction committed. {@link #NONE} leaves the changes as they are.
 */
public interface ChangeHook {
    ChangeHook NONE = new ChangeHook() {};

    /** Whether the changes come from a (re-)snapshot chunk or the stream. */
    enum Origin { SNAPSHOT, STREAM }

    default ChangeSet beforeApply(SourceTable table, Origin origin, ChangeSet changes) {
        return changes;
    }

    default void afterCommit(SourceTable table, Origin origin, ChangeSet changes) {}
}
