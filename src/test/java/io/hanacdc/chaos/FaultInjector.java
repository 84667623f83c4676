package io.hanacdc.chaos;

import io.hanacdc.testing.TestDatabases;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Faults on both sides while the task runs: the task's target connections killed
 * ({@code KILL CONNECTION}), its source sessions terminated ({@code pg_terminate_backend}) and the
 * target unavailable for a few seconds (through the proxy the task connects by).
 */
final class FaultInjector {
    private final String pgServer;
    private final String sourceDb;
    private final String mysqlServer;
    private final String targetDb;
    private final TcpProxy targetProxy;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicBoolean paused = new AtomicBoolean();
    private final Thread thread;
    final AtomicLong targetKills = new AtomicLong();
    final AtomicLong sourceTerminations = new AtomicLong();
    final AtomicLong targetOutages = new AtomicLong();

    /** The servers are connected to without a database (MySQL) or as application chaos-test, so the test's own sessions are never hit. */
    FaultInjector(String pgServer, String sourceDb, String mysqlServer, String targetDb, TcpProxy targetProxy) {
        this.pgServer = pgServer;
        this.sourceDb = sourceDb;
        this.mysqlServer = mysqlServer;
        this.targetDb = targetDb;
        this.targetProxy = targetProxy;
        this.thread = new Thread(this::loop, "chaos-faults");
    }

    FaultInjector start() {
        thread.start();
        return this;
    }

    private void loop() {
        Random rnd = new Random(7);
        while (running.get()) {
            try {
                Thread.sleep(800 + rnd.nextInt(2500));
                if (paused.get()) {
                    continue;
                }
                switch (rnd.nextInt(5)) {
                    case 0, 1 -> targetKills.addAndGet(killTargetConnections(rnd));
                    case 2, 3 -> sourceTerminations.addAndGet(terminateSourceSessions(rnd));
                    default -> {
                        targetProxy.down();
                        targetOutages.incrementAndGet();
                        Thread.sleep(1500 + rnd.nextInt(3000));
                        targetProxy.up();
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (SQLException e) {
                // the session was gone already: fine
            }
        }
        targetProxy.up();
    }

    private long killTargetConnections(Random rnd) throws SQLException {
        try (Connection c = TestDatabases.connect(mysqlServer); Statement s = c.createStatement()) {
            List<Long> ids = ids(s, "SELECT ID FROM information_schema.PROCESSLIST WHERE DB = '" + targetDb + "' AND ID <> CONNECTION_ID()");
            long killed = 0;
            for (long id : ids) {
                if (rnd.nextBoolean()) {
                    try {
                        s.execute("KILL CONNECTION " + id);
                        killed++;
                    } catch (SQLException e) {
                        // ended meanwhile
                    }
                }
            }
            return killed;
        }
    }

    private long terminateSourceSessions(Random rnd) throws SQLException {
        try (Connection c = TestDatabases.connect(pgServer); Statement s = c.createStatement()) {
            List<Long> pids = ids(s, "SELECT pid FROM pg_stat_activity WHERE datname = '" + sourceDb + "' AND pid <> pg_backend_pid()"
                    + " AND application_name NOT LIKE 'chaos-%' AND application_name <> ''"); // a session still starting shows no name yet
            long terminated = 0;
            for (long pid : pids) {
                if (rnd.nextBoolean()) {
                    s.execute("SELECT pg_terminate_backend(" + pid + ")");
                    terminated++;
                }
            }
            return terminated;
        }
    }

    private static List<Long> ids(Statement s, String sql) throws SQLException {
        List<Long> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getLong(1));
            }
        }
        return out;
    }

    /** While paused no fault starts (one under way ends as planned). */
    void pause(boolean pause) {
        paused.set(pause);
    }

    void stopAndJoin() throws InterruptedException {
        running.set(false);
        thread.interrupt();
        thread.join();
        targetProxy.up();
    }
}
