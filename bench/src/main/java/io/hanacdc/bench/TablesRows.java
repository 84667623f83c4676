package io.hanacdc.bench;

import io.hanacdc.bench.ResultRow.Verdict;
import java.util.ArrayList;
import java.util.List;

/** Section 9 of the results table: the many-tables figures per table count, with the scale issue's targets. */
public final class TablesRows {
    private static final double IDLE_TX_LIMIT = 50;
    private static final double P99_LIMIT_MS = 1000;
    /** The scale issue's memory target per hana-cdc JVM, also for the replicas (11). */
    static final double RSS_LIMIT_MB = 512;

    private TablesRows() {}

    public static List<ResultRow> of(List<TablesBench.AtN> runs, String jvm) {
        List<ResultRow> rows = new ArrayList<>();
        TablesBench.AtN first = runs.isEmpty() ? null : runs.get(0);
        for (TablesBench.AtN r : runs) {
            String at = String.format("%,d tables: ", r.tables());
            var s = r.startup();
            rows.add(ResultRow.info("9", at + "capture install (bin/hana-cdc install)", r.installSeconds(), "s",
                    String.format("%.0f ms per table, JVM start and pre-install checks included; the %d one-row tables were created in %.1f s",
                            1000 * r.installSeconds() / r.tables(), r.tables(), r.createSeconds())));
            rows.add(ResultRow.info("9", at + "startup to the first table's row visible", s.firstAt(), "s",
                    "from process start (capture already installed) to the first nonzero snapshot_rows"));
            rows.add(ResultRow.info("9", at + "startup to all tables STREAMING", s.doneAt(), "s",
                    s.timedOut() ? String.format("TIMED OUT: %,d of %,d rows copied by then", s.finalValue(), r.tables())
                            : "every table's one row copied, phase STREAMING in hanacdc_position"));
            var idle = r.idle();
            double tick = idle.perSecond() * 0.2;
            rows.add(new ResultRow("9", at + "idle source transactions", idle.perSecond(), "tx/s", Double.NaN, "≤ 50 tx/s, flat with N",
                    Verdict.of(idle.perSecond() <= IDLE_TX_LIMIT), String.format("xact_commit + xact_rollback of the source database,"
                            + " %,d in %.0f s, no writes (%.1f per 200 ms poll interval); %d hana-cdc sessions on the source%s",
                            idle.transactions(), idle.seconds(), tick, idle.sessions(), versus(first, r, idle.perSecond(), first == null ? 0
                                    : first.idle().perSecond()))));
            rows.add(ResultRow.info("9", at + "idle CPU, hana-cdc JVM", 100 * idle.cpu().process() / idle.seconds(), "% of a core",
                    String.format("same window; all PostgreSQL processes %.0f%%, MariaDB %.0f%%, machine %.0f%% of a core (other sessions included)",
                            100 * idle.cpu().postgres() / idle.seconds(), 100 * idle.cpu().mariadb() / idle.seconds(),
                            100 * idle.cpu().machine() / idle.seconds())));
            var one = r.idleLatency();
            String unseen = r.idleInsert().unseen() > 0 ? String.format("; %d never visible within 60 s", r.idleInsert().unseen()) : "";
            rows.add(ResultRow.info("9", at + "idle one-row insert → visible: p50", one.at(50), "ms",
                    String.format("n = %d single inserts into random tables, one at a time, after the idle window; resolution ≈ %.0f ms%s",
                            one.count(), r.idleInsert().pollMs(), unseen)));
            rows.add(ResultRow.info("9", at + "idle one-row insert → visible: max", one.max(), "ms", ""));
            String act = at + r.activeTables() + " tables active: ";
            rows.add(ResultRow.info("9", act + "writer achieved", r.writer().rowsPerSecond(), "rows/s",
                    String.format("%,d inserts of %d rows, each into one table, round robin; first %.0f s warm-up", r.writer().transactions(),
                            r.writer().transactions() == 0 ? 0 : r.writer().rows() / r.writer().transactions(), 5.0)));
            var a = r.activeLatency();
            String aUnseen = r.active().unseen() > 0 ? String.format("; %d commits never visible within 60 s of the end", r.active().unseen()) : "";
            rows.add(ResultRow.info("9", act + "p50", a.at(50), "ms", String.format("n = %,d commits; resolution ≈ %.0f ms%s", a.count(),
                    r.active().pollMs(), aUnseen)));
            boolean p99ok = a.at(99) <= P99_LIMIT_MS && r.active().unseen() == 0;
            rows.add(new ResultRow("9", act + "p99", a.at(99), "ms", Double.NaN, "≤ 1000 ms", a.count() == 0 ? Verdict.NONE : Verdict.of(p99ok),
                    versus(first, r, a.at(99), first == null ? 0 : first.activeLatency().at(99)).replaceFirst("^; ", "")));
            rows.add(ResultRow.info("9", act + "max", a.max(), "ms", ""));
            double mb = r.peakRssKb() / 1024.0;
            rows.add(new ResultRow("9", at + "peak RSS (VmHWM)", mb, "MB", Double.NaN, "≤ 512 MB", Verdict.of(mb <= RSS_LIMIT_MB),
                    jvm + "; read at the end of the run"));
            rows.add(ResultRow.info("9", at + "JVM threads", r.threads(), "threads", "Threads: in /proc/<pid>/status at the end of the run"));
        }
        return rows;
    }

    /** "; N× the figure at the smallest count", for every count after the first. */
    private static String versus(TablesBench.AtN first, TablesBench.AtN r, double value, double firstValue) {
        if (first == null || first == r || firstValue <= 0) {
            return "";
        }
        return String.format("; %.1f× the figure at %,d tables", value / firstValue, first.tables());
    }
}
