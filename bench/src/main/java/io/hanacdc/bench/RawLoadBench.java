package io.hanacdc.bench;

import java.io.ByteArrayInputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;

/**
 * References for the apply paths (1c): the baseline's rows written by plain JDBC over one connection as
 * the statement (the baseline's own upsert), as LOAD DATA ... REPLACE straight into the table (what
 * hana-cdc used to do), and as LOAD DATA into a temporary stage followed by INSERT ... SELECT ... ON
 * DUPLICATE KEY UPDATE (what it does now) — each first into an empty table (inserts), then over the
 * same ids again (updates), one batch-size batch per transaction.
 */
public final class RawLoadBench {
    public enum Path { STATEMENT, REPLACE, STAGED }

    /** Rows per second of the insert pass and of the update pass. */
    public record Result(Path path, double insertsPerSecond, double updatesPerSecond) {}

    private static final String FORMAT = " CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (";
    private final Databases dbs;
    private final BenchOptions o;
    private final RawTargetBench raw;

    public RawLoadBench(Databases dbs, BenchOptions o, RawTargetBench raw) {
        this.dbs = dbs;
        this.o = o;
        this.raw = raw;
    }

    public Result run(Path path) throws SQLException {
        String db = dbs.freshMysql("bench_load");
        try (Connection c = dbs.mysql(db)) { // Connector/J allows local files by default, as the product relies on
            Databases.exec(c, Databases.TARGET_SESSION, OrdersShape.mysqlCreate("t"), OrdersShape.mysqlCreate("warmup"));
            write(c, path, "warmup", Math.min(100_000, o.rawRows() / 5));
            Databases.exec(c, "DROP TABLE warmup");
            double inserts = timed(() -> write(c, path, "t", o.rawRows()));
            double updates = timed(() -> write(c, path, "t", o.rawRows()));
            System.out.printf("  %s: inserts %,.0f rows/s, updates %,.0f rows/s%n", path, inserts, updates);
            return new Result(path, inserts, updates);
        } finally {
            dbs.dropMysql(db);
        }
    }

    private interface Pass {
        long rows() throws SQLException;
    }

    private static double timed(Pass pass) throws SQLException {
        long t0 = System.nanoTime();
        long rows = pass.rows();
        return rows / ((System.nanoTime() - t0) / 1e9);
    }

    private long write(Connection c, Path path, String table, long rows) throws SQLException {
        if (path == Path.STATEMENT) {
            raw.write(c, table, rows);
            return rows;
        }
        c.setAutoCommit(false);
        MessageDigest md5 = OrdersShape.md5();
        String stage = table + "_stage";
        String into = path == Path.REPLACE ? "REPLACE INTO TABLE " + table : "INTO TABLE " + stage;
        String load = "LOAD DATA LOCAL INFILE 'rows.tsv' " + into + FORMAT + OrdersShape.COLUMNS + ")";
        String merge = "INSERT INTO " + table + " (" + OrdersShape.COLUMNS + ") SELECT " + OrdersShape.COLUMNS + " FROM " + stage
                + " ON DUPLICATE KEY UPDATE " + String.join(", ", java.util.Arrays.stream(OrdersShape.COLUMNS.split(", "))
                        .map(x -> x + " = " + stage + "." + x).toList());
        long[] id = {1};
        try (Statement s = c.createStatement()) {
            while (id[0] <= rows) {
                long end = Math.min(rows, id[0] + o.batchSize() - 1);
                byte[] tsv = tsv(id, end, md5);
                if (path == Path.STAGED) {
                    s.execute("CREATE TEMPORARY TABLE " + stage + " (id BIGINT, customer_id INT, status LONGTEXT, amount DECIMAL(12,2),"
                            + " created_at DATETIME(6), note LONGTEXT, active TINYINT(1), qty INT) ENGINE=Aria DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_nopad_bin");
                }
                s.unwrap(org.mariadb.jdbc.Statement.class).setLocalInfileInputStream(new ByteArrayInputStream(tsv));
                s.execute(load);
                if (path == Path.STAGED) {
                    s.executeUpdate(merge);
                    s.execute("DROP TEMPORARY TABLE " + stage);
                }
                c.commit();
            }
        }
        return rows;
    }

    /** Rows id[0]..end as LOAD DATA text; advances id[0]. The shape has no value that needs escaping. */
    private static byte[] tsv(long[] id, long end, MessageDigest md5) {
        StringBuilder sb = new StringBuilder();
        for (; id[0] <= end; id[0]++) {
            Object[] row = OrdersShape.row(id[0], md5);
            for (int i = 0; i < row.length; i++) {
                Object v = row[i];
                sb.append(i == 0 ? "" : "\t").append(v instanceof Boolean b ? (b ? "1" : "0")
                        : v instanceof BigDecimal d ? d.toPlainString() : v instanceof LocalDateTime t ? t.toString().replace('T', ' ') : v);
            }
            sb.append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }
}
