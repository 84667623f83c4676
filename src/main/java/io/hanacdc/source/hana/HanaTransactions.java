package io.hanacdc.source.hana;

import io.hanacdc.schema.TableId;
import io.hanacdc.source.CatalogReads;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceTransaction;
import io.hanacdc.source.SqlWork;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The HANA transactions that change capture or probe gaps: their DDL mode, their lock waits, and LOCK TABLE's answer. */
final class HanaTransactions {
    private static final Logger LOG = LoggerFactory.getLogger(HanaTransactions.class);
    /**
     * Whether this transaction holds the exclusive lock on the table (m-object-locks-system-view-20b66f9.md;
     * the transaction of the session: m-transactions-system-view-20c9610.md, current-connection-function-miscellaneous-20dde16.md).
     * TRANSACTION_ID is a transaction object of one service, "reused after a transaction is closed": on a scale-out
     * system another host's transaction can have the same number, so the lock and the transaction are matched on
     * HOST and PORT too, where the table's index server holds both.
     */
    static final String HOLDS_EXCLUSIVE_LOCK = "SELECT COUNT(*) FROM SYS.M_OBJECT_LOCKS l JOIN SYS.M_TRANSACTIONS t ON t.HOST = l.HOST"
            + " AND t.PORT = l.PORT AND t.TRANSACTION_ID = l.LOCK_OWNER_TRANSACTION_ID WHERE l.SCHEMA_NAME = ? AND l.OBJECT_NAME = ?"
            + " AND l.LOCK_MODE = 'EXCLUSIVE' AND t.CONNECTION_ID = CURRENT_CONNECTION";
    /**
     * How long a statement of a hana-cdc session waits for a lock, outside the transactions that set
     * their own (capture changes, gap probes). SET TRANSACTION LOCK WAIT TIMEOUT lasts for the session,
     * and the value it replaced cannot be read back (set-transaction-statement-transaction-management-20fdf9c.md):
     * so every session starts with this one and gets it back after such a transaction, and a pooled
     * connection never hands one transaction's timeout to the next. The task's other statements are short
     * and retried at the next tick: a minute bounds how long one holds a worker.
     */
    static final Duration SESSION_LOCK_WAIT = Duration.ofMinutes(1);

    private HanaTransactions() {}

    /** What every session runs when it connects. */
    static String sessionLockWait() {
        return lockWaitTimeout(SESSION_LOCK_WAIT);
    }

    private static String lockWaitTimeout(Duration timeout) {
        return "SET TRANSACTION LOCK WAIT TIMEOUT " + timeout.toMillis();
    }

    /**
     * DDL joins the transaction (AUTOCOMMIT DDL OFF), so a failure rolls back every statement of the unit;
     * both settings last for the session, so they are set back afterwards.
     */
    static <T> T inTransaction(Connection c, Duration lockTimeout, SqlWork<T> work) throws SQLException {
        return SourceTransaction.run(c, s -> {
            s.execute("SET TRANSACTION AUTOCOMMIT DDL OFF");
            s.execute(lockWaitTimeout(lockTimeout));
        }, s -> {
            s.execute("SET TRANSACTION AUTOCOMMIT DDL ON");
            s.execute(sessionLockWait());
        }, work);
    }

    /**
     * LOCK TABLE … IN EXCLUSIVE MODE also tries to lock the views on the table, and returns a non-zero
     * SQLCODE when it cannot lock them all although the table itself is locked; the transaction goes on
     * (lock-table-statement-transaction-management-20f88d8.md). Failing there would fail the change at
     * every try, on every table that has a view: when the catalog shows the table locked by this
     * transaction, the change goes on. A lock wait timeout or a missing privilege fails as it is.
     */
    static void lockTable(SourceDialect hana, Connection tx, String lockStatement, TableId table) throws SQLException {
        try (Statement s = tx.createStatement()) {
            s.execute(lockStatement);
        } catch (SQLException e) {
            if (hana.isLockTimeout(e) || hana.isMissingPrivilege(e) || !holdsExclusiveLock(tx, table, e)) {
                throw e;
            }
            LOG.info("LOCK TABLE {} answered '{}' (error {}) but the table is locked by this transaction (views on it may not be): going on",
                    table, e.getMessage(), e.getErrorCode());
        }
    }

    /** Whether the catalog shows the lock; a failed look-up is kept with the error it was to explain. */
    private static boolean holdsExclusiveLock(Connection tx, TableId table, SQLException lockError) {
        try {
            return CatalogReads.number(tx, HOLDS_EXCLUSIVE_LOCK, table) > 0;
        } catch (SQLException lookup) {
            lockError.addSuppressed(lookup);
            return false;
        }
    }
}
