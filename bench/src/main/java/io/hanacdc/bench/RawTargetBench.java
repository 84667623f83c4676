package io.hanacdc.bench;

import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Baseline (1, and 13 for PostgreSQL): the most one connection gets out of the target writing the way the issues define it —
 * a multi-row upsert ({@link RawTarget#upsertSql}) with up to 1000 rows per statement, committed every batch-size rows,
 * same driver, same session settings, same table shape, into an empty table. Nothing is read from a source, so this is
 * the target's ceiling for one writer.
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
    private final RawTarget target;

    public RawTargetBench(Databases dbs, BenchOptions o, RawTarget target) {
        this.dbs = dbs;
        this.o = o;
        this.target = target;
    }

    public Result run(String label) throws SQLException {
        String db = target.fresh(dbs, "bench_raw");
        try (Connection c = target.connect(dbs, db)) {
            Databases.exec(c, target.create("t"), target.create("warmup"));
            // Warm the harness's JIT and the connection first: the baseline is the target's limit, not our warm-up.
            write(c, "warmup", Math.min(100_000, o.rawRows() / 5));
            Databases.exec(c, "DROP TABLE warmup");
            long t0 = System.nanoTime();
            write(c, "t", o.rawRows());
            double seconds = (System.nanoTime() - t0) / 1e9;
            long count = Long.parseLong(Databases.scalar(c, "SELECT COUNT(*) FROM t"));
            System.out.printf("  raw %s %s: %,d rows in %.1f s = %,.0f rows/s%n", target.label(), label, count, seconds, count / seconds);
            return new Result(count, seconds, null);
        } finally {
            target.drop(dbs, db);
        }
    }

    /**
     * The same load split over {@code connections} tables and connections writing at once: what the
     * target (and this machine's cores) allow in parallel — the ceiling for the 8-table streaming run.
     */
    public Result runParallel(int connections) throws Exception {
        String db = target.fresh(dbs, "bench_raw_parallel");
        ExecutorService pool = Executors.newFixedThreadPool(connections);
        try {
            long perTable = o.rawRows() / connections;
            List<Connection> conns = new ArrayList<>();
            for (int i = 0; i < connections; i++) {
                Connection c = target.connect(dbs, db);
                Databases.exec(c, target.create("t" + i));
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
            System.out.printf("  raw %s, %d connections in parallel: %,d rows in %.1f s = %,.0f rows/s%n", target.label(), connections, rows, seconds, rows / seconds);
            System.out.println("  " + cpu.perRow(rows, "writer JVM"));
            return new Result(rows, seconds, cpu);
        } finally {
            pool.shutdownNow();
            target.drop(dbs, db);
        }
    }

    /** Upserts ids 1..rows: statements of statement-rows rows, a commit every batch-size rows. */
    void write(Connection c, String table, long rows) throws SQLException {
        c.setAutoCommit(false);
        int perStatement = o.statementRows();
        MessageDigest md5 = OrdersShape.md5();
        long id = 1;
        try (PreparedStatement full = c.prepareStatement(target.upsertSql(table, perStatement))) {
            while (id <= rows) {
                long batchEnd = Math.min(rows, id + o.batchSize() - 1);
                while (id <= batchEnd) {
                    int n = (int) Math.min(perStatement, batchEnd - id + 1);
                    PreparedStatement ps = n == perStatement ? full : c.prepareStatement(target.upsertSql(table, n));
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
}
