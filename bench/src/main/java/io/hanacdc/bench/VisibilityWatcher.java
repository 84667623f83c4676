package io.hanacdc.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;

/**
 * Polls the target's progress every few milliseconds for the task's last applied data id (committed with the
 * rows or events it covers) and turns the writer's commits into commit→visible latencies: a commit is visible
 * at the first poll whose id reaches its own. The poll's start time is used (the read sees what was
 * committed when it started), so a latency is late by at most one poll period plus the poll's own
 * duration — that is the resolution. Also records lag over time: the age of the oldest commit not
 * yet visible, as the worst value within each second (sampling it at fixed instants would alias
 * with the product's poll interval and show a sawtooth instead of the trend).
 */
public final class VisibilityWatcher {
    /** Latencies in ms of commits made after {@code measureFromNanos}, the lag series, and commits never seen. */
    public record Outcome(double[] latenciesMs, Series lag, int unseen, double pollMs) {}

    private final Progress target;
    private final long pollMillis;

    public VisibilityWatcher(Progress target, long pollMillis) {
        this.target = target;
        this.pollMillis = pollMillis;
    }

    /**
     * Watches until {@code writerDone} is set and every commit is visible, or {@code drainSeconds}
     * after that. Lag points are (seconds since originNanos, worst lag in seconds), one per second.
     */
    public Outcome watch(Queue<MixedDmlWriter.Commit> commits, java.util.concurrent.atomic.AtomicBoolean writerDone,
                         long originNanos, long measureFromNanos, double drainSeconds, String name) throws Exception {
        List<Double> latencies = new ArrayList<>();
        Series lag = new Series(name);
        long windowStart = originNanos;
        double windowMax = 0;
        long doneSeen = 0;
        long polls = 0;
        long pollNanosTotal = 0;
        while (true) {
            long t = System.nanoTime();
            long visible = target.read().maxLastDataId();
            polls++;
            pollNanosTotal += System.nanoTime() - t;
            MixedDmlWriter.Commit head;
            while ((head = commits.peek()) != null && head.maxDataId() <= visible) {
                commits.poll();
                if (head.commitNanos() >= measureFromNanos) {
                    latencies.add(Math.max(0, t - head.commitNanos()) / 1e6);
                }
            }
            windowMax = Math.max(windowMax, head == null ? 0 : Math.max(0, t - head.commitNanos()) / 1e9);
            if (t - windowStart >= 1_000_000_000) {
                lag.add((t - originNanos) / 1e9, windowMax);
                windowStart = t;
                windowMax = 0;
            }
            if (writerDone.get()) {
                if (doneSeen == 0) {
                    doneSeen = t;
                }
                if (commits.isEmpty() || t - doneSeen > drainSeconds * 1e9) {
                    break;
                }
            }
            long sleep = pollMillis - (System.nanoTime() - t) / 1_000_000;
            if (sleep > 0) {
                Thread.sleep(sleep);
            }
        }
        double[] out = latencies.stream().mapToDouble(Double::doubleValue).toArray();
        double meanPollMs = polls == 0 ? 0 : Math.max(pollMillis, pollNanosTotal / 1e6 / polls);
        return new Outcome(out, lag, commits.size(), meanPollMs);
    }
}
