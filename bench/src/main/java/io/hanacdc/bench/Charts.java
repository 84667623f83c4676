package io.hanacdc.bench;

import java.io.File;
import java.io.IOException;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import java.awt.Color;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** PNG line charts of {@link Series}: throughput over time, latency distribution, lag over time. */
public final class Charts {
    private Charts() {}

    public static void line(File file, String title, String xLabel, String yLabel, List<Series> series) throws IOException {
        JFreeChart chart = ChartFactory.createXYLineChart(title, xLabel, yLabel, dataset(series), PlotOrientation.VERTICAL,
                true, false, false);
        for (int i = 0; i < series.size(); i++) {
            if (series.get(i).name().startsWith("raw baseline")) { // the reference line: black, so it never reads as data
                chart.getXYPlot().getRenderer().setSeriesPaint(i, Color.BLACK);
            }
        }
        save(file, chart);
    }

    /**
     * Latency distribution as a CDF: p50, p95, p99 and max are read straight off the curve, and two
     * rates compare at a glance, which overlaid histograms do not allow.
     */
    public static void cdf(File file, String title, List<Percentiles> samples, List<String> names) throws IOException {
        XYSeriesCollection data = new XYSeriesCollection();
        for (int s = 0; s < samples.size(); s++) {
            XYSeries xy = new XYSeries(names.get(s), false, true);
            double[] v = samples.get(s).sorted();
            int step = Math.max(1, v.length / 2000);
            for (int i = 0; i < v.length; i += step) {
                xy.add(v[i], 100.0 * (i + 1) / v.length);
            }
            if (v.length > 0) {
                xy.add(v[v.length - 1], 100.0);
            }
            data.addSeries(xy);
        }
        JFreeChart chart = ChartFactory.createXYLineChart(title, "commit → visible latency (ms)", "percent of transactions",
                data, PlotOrientation.VERTICAL, true, false, false);
        save(file, chart);
    }

    private static void save(File file, JFreeChart chart) throws IOException {
        chart.getXYPlot().setBackgroundPaint(Color.WHITE);
        chart.getXYPlot().setDomainGridlinePaint(Color.LIGHT_GRAY);
        chart.getXYPlot().setRangeGridlinePaint(Color.LIGHT_GRAY);
        ChartUtils.saveChartAsPNG(file, chart, 900, 500);
    }

    private static XYSeriesCollection dataset(List<Series> series) {
        XYSeriesCollection data = new XYSeriesCollection();
        for (Series s : series) {
            XYSeries xy = new XYSeries(s.name(), false, true);
            s.points().forEach(p -> xy.add(p[0], p[1]));
            data.addSeries(xy);
        }
        return data;
    }
}
