package io.hanacdc.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * What an idle task costs the source (9): the source database's {@code xact_commit + xact_rollback} from
 * {@code pg_stat_database}, sampled once a second while nobody writes, as a least-squares rate. Read over a connection
 * to the {@code postgres} database, so the sampling's own transactions count there, not in the source; the harness's
 * writer session on the source is open but silent meanwhile. A backend reports its counters at most once a second
 * (PostgreSQL 15+), so a reading may lag by that much: the slope over the window evens it out. Also the hana-cdc
 * sessions on the source and CPU seconds over the window (the JVM's, and every PostgreSQL process's, other sessions
 * on the server included). Several processes (replicas of one task) are measured together: their CPU summed.
 */
public final class IdleLoad {
    /** @param sessions client sessions on the source database other than the harness's writer */
    public record Outcome(double seconds, long transactions, double perSecond, int sessions, CpuMeter.Usage cpu) {}

    private IdleLoad() {}

    /** {@code writerBackendPid} -1 when the harness holds no writer session on the source; the CPU of {@code productPids} is summed. */
    public static Outcome measure(Databases dbs, String sourceDb, int writerBackendPid, int seconds, long... productPids) throws Exception {
        try (Connection c = dbs.pg("postgres");
             PreparedStatement xacts = c.prepareStatement("SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = ?");
             PreparedStatement sessions = c.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE datname = ?"
                     + " AND backend_type = 'client backend' AND pid <> ?")) {
            xacts.setString(1, sourceDb);
            sessions.setString(1, sourceDb);
            sessions.setInt(2, writerBackendPid);
            List<double[]> samples = new ArrayList<>();
            CpuMeter.Snapshot cpu0 = CpuMeter.take(productPids);
            long t0 = System.nanoTime();
            for (int i = 0; i <= seconds; i++) {
                long due = t0 + i * 1_000_000_000L;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    Thread.sleep(wait / 1_000_000);
                }
                samples.add(new double[] {(System.nanoTime() - t0) / 1e9, count(xacts)});
            }
            CpuMeter.Usage cpu = CpuMeter.between(cpu0, CpuMeter.take(productPids));
            double elapsed = samples.get(samples.size() - 1)[0];
            long delta = (long) (samples.get(samples.size() - 1)[1] - samples.get(0)[1]);
            return new Outcome(elapsed, delta, slope(samples), (int) count(sessions), cpu);
        }
    }

    private static long count(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    /** Least-squares slope of (x, y) points; NaN for fewer than two. */
    static double slope(List<double[]> pts) {
        double n = pts.size();
        double sx = 0, sy = 0, sxx = 0, sxy = 0;
        for (double[] p : pts) {
            sx += p[0];
            sy += p[1];
            sxx += p[0] * p[0];
            sxy += p[0] * p[1];
        }
        return n < 2 ? Double.NaN : (n * sxy - sx * sy) / (n * sxx - sx * sx);
    }
}
