package io.hanacdc.bench;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Source overhead of capture (5): DML throughput on PostgreSQL with no capture, full capture and
 * keys-only capture (when the product has it), each with statement-level and with row-level
 * triggers (hanacdc.capture.trigger-level, when the product has it), for INSERT, UPDATE (one
 * non-key column) and DELETE, on a 5-column and a 300-column table. One row per statement; commit
 * every {@code captureTxRows} rows (1 = autocommit); then the same rows once more as one multi-row
 * INSERT … SELECT and one UPDATE of all rows, where the trigger levels differ most. Modes run
 * interleaved for three rounds and the best round counts (noise only ever slows a run down), so a
 * noisy moment hits one sample, not one mode.
 */
public final class CaptureOverheadBench {
    public static final String NONE = "none";
    public static final String FULL = "full";
    public static final String KEYS_ONLY = "keys-only";
    public static final String FULL_ROW = "full, row triggers";
    public static final String KEYS_ONLY_ROW = "keys-only, row triggers";
    public static final List<String> OPS = List.of("insert", "update", "delete", "insert…select", "update all");
    /** Operations of one statement for all rows. */
    public static final Set<String> MULTI_ROW = Set.of("insert…select", "update all");
    public static final int[] WIDTHS = {5, 300};
    private static final int ROUNDS = 3;

    /** rows/s by mode → width → op; keysOnlyAvailable / rowTriggersAvailable tell whether the product has them. */
    public record Result(Map<String, Map<Integer, Map<String, Double>>> rates, boolean keysOnlyAvailable, String keysOnlyNote,
                         boolean rowTriggersAvailable) {
        public double rate(String mode, int width, String op) {
            return rates.getOrDefault(mode, Map.of()).getOrDefault(width, Map.of()).getOrDefault(op, Double.NaN);
        }
    }

    private final Databases dbs;
    private final BenchOptions o;
    private final Path workDir;

    public CaptureOverheadBench(Databases dbs, BenchOptions o, Path workDir) {
        this.dbs = dbs;
        this.o = o;
        this.workDir = workDir;
    }

    public Result run() throws Exception {
        String tgt = dbs.freshMysql("bench_capture_tgt");
        Map<String, String> dbByMode = new LinkedHashMap<>();
        try {
            for (String mode : List.of(NONE, FULL, KEYS_ONLY, FULL_ROW, KEYS_ONLY_ROW)) {
                String db = dbs.freshPg("bench_capture_" + mode.replaceAll("[^a-z]+", "_"));
                dbByMode.put(mode, db);
                try (Connection c = dbs.pg(db)) {
                    Databases.exec(c, createSql("w5", 5), createSql("w300", 300));
                }
                if (!mode.equals(NONE)) {
                    var s = HanaCdcProcess.Settings.of(o, workDir, dbs.pgUrl(db), "public.w5,public.w300")
                            .with("HANACDC_TARGET_URL", dbs.targetUrlForProduct(tgt));
                    s = s.with("HANACDC_CAPTURE_MODE", mode.startsWith(KEYS_ONLY) ? "keys-only" : "full")
                            .with("HANACDC_CAPTURE_TRIGGER_LEVEL", mode.endsWith("row triggers") ? "row" : "statement");
                    HanaCdcProcess.runToEnd(s, "capture-install-" + mode, "install");
                }
            }
            int cdcCols = cdcDataColumns(dbByMode.get(KEYS_ONLY), "w300");
            boolean keysOnly = cdcCols == 1;
            String note = keysOnly ? "keys-only capture detected (CDC table holds the key only)"
                    : "not available yet: with HANACDC_CAPTURE_MODE=keys-only the CDC table still holds " + cdcCols + " of 300 columns";
            System.out.println("  " + note);
            if (!keysOnly) {
                dbs.dropPg(dbByMode.remove(KEYS_ONLY));
                dbs.dropPg(dbByMode.remove(KEYS_ONLY_ROW));
            }
            boolean rowTriggers = rowTriggers(dbByMode.get(FULL_ROW), "w300") == 3;
            System.out.println("  row-level triggers " + (rowTriggers ? "detected" : "not available: HANACDC_CAPTURE_TRIGGER_LEVEL=row installed none"));
            if (!rowTriggers) {
                dbs.dropPg(dbByMode.remove(FULL_ROW));
                dbs.dropPg(dbByMode.remove(KEYS_ONLY_ROW));
            }
            Map<String, Map<Integer, Map<String, Double>>> best = new LinkedHashMap<>();
            for (int round = 1; round <= ROUNDS; round++) {
                for (int width : WIDTHS) {
                    for (var e : dbByMode.entrySet()) {
                        Map<String, Double> r = measure(e.getValue(), width);
                        Map<String, Double> b = best.computeIfAbsent(e.getKey(), k -> new LinkedHashMap<>()).computeIfAbsent(width, k -> new LinkedHashMap<>());
                        r.forEach((op, v) -> b.merge(op, v, Math::max));
                        System.out.printf("  round %d, %d cols, %-23s: insert %,.0f, update %,.0f, delete %,.0f, insert…select %,.0f,"
                                + " update all %,.0f rows/s%n", round, width, e.getKey(), r.get("insert"), r.get("update"), r.get("delete"),
                                r.get("insert…select"), r.get("update all"));
                    }
                }
            }
            return new Result(best, keysOnly, note, rowTriggers);
        } finally {
            for (String db : dbByMode.values()) {
                dbs.dropPg(db);
            }
            dbs.dropMysql(tgt);
        }
    }

