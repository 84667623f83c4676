package io.hanacdc.bench;

import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collections;

/**
 * Baseline (1): the most one connection gets out of MariaDB writing the way hana-cdc writes —
 * multi-row INSERT ... ON DUPLICATE KEY UPDATE col = VALUES(col) with up to 1000 rows per
 * statement, committed every batch-size rows, same driver, same session settings, same table shape,
 * into an empty table. Nothing is read from a source, so this is the target's ceiling for one writer.
 */
public final class RawTargetBench {
    public record Result(long rows, double seconds) {
        public double rowsPerSecond() {
            return rows / seconds;
        }
    }

    private final Databases dbs;
    private final BenchOptions o;

    public RawTargetBench(Databases dbs, BenchOptions o) {
        this.dbs = dbs;
        this.o = o;
    }

    public Result run(String label) throws SQLException {
        String db = dbs.freshMysql("bench_raw");
        try (Connection c = dbs.mysql(db)) {
            Databases.exec(c, Databases.TARGET_SESSION, OrdersShape.mysqlCreate("t"));
            c.setAutoCommit(false);
            int perStatement = o.statementRows();
            String sql = upsertSql(perStatement);
            MessageDigest md5 = OrdersShape.md5();
            long t0 = System.nanoTime();
            long id = 1;
            try (PreparedStatement full = c.prepareStatement(sql)) {
                while (id <= o.rawRows()) {
                    long batchEnd = Math.min(o.rawRows(), id + o.batchSize() - 1);
                    while (id <= batchEnd) {
                        int n = (int) Math.min(perStatement, batchEnd - id + 1);
                        PreparedStatement ps = n == perStatement ? full : c.prepareStatement(upsertSql(n));
                        for (int r = 0; r < n; r++) {
                            OrdersShape.bind(ps, 1 + r * OrdersShape.COLUMN_COUNT, OrdersShape.row(id++, md5));
                        }
                        ps.executeUpdate();
                        if (ps != full) {
                            ps.close();
                        }
                    }
                    c.commit();
                }
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            long count = Long.parseLong(Databases.scalar(c, "SELECT COUNT(*) FROM t"));
            System.out.printf("  raw %s: %,d rows in %.1f s = %,.0f rows/s%n", label, count, seconds, count / seconds);
            return new Result(count, seconds);
        } finally {
            dbs.dropMysql(db);
        }
    }

    /** The statement text hana-cdc's RowWriter builds for n rows on MariaDB. */
    static String upsertSql(int n) {
        String[] cols = OrdersShape.COLUMNS.split(", ");
        StringBuilder sb = new StringBuilder("INSERT INTO t (");
        sb.append(String.join(", ", java.util.Arrays.stream(cols).map(x -> "`" + x + "`").toList())).append(") VALUES ");
        String row = "(" + String.join(", ", Collections.nCopies(cols.length, "?")) + ")";
        sb.append(String.join(", ", Collections.nCopies(n, row)));
        sb.append(" ON DUPLICATE KEY UPDATE ");
        sb.append(String.join(", ", java.util.Arrays.stream(cols).map(x -> "`" + x + "` = VALUES(`" + x + "`)").toList()));
        return sb.toString();
    }
}
