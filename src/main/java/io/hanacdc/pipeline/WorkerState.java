package io.hanacdc.pipeline;

import java.time.Duration;
import java.time.Instant;

/**
 * A table's state with what goes with it: the back-off of a failing table, the reason of a stopped one, since when it
 * is in trouble, and whether its next turn re-reads the position (given to this replica). Immutable: the worker swaps
 * it whole, so the table's thread, the schema check and the replicas' membership never see half of a change.
 *
 * @param failures turns failed in a row
 * @param retryAtNanos System.nanoTime() before which a failing table gets no turn
 * @param lastError the last failure's message; null once a turn goes through
 * @param stopReason the message that says how a DBA lets a stopped table go on; null while it is not stopped
 * @param troubleSince since when the table has been failing or stopped; null while it is not
 * @param reload the next turn reads the position anew: the table was given (back) to this replica
 */
record WorkerState(TableState state, int failures, long retryAtNanos, String lastError, String stopReason, Instant troubleSince,
                   boolean reload) {
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(60);

    static final WorkerState START = new WorkerState(TableState.STARTING, 0, 0, null, null, null, false);

    /** What a turn found the table doing; a stopped or another replica's table stays so. */
    WorkerState working(TableState next) {
        return state.working() ? with(state.to(next)) : this;
    }

    /** A turn went through: the failures before it are over. */
    WorkerState succeeded() {
        return new WorkerState(state, 0, retryAtNanos, null, stopReason, stopReason == null ? null : troubleSince, reload);
    }

    /** A turn failed with {@code error} at {@code nowNanos}: the table retries after its back-off. */
    WorkerState failed(String error, long nowNanos) {
        int n = failures + 1;
        return new WorkerState(state.working() ? state.to(TableState.RETRYING) : state, n, nowNanos + backoffMillis(n) * 1_000_000,
                error, stopReason, troubleSince == null ? Instant.now() : troubleSince, reload);
    }

    /** The wait before retry n (from 1): 1 s, doubling, at most a minute, as docs/how-it-works.md "Failures" states. */
    static long backoffMillis(int failures) {
        return Math.min(MAX_BACKOFF.toMillis(), 500L << Math.min(failures, 10));
    }

    /** An operator acted: the table tries again at once. */
    WorkerState retryNow() {
        return new WorkerState(state, failures, 0, lastError, stopReason, troubleSince, reload);
    }

    /** Whether the table waits out its back-off at {@code nowNanos}. */
    boolean backingOff(long nowNanos) {
        return nowNanos < retryAtNanos;
    }

    /** Stopped until its capture is changed as {@code reason} says; null lets it go on (from STARTING). */
    WorkerState stopFor(String reason) {
        Instant since = reason != null && troubleSince == null ? Instant.now()
                : reason == null && stopReason != null && failures == 0 ? null : troubleSince;
        TableState next = reason != null ? (state == TableState.STANDBY ? state : state.to(TableState.STOPPED))
                : state == TableState.STOPPED ? state.to(TableState.STARTING) : state;
        return new WorkerState(next, failures, retryAtNanos, lastError, reason, since, reload);
    }

    /** This replica gained ({@code owner}) or lost the table; a table gained re-reads its position at its next turn. */
    WorkerState owner(boolean owner) {
        TableState next = !owner ? TableState.STANDBY : stopReason != null ? TableState.STOPPED : TableState.STARTING;
        return new WorkerState(state.to(next), failures, retryAtNanos, lastError, stopReason, troubleSince, owner);
    }

    /** The turn re-read the position. */
    WorkerState reloaded() {
        return new WorkerState(state, failures, retryAtNanos, lastError, stopReason, troubleSince, false);
    }

    /** The error users see: why the table is stopped, else the last failure. */
    String shownError() {
        return stopReason != null ? stopReason : lastError;
    }

    private WorkerState with(TableState next) {
        return new WorkerState(next, failures, retryAtNanos, lastError, stopReason, troubleSince, reload);
    }
}