    /** id bigint key plus width-1 columns cycling integer, varchar(32), numeric(12,2). */
    static String createSql(String name, int width) {
        List<String> cols = new ArrayList<>(List.of("id bigint PRIMARY KEY"));
        for (int i = 1; i < width; i++) {
            cols.add("c" + i + " " + (i % 3 == 1 ? "integer" : i % 3 == 2 ? "varchar(32)" : "numeric(12,2)"));
        }
        return "CREATE TABLE public." + name + " (" + String.join(", ", cols) + ")";
    }

    /** Inserts, updates, then deletes the same rows one statement each; rows/s per op. Leaves the table empty and vacuumed. */
    private Map<String, Double> measure(String db, int width) throws SQLException {
        String table = "public.w" + width;
        int rows = width > 5 ? o.captureRowsWide() : o.captureRowsNarrow();
        Object[] values = new Object[width - 1];
        for (int i = 1; i < width; i++) {
            values[i - 1] = i % 3 == 1 ? (Object) i : i % 3 == 2 ? "value " + i : BigDecimal.valueOf(i * 100L + 1, 2);
        }
        Map<String, Double> out = new LinkedHashMap<>();
        try (Connection c = dbs.pg(db)) {
            // Flush dirty pages now, so a checkpoint triggered by an earlier scenario's writes does not land in this sample.
            Databases.exec(c, "CHECKPOINT");
            String insertSql = "INSERT INTO " + table + " VALUES (" + String.join(", ", Collections.nCopies(width, "?")) + ")";
            out.put("insert", timed(c, rows, insertSql, (ps, id) -> {
                ps.setLong(1, id);
                for (int i = 0; i < values.length; i++) {
                    ps.setObject(i + 2, values[i]);
                }
            }));
            out.put("update", timed(c, rows, "UPDATE " + table + " SET c1 = c1 + 1 WHERE id = ?", (ps, id) -> ps.setLong(1, id)));
            out.put("delete", timed(c, rows, "DELETE FROM " + table + " WHERE id = ?", (ps, id) -> ps.setLong(1, id)));
            c.setAutoCommit(true);
            out.put("insert…select", timedOnce(c, rows, "INSERT INTO " + table + " SELECT g, " + literals(values)
                    + " FROM generate_series(1, " + rows + ") g"));
            out.put("update all", timedOnce(c, rows, "UPDATE " + table + " SET c1 = c1 + 1"));
            Databases.exec(c, "TRUNCATE " + table);
            // Same starting state for every round and mode: empty CDC table, no dead tuples.
            if (Databases.scalar(c, "SELECT to_regclass('hanacdc.\"public$w" + width + "\"')") != null) {
                Databases.exec(c, "TRUNCATE hanacdc.\"public$w" + width + "\"");
            }
            Databases.exec(c, "VACUUM " + table);
        }
        return out;
    }

    private interface Binder {
        void bind(PreparedStatement ps, long id) throws SQLException;
    }

    private double timed(Connection c, int rows, String sql, Binder binder) throws SQLException {
        int txRows = o.captureTxRows();
        c.setAutoCommit(txRows <= 1);
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            long t0 = System.nanoTime();
            for (long id = 1; id <= rows; id++) {
                binder.bind(ps, id);
                ps.executeUpdate();
                if (txRows > 1 && (id % txRows == 0 || id == rows)) {
                    c.commit();
                }
            }
            return rows / ((System.nanoTime() - t0) / 1e9);
        }
    }

    private static String literals(Object[] values) {
        List<String> out = new ArrayList<>();
        for (Object v : values) {
            out.add(v instanceof String str ? "'" + str + "'" : v.toString());
        }
        return String.join(", ", out);
    }

    /** One statement changing all rows, autocommit. */
    private static double timedOnce(Connection c, int rows, String sql) throws SQLException {
        long t0 = System.nanoTime();
        Databases.exec(c, sql);
        return rows / ((System.nanoTime() - t0) / 1e9);
    }

    /** Row-level (not statement-level) triggers on public.&lt;table&gt;. */
    private int rowTriggers(String db, String table) throws SQLException {
        try (Connection c = dbs.pg(db)) {
            return Integer.parseInt(Databases.scalar(c, "SELECT count(*) FROM pg_trigger WHERE tgrelid = 'public." + table
                    + "'::regclass AND NOT tgisinternal AND (tgtype & 1) = 1"));
        }
    }

    /** Data columns (not __$ bookkeeping) of the CDC table of public.&lt;table&gt;; -1 if there is none. */
    private int cdcDataColumns(String db, String table) throws SQLException {
        try (Connection c = dbs.pg(db)) {
            String n = Databases.scalar(c, "SELECT count(*) FROM information_schema.columns WHERE table_schema = 'hanacdc'"
                    + " AND table_name = 'public$" + table + "' AND column_name NOT LIKE '\\_\\_$%'");
            String exists = Databases.scalar(c, "SELECT to_regclass('hanacdc.\"public$" + table + "\"')");
            return exists == null ? -1 : Integer.parseInt(n);
        }
    }
}
