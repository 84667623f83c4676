package io.hanacdc.pipeline;

import java.time.Duration;

/**
 * When a tick judges the quiet tables. The timer ticks at the busy interval; while no table of the task (its heartbeat
 * aside) was found with rows within the last {@link #BUSY_WINDOW}, only a tick a poll interval after the last judgement
 * judges, so an idle source is asked no more often than at one pace of a poll interval, and a source that keeps
 * changing is followed at the busy interval. Only the tick's thread calls it.
 */
final class TickPace {
    static final Duration BUSY_WINDOW = Duration.ofSeconds(2);
    private final long idleNanos;
    private boolean judgedOnce;
    private long lastJudged;
    private boolean rowsFound;
    private long lastRows;

    TickPace(Duration poll, Duration busyPoll) {
        long busy = timerPeriod(poll, busyPoll).toNanos();
        // a tick a little early counts (else the idle pace would slip a tick), but never one a busy interval early
        this.idleNanos = poll.toNanos() - Math.min(busy / 2, poll.toNanos() / 20);
    }

    /** Judges at every tick: for callers that tick by hand. */
    static TickPace everyTick() {
        return new TickPace(Duration.ZERO, Duration.ZERO);
    }

    /** The timer's period: the busy interval, or the poll interval where that is shorter. */
    static Duration timerPeriod(Duration poll, Duration busyPoll) {
        return busyPoll.compareTo(poll) < 0 ? busyPoll : poll;
    }

    /** Whether the tick at {@code now} (System.nanoTime) judges the quiet tables. */
    boolean due(long now) {
        return !judgedOnce || now - lastJudged >= idleNanos || rowsFound && now - lastRows < BUSY_WINDOW.toNanos();
    }

    /** The tick at {@code now} judged them; {@code rows}: it found a table (its heartbeat aside) with rows. */
    void judged(long now, boolean rows) {
        judgedOnce = true;
        lastJudged = now;
        if (rows) {
            rowsFound = true;
            lastRows = now;
        }
    }
}
