package io.hanacdc.chaos;

import io.hanacdc.testing.TestDatabases;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Concurrent writers on the chaos tables: multi-statement transactions over several tables, commits
 * and rollbacks, savepoints rolled back, and (writer 0) transactions held open for seconds.
 * Duplicate keys and deadlocks are expected and roll the transaction back.
 */
final class ChaosWriters {
    private final String url;
    private final int threads;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> workers = new ArrayList<>();
    final AtomicLong committed = new AtomicLong();
    final AtomicLong rolledBack = new AtomicLong();
    final AtomicLong savepointsRolledBack = new AtomicLong();
    final AtomicLong longTransactions = new AtomicLong();

    ChaosWriters(String url, int threads) {
        this.url = url;
        this.threads = threads;
    }

    ChaosWriters start() {
        for (int i = 0; i < threads; i++) {
            int writer = i;
            Thread t = new Thread(() -> loop(writer, new Random(1000 + writer)), "chaos-writer-" + i);
            workers.add(t);
            t.start();
        }
        return this;
    }

    private void loop(int writer, Random rnd) {
        try (Connection c = TestDatabases.connect(url); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            while (running.get()) {
                try {
                    transaction(writer, rnd, s);
                    if (rnd.nextInt(10) == 0) {
                        c.rollback();
                        rolledBack.incrementAndGet();
                    } else {
                        c.commit();
                        committed.incrementAndGet();
                    }
                } catch (SQLException e) {
                    c.rollback();
                    rolledBack.incrementAndGet();
                }
                Thread.sleep(rnd.nextInt(20)); // leave the two-core CI machine some room for the task
            }
        } catch (SQLException | InterruptedException e) {
            throw new IllegalStateException("chaos writer " + writer + " stopped", e);
        }
    }

    private void transaction(int writer, Random rnd, Statement s) throws SQLException, InterruptedException {
        int shape = rnd.nextInt(25);
        if (writer == 0 && shape == 0) { // held open while everything else goes on
            longTransactions.incrementAndGet();
            s.execute(ChaosSchema.randomStatement(rnd));
            Thread.sleep(3000 + rnd.nextInt(5000));
            s.execute(ChaosSchema.randomStatement(rnd));
        } else if (shape < 3) {
            s.execute(ChaosSchema.randomStatement(rnd));
            s.execute("SAVEPOINT chaos");
            for (int i = 0; i < 3; i++) {
                statementKeepingSavepoint(s, rnd);
            }
            s.execute("ROLLBACK TO SAVEPOINT chaos");
            savepointsRolledBack.incrementAndGet();
            s.execute(ChaosSchema.randomStatement(rnd));
        } else {
            for (int i = 0, n = 1 + rnd.nextInt(6); i < n; i++) {
                s.execute(ChaosSchema.randomStatement(rnd));
            }
        }
    }

    /** After a savepoint a failing statement only aborts to the savepoint, which is rolled back anyway. */
    private static void statementKeepingSavepoint(Statement s, Random rnd) throws SQLException {
        try {
            s.execute(ChaosSchema.randomStatement(rnd));
        } catch (SQLException e) {
            s.execute("ROLLBACK TO SAVEPOINT chaos");
        }
    }

    void stopAndJoin() throws InterruptedException {
        running.set(false);
        for (Thread t : workers) {
            t.join();
        }
    }
}
