package io.hanacdc.testing;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Concurrent random writers on one table ("id" integer key, one text column "v"): inserts, updates,
 * deletes, key changes, multi-row transactions and rollbacks. Deadlocks and key collisions are
 * expected and simply roll the transaction back.
 */
public final class Workload {
    /** The columns of a table a workload writes, for CREATE TABLE (portable types, FreshSource#createTable). */
    public static final String COLUMNS = "\"id\" INTEGER NOT NULL, \"v\" VARCHAR(100), PRIMARY KEY (\"id\")";
    private final String url;
    private final SourceSql sql;
    private final String table;
    private final int keySpace;
    private final int threads;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final List<Thread> workers = new ArrayList<>();
    public final AtomicLong committed = new AtomicLong();
    public final AtomicLong rolledBack = new AtomicLong();

    /** Writers on a PostgreSQL table (schema.table as SQL spells it). */
    public Workload(String url, String table, int keySpace, int threads) {
        this(url, SourceFixture.POSTGRES.sql(), table, keySpace, threads);
    }

    /** Writers on a table of a test's own source, as the owner of its tables. */
    public Workload(FreshSource source, String table, int keySpace, int threads) {
        this(source.url(), source.sql(), source.table(table), keySpace, threads);
    }

    private Workload(String url, SourceSql sql, String table, int keySpace, int threads) {
        this.url = url;
        this.sql = sql;
        this.table = table;
        this.keySpace = keySpace;
        this.threads = threads;
    }

    public Workload start() {
        for (int i = 0; i < threads; i++) {
            Random rnd = new Random(i);
            Thread t = new Thread(() -> loop(rnd), "workload-" + i);
            workers.add(t);
            t.start();
        }
        return this;
    }

    private void loop(Random rnd) {
        try (Connection c = TestDatabases.connect(url); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            while (running.get()) {
                try {
                    int statements = 1 + rnd.nextInt(4);
                    for (int i = 0; i < statements; i++) {
                        s.execute(randomStatement(rnd));
                    }
                    if (rnd.nextInt(10) == 0) {
                        c.rollback();
                        rolledBack.incrementAndGet();
                    } else {
                        c.commit();
                        committed.incrementAndGet();
                    }
                } catch (SQLException e) {
                    c.rollback(); // duplicate key, deadlock: part of the game
                    rolledBack.incrementAndGet();
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private String randomStatement(Random rnd) {
        int k = 1 + rnd.nextInt(keySpace);
        return switch (rnd.nextInt(5)) {
            case 0 -> sql.upsert(table, List.of("id", "v"), List.of(Integer.toString(k), "'ins " + rnd.nextInt() + "'"));
            case 1, 2 -> "UPDATE " + table + " SET \"v\" = 'upd " + rnd.nextInt() + "' WHERE \"id\" BETWEEN " + k + " AND " + (k + rnd.nextInt(3));
            case 3 -> "DELETE FROM " + table + " WHERE \"id\" = " + k;
            default -> "UPDATE " + table + " SET \"id\" = " + (keySpace + 1 + rnd.nextInt(keySpace)) + " WHERE \"id\" = " + k;
        };
    }

    public void stopAndJoin() throws InterruptedException {
        running.set(false);
        for (Thread t : workers) {
            t.join();
        }
    }
}
