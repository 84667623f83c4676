package io.hanacdc.bench;

import io.hanacdc.bench.Progress.Totals;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

/**
 * Samples a running task's position table until a condition holds, recording one counter (rows
 * applied, rows copied) over time. Resolution is the sampling interval: done-times are late by at
 * most one interval, which is why rates are also given over the active phase only.
 */
public final class ProgressSampler {
    /**
     * @param doneAt    seconds from process start to the first sample meeting the condition
     * @param firstAt   seconds to the first sample with a nonzero counter (work had begun by then)
     * @param firstValue the counter at that sample
     * @param finalValue the counter when done
     * @param counter   (seconds, counter) samples
     * @param cpu       CPU used between the first sample with work and the last one (the product's JVM, databases, machine)
     */
    public record Outcome(double doneAt, double firstAt, long firstValue, long finalValue, List<double[]> counter, boolean timedOut,
                          CpuMeter.Usage cpu) {
        /** Rows per second from process start: includes JVM and Camel startup, install, first poll. */
        public double wallRate() {
            return finalValue / doneAt;
        }

        /**
         * Rows per second over the second half of the rows: JIT warm-up and connection ramp-up are
         * over by then, so this is the steady state the process would keep on a long backlog.
         */
        public double steadyRate() {
            for (double[] pt : counter) {
                if (pt[1] >= finalValue / 2.0) {
                    return doneAt > pt[0] ? (finalValue - pt[1]) / (doneAt - pt[0]) : Double.NaN;
                }
            }
            return Double.NaN;
        }

        /** Rows per second between the first and last sample that saw work: startup excluded. */
        public double activeRate() {
            return doneAt > firstAt ? (finalValue - firstValue) / (doneAt - firstAt) : Double.NaN;
        }
    }

    private ProgressSampler() {}

    public static Outcome until(HanaCdcProcess p, Progress probe, ToLongFunction<Totals> metric, Predicate<Totals> done,
                                double timeoutSeconds, long intervalMillis) throws Exception {
        List<double[]> counter = new ArrayList<>();
        double firstAt = Double.NaN;
        long firstValue = 0;
        CpuMeter.Snapshot cpuAtFirst = null;
        while (true) {
            Totals t = probe.read();
            double now = p.secondsSinceStart();
            long v = metric.applyAsLong(t);
            counter.add(new double[] {now, v});
            if (v > 0 && Double.isNaN(firstAt)) {
                firstAt = now;
                firstValue = v;
                cpuAtFirst = CpuMeter.take(p.pid());
            }
            boolean timedOut = now > timeoutSeconds;
            if (done.test(t) || timedOut) {
                if (timedOut) {
                    System.out.printf("  timed out after %.0f s at %,d%n", now, v);
                }
                CpuMeter.Usage cpu = cpuAtFirst == null ? null : CpuMeter.between(cpuAtFirst, CpuMeter.take(p.pid()));
                return new Outcome(now, firstAt, firstValue, v, counter, timedOut, cpu);
            }
            p.ensureAlive();
            Thread.sleep(intervalMillis);
        }
    }
}
