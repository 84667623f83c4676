package io.hanacdc.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;

/** Writes the results table as markdown (with charts and the run's context) and as CSV. */
public final class ReportWriter {
    private ReportWriter() {}

    public static String markdownTable(List<ResultRow> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("| # | measurement | value | unit | ratio to baseline | target | verdict | note |\n");
        sb.append("|---|---|---:|---|---:|---|---|---|\n");
        for (ResultRow r : rows) {
            sb.append("| ").append(r.section()).append(" | ").append(r.measurement()).append(" | ").append(r.formattedValue())
                    .append(" | ").append(r.unit()).append(" | ").append(r.formattedRatio()).append(" | ").append(r.target())
                    .append(" | ").append(r.verdict().label()).append(" | ").append(r.note()).append(" |\n");
        }
        return sb.toString();
    }

    public static void write(Path dir, String stamp, String context, List<ResultRow> rows, List<String> charts, List<String> notes)
            throws IOException {
        Files.createDirectories(dir);
        StringBuilder md = new StringBuilder("# hana-cdc benchmark " + stamp + "\n\n");
        md.append(context).append("\n\n");
        md.append("Ratios are against a raw baseline of the same target measured in this same run — the MariaDB upsert (1), in")
                .append(" section 8 the Kafka producer; verdicts compare with the issue's targets and never fail the run. See bench/README.md")
                .append(" for how each figure is measured.\n\n");
        md.append(markdownTable(rows)).append('\n');
        if (!notes.isEmpty()) {
            md.append("## Notes\n\n");
            notes.forEach(n -> md.append("- ").append(n).append('\n'));
            md.append('\n');
        }
        if (!charts.isEmpty()) {
            md.append("## Charts\n\n");
            charts.forEach(c -> md.append("![").append(c).append("](").append(c).append(")\n\n"));
        }
        Path mdFile = dir.resolve(stamp + ".md");
        Files.writeString(mdFile, md.toString());
        Files.copy(mdFile, dir.resolve("latest.md"), StandardCopyOption.REPLACE_EXISTING);
        StringBuilder csv = new StringBuilder("section,measurement,value,unit,ratio,target,verdict,note\n");
        for (ResultRow r : rows) {
            csv.append(String.join(",", quote(r.section()), quote(r.measurement()),
                    Double.isNaN(r.value()) ? "" : String.format(Locale.ROOT, "%.3f", r.value()), quote(r.unit()),
                    Double.isNaN(r.ratio()) ? "" : String.format(Locale.ROOT, "%.4f", r.ratio()), quote(r.target()),
                    quote(r.verdict().name()), quote(r.note()))).append('\n');
        }
        Files.writeString(dir.resolve(stamp + ".csv"), csv.toString());
    }

    private static String quote(String s) {
        return "\"" + s.replace("\"", "\"\"") + "\"";
    }
}
