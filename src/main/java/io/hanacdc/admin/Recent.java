package io.hanacdc.admin;

import java.time.Duration;
import java.util.function.Supplier;

/**
 * A figure read for all of a task's tables at once and kept a short while: the gauges of a thousand tables read in one
 * scrape, or a page refresh, share one read of the source instead of a statement each.
 */
final class Recent<T> {
    private final long keepNanos;
    private T value;
    private long readAt;

    Recent(Duration keep) {
        this.keepNanos = keep.toNanos();
    }

    /** The value read less than the keep time ago, else a fresh one from {@code read}. */
    synchronized T get(Supplier<T> read) {
        if (value == null || System.nanoTime() - readAt >= keepNanos) {
            value = read.get();
            readAt = System.nanoTime(); // from the end of the read: a read slower than the keep time still serves the rest
        }
        return value;
    }
}
