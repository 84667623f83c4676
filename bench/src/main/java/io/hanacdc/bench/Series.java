package io.hanacdc.bench;

import java.util.ArrayList;
import java.util.List;

/** A named line for a chart: (x, y) points, e.g. seconds since start and rows/s. */
public record Series(String name, List<double[]> points) {
    public Series(String name) {
        this(name, new ArrayList<>());
    }

    public void add(double x, double y) {
        points.add(new double[] {x, y});
    }

    /**
     * Rate of a growing counter sampled as (seconds, count): one point per window of about
     * {@code windowSeconds}, so the poll-to-poll jitter of the probe does not show as noise.
     */
    public static Series rate(String name, List<double[]> counter, double windowSeconds) {
        Series out = new Series(name);
        int from = 0;
        for (int i = 1; i < counter.size(); i++) {
            double dt = counter.get(i)[0] - counter.get(from)[0];
            if (dt >= windowSeconds || i == counter.size() - 1) {
                if (dt > 0) {
                    out.add(counter.get(i)[0], (counter.get(i)[1] - counter.get(from)[1]) / dt);
                }
                from = i;
            }
        }
        return out;
    }
}
