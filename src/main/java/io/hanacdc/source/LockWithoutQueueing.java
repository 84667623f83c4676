package io.hanacdc.source;

import io.hanacdc.schema.TableId;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.Duration;

/**
 * Takes a source table's exclusive lock without waiting long in line for it. A lock request that waits blocks every
 * writer that asks after it, so hana-cdc's DDL waiting behind a long batch job would stall the business's writes
 * until the job ends. The lock is asked for first with NOWAIT (lock-table-statement-transaction-management-20f88d8.md:
 * "resource busy", the transaction not rolled back; PostgreSQL: lock_not_available); while the table is busy, after a
 * pause (0.1 s, doubling up to 2 s) it is asked for again waiting at most {@link #BRIEF} (on SAP HANA a whole second,
 * WAIT's unit), so writers wait behind it only that long, and busy writes in short transactions still let it through.
 * When {@code patience} has passed the last busy error is thrown, and the caller gives up as on a lock timeout. Each
 * try is behind a savepoint, as a failed statement ends the transaction on PostgreSQL.
 */
public final class LockWithoutQueueing {
    static final Duration BRIEF = Duration.ofMillis(250);
    private static final long FIRST_PAUSE_MS = 100;
    private static final long LONGEST_PAUSE_MS = 2000;

    private LockWithoutQueueing() {}

    public static void lock(SourceDialect dialect, Connection tx, String lockStatement, TableId table, Duration patience) throws SQLException {
        long deadline = System.nanoTime() + patience.toNanos();
        long pause = FIRST_PAUSE_MS;
        for (Duration wait = Duration.ZERO; ; wait = BRIEF) {
            Savepoint before = tx.setSavepoint();
            try {
                dialect.lockTable(tx, dialect.lockAsking(lockStatement, wait, patience), table);
                tx.releaseSavepoint(before);
                return;
            } catch (SQLException e) {
                if (!dialect.isLockBusy(e)) {
                    throw e;
                }
                tx.rollback(before);
                if (System.nanoTime() + pause * 1_000_000 > deadline) {
                    throw e;
                }
                try {
                    Thread.sleep(pause);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
                pause = Math.min(LONGEST_PAUSE_MS, pause * 2);
            }
        }
    }
}
