package io.hanacdc.bench;

import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Baseline (1): the most one connection gets out of MariaDB writing the way the issue defines it (and hana-cdc's fallback) —
 * multi-row INSERT ... ON DUPLICATE KEY UPDATE col = VALUES(col) with up to 1000 rows per
 * statement, committed every batch-size rows, same driver, same session settings, same table shape,
 * into an empty table. Nothing is read from a source, so this is the target's ceiling for one writer.
 */
public final class RawTargetBench {
    /** cpu: what the harness (the writer), MariaDB, PostgreSQL and the machine used meanwhile; null when not measured. */
    public record Result(long rows, double seconds, CpuMeter.Usage cpu) {
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
            Databases.exec(c, Databases.TARGET_SESSION, OrdersShape.mysqlCreate("t"), OrdersShape.mysqlCreate("warmup"));
            // Warm the harness's JIT and the connection first: the baseline is the target's limit, not our warm-up.
            write(c, "warmup", Math.min(100_000, o.rawRows() / 5));
            Databases.exec(c, "DROP TABLE warmup");
            long t0 = System.nanoTime();
            write(c, "t", o.rawRows());
            double seconds = (System.nanoTime() - t0) / 1e9;
            long count = Long.parseLong(Databases.scalar(c, "SELECT COUNT(*) FROM t"));
            System.out.printf("  raw %s: %,d rows in %.1f s = %,.0f rows/s%n", label, count, seconds, count / seconds);
            return new Result(count, seconds, null);
        } finally {
            dbs.dropMysql(db);
        }
    }

    /**
     * The same load split over {@code connections} tables and connections writing at once: what the
     * target (and this machine's cores) allow in parallel — the ceiling for the 8-table streaming run.
     */
    public Result runParallel(int connections) throws Exception {
        String db = dbs.freshMysql("bench_raw_parallel");
        ExecutorService pool = Executors.newFixedThreadPool(connections);
        try {
            long perTable = o.rawRows() / connections;
            List<Connection> conns = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                Connection c = dbs.mysql(db);
                Databases.exec(c, Databases.TARGET_SESSION, OrdersShape.mysqlCreate("t" + i));
                conns.add(c);
            }
            long pid = ProcessHandle.current().pid();
            CpuMeter.Snapshot cpu0 = CpuMeter.take(pid);
            long t0 = System.nanoTime();
            List<Future<Object>> done = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                Connection c = conns.get(i);
                String table = "t" + i;
                done.add(pool.submit(() -> {
                    write(c, table, perTable);
                    return null;
                }));
            }
            for (Future<Object> f : done) {
                f.get();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            CpuMeter.Usage cpu = CpuMeter.between(cpu0, CpuMeter.take(pid));
            for (Connection c : conns) {
                c.close();
            }
            long rows = perTable * connections;
            System.out.printf("  raw, %d connections in parallel: %,d rows in %.1f s = %,.0f rows/s%n", connections, rows, seconds, rows / seconds);
            System.out.println("  " + cpu.perRow(rows, "writer JVM"));
            return new Result(rows, seconds, cpu);
        } finally {
            pool.shutdownNow();
            dbs.dropMysql(db);
        }
    }

    /** Upserts ids 1..rows: statements of statement-rows rows, a commit every batch-size rows. */
    void write(Connection c, String table, long rows) throws SQLException {
        c.setAutoCommit(false);
        int perStatement = o.statementRows();
        MessageDigest md5 = OrdersShape.md5();
        long id = 1;
        try (PreparedStatement full = c.prepareStatement(upsertSql(table, perStatement))) {
            while (id <= rows) {
                long batchEnd = Math.min(rows, id + o.batchSize() - 1);
                while (id <= batchEnd) {
                    int n = (int) Math.min(perStatement, batchEnd - id + 1);
                    PreparedStatement ps = n == perStatement ? full : c.prepareStatement(upsertSql(table, n));
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
    }

    /** The statement text hana-cdc's RowWriter builds for n rows on MariaDB. */
    static String upsertSql(String table, int n) {
        String[] cols = OrdersShape.COLUMNS.split(", ");
        StringBuilder sb = new StringBuilder("INSERT INTO " + table + " (");
        sb.append(String.join(", ", java.util.Arrays.stream(cols).map(x -> "`" + x + "`").toList())).append(") VALUES ");
        String row = "(" + String.join(", ", Collections.nCopies(cols.length, "?")) + ")";
        sb.append(String.join(", ", Collections.nCopies(n, row)));
        sb.append(" ON DUPLICATE KEY UPDATE ");
        sb.append(String.join(", ", java.util.Arrays.stream(cols).map(x -> "`" + x + "` = VALUES(`" + x + "`)").toList()));
        return sb.toString();
    }
}
