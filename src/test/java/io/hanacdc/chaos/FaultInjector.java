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
import java.util.function.LongFunction;

/**
 * Faults on both sides while the task runs: the task's target connections killed
 * ({@code KILL CONNECTION}, {@code pg_terminate_backend}), its source sessions terminated ({@code pg_terminate_backend}) and the
 * target unavailable for a few seconds (through the proxy the task connects by).
 */
final class FaultInjector {
    private final String pgServer;
    private final String sourceDb;
    private final ChaosTarget target;
    private final TcpProxy targetProxy;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicBoolean paused = new AtomicBoolean();
    private final Thread thread;
    final AtomicLong targetKills = new AtomicLong();
    final AtomicLong sourceTerminations = new AtomicLong();
    final AtomicLong targetOutages = new AtomicLong();

    /** The source server is connected to as application chaos-test, so the test's own sessions are never hit (the target: ChaosTarget). */
    FaultInjector(String pgServer, String sourceDb, ChaosTarget target, TcpProxy targetProxy) {
        this.pgServer = pgServer;
        this.sourceDb = sourceDb;
        this.target = target;
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
                    case 0, 1 -> targetKills.addAndGet(kill(target.control, target.taskConnections(), target::kill, rnd));
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

    private long terminateSourceSessions(Random rnd) throws SQLException {
        return kill(pgServer, "SELECT pid FROM pg_stat_activity WHERE datname = '" + sourceDb + "' AND pid <> pg_backend_pid()"
                + " AND application_name NOT LIKE 'chaos-%' AND application_name <> ''", // a session still starting shows no name yet
                pid -> "SELECT pg_terminate_backend(" + pid + ")", rnd);
    }

    /** Ends each session the query lists with even odds; returns how many. */
    private static long kill(String url, String sessions, LongFunction<String> kill, Random rnd) throws SQLException {
        try (Connection c = TestDatabases.connect(url); Statement s = c.createStatement()) {
            List<Long> ids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery(sessions)) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            long killed = 0;
            for (long id : ids) {
                if (rnd.nextBoolean()) {
                    try {
                        if (ended(s, kill.apply(id))) {
                            killed++;
                        }
                    } catch (SQLException e) {
                        // ended meanwhile
                    }
                }
            }
            return killed;
        }
    }

    /** Whether the statement ended a session: KILL fails for one gone meanwhile, pg_terminate_backend answers false. */
    private static boolean ended(Statement s, String kill) throws SQLException {
        if (!s.execute(kill)) {
            return true;
        }
        try (ResultSet rs = s.getResultSet()) {
            return rs.next() && rs.getBoolean(1);
        }
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
