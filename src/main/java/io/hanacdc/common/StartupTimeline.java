package io.hanacdc.common;

import java.lang.management.ManagementFactory;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where a start spends its time, at DEBUG on the logger {@code io.hanacdc.startup}: each step with the milliseconds
 * since the JVM started (its RuntimeMXBean start time, so the JVM's own start counts too) and, for a timed step,
 * its own duration. Costs nothing unless that logger is at DEBUG.
 */
public final class StartupTimeline {
    private static final Logger LOG = LoggerFactory.getLogger("io.hanacdc.startup");
    /** Steps logged once per process (the first tick, the first applied batch). */
    private static final Set<String> ONCE = ConcurrentHashMap.newKeySet();
    private static volatile long jvmStartMillis;

    private StartupTimeline() {}

    /** Something that happened now. */
    public static void mark(String step) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("+{} ms {}", sinceJvmStart(), step);
        }
    }

    /** Marks {@code step} the first time it happens in this process, never again. */
    public static void once(String step) {
        if (LOG.isDebugEnabled() && ONCE.add(step)) {
            mark(step);
        }
    }

    /** Something that took from {@code startNanos} (System.nanoTime) until now. */
    public static void took(String step, long startNanos) {
        if (LOG.isDebugEnabled()) {
            LOG.debug("+{} ms {} ({} ms)", sinceJvmStart(), step, (System.nanoTime() - startNanos) / 1_000_000);
        }
    }

    private static long sinceJvmStart() {
        if (jvmStartMillis == 0) {
            jvmStartMillis = ManagementFactory.getRuntimeMXBean().getStartTime();
        }
        return System.currentTimeMillis() - jvmStartMillis;
    }
}
