package io.hanacdc.bench;

import java.util.Arrays;

/** Nearest-rank percentiles of a sample. */
public final class Percentiles {
    private final double[] sorted;

    public Percentiles(double[] values) {
        this.sorted = values.clone();
        Arrays.sort(sorted);
    }

    public int count() {
        return sorted.length;
    }

    public double at(double p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        int rank = (int) Math.ceil(p / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }

    public double max() {
        return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1];
    }

    public double[] sorted() {
        return sorted;
    }
}
