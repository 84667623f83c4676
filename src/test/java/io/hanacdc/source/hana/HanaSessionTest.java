package io.hanacdc.source.hana;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.GoldenFiles;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.TableId;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the HANA dialect leaves on a pooled session, and how it takes LOCK TABLE's answer, on a
 * recording connection (no HANA runs here). SET TRANSACTION LOCK WAIT TIMEOUT lasts for the session
 * (set-transaction-statement-transaction-management-20fdf9c.md); LOCK TABLE returns a non-zero SQLCODE
 * when it could not lock the table's views although the table is locked, and the transaction goes on
 * (lock-table-statement-transaction-management-20f88d8.md). Statements pinned in golden/hana-session.sql.
 */
class HanaSessionTest {
    private static final TableId TABLE = new TableId("SALES", "ORDERS");
    private static final String LOCK = "LOCK TABLE \"SALES\".\"ORDERS\" IN EXCLUSIVE MODE";
    private final HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);

    /** A connection that records what runs; LOCK TABLE fails with {@code lockError} (if any) and the lock query counts {@code locked}. */
    private static final class Recording {
        final List<String> executed = new ArrayList<>();
        SQLException lockError;
        int lockFailures = Integer.MAX_VALUE;
        SQLException lookupError;
        long locked;

        Connection connection() {
            return proxy(Connection.class, (method, args) -> switch (method) {
                case "createStatement" -> proxy(Statement.class, (m, a) -> {
                    if (m.equals("execute")) {
                        executed.add((String) a[0]);
                        if (lockError != null && ((String) a[0]).startsWith("LOCK TABLE") && lockFailures-- > 0) {
                            throw lockError;
                        }
                        return false;
                    }
                    return null;
                });
                case "prepareStatement" -> {
                    executed.add((String) args[0]);
                    yield proxy(PreparedStatement.class, (m, a) -> {
                        if (m.equals("executeQuery") && lookupError != null) {
                            throw lookupError;
                        }
                        return m.equals("executeQuery") ? count() : null;
                    });
                }
                case "getAutoCommit" -> true;
                case "commit", "rollback" -> {
                    executed.add(method.toUpperCase());
                    yield null;
                }
                default -> null;
            });
        }

        private ResultSet count() {
            boolean[] read = {false};
            return proxy(ResultSet.class, (m, a) -> switch (m) {
                case "next" -> !read[0] && (read[0] = true);
                case "getLong" -> locked;
                default -> null;
            });
        }
    }

    private interface Handler {
        Object handle(String method, Object[] args) throws Throwable;
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<T> type, Handler handler) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (p, m, a) -> handler.handle(m.getName(), a));
    }

    @Test
    void aTransactionGivesTheSessionItsLockWaitTimeoutBackWhetherItCommitsOrFails() throws Exception {
        Recording ok = new Recording();
        hana.inTransaction(ok.connection(), Duration.ofSeconds(10), tx -> null);
        Recording failed = new Recording();
        SQLException boom = new SQLException("boom");
        assertSame(boom, assertThrows(SQLException.class, () -> hana.inTransaction(failed.connection(), Duration.ofSeconds(10), tx -> {
            throw boom;
        })));
        String session = hana.connectionInitSql().orElseThrow();
        assertEquals(session, ok.executed.get(ok.executed.size() - 1), ok.executed.toString());
        assertEquals(session, failed.executed.get(failed.executed.size() - 1), failed.executed.toString());
        List<String> pinned = new ArrayList<>(List.of(session));
        pinned.addAll(ok.executed);
        pinned.add(HanaTransactions.HOLDS_EXCLUSIVE_LOCK);
        pinned.add(LOCK + " NOWAIT");
        pinned.add(LOCK + " WAIT 1");
        GoldenFiles.assertMatches("hana-session.sql", pinned);
    }

    /**
     * M_TRANSACTIONS.TRANSACTION_ID is one service's transaction object, reused after the transaction closes
     * (m-transactions-system-view-20c9610.md): the lock's owner is matched on HOST and PORT too, or another host's
     * transaction with the same number would pass for this one's on a scale-out system.
     */
    @Test
    void theLockOwnerIsMatchedOnHostPortAndTransaction() {
        String sql = HanaTransactions.HOLDS_EXCLUSIVE_LOCK;
        assertTrue(sql.contains("t.HOST = l.HOST AND t.PORT = l.PORT AND t.TRANSACTION_ID = l.LOCK_OWNER_TRANSACTION_ID"), sql);
    }

    /**
     * The lock is asked for with NOWAIT (lock-table-statement-transaction-management-20f88d8.md), so hana-cdc never waits in
     * line ahead of the business's writers; "resource busy" (146, sql-error-codes-20a78d3.md) while the table is not locked
     * is asked again after a pause, and given up, as the error, once the patience has passed.
     */
    @Test
    void theLockIsAskedForWithoutWaitingAndAgainWhileTheTableIsBusy() throws Exception {
        Recording busyOnce = new Recording();
        busyOnce.lockError = new SQLException("resource busy", "HY000", 146);
        busyOnce.lockFailures = 1;
        io.hanacdc.source.LockWithoutQueueing.lock(hana, busyOnce.connection(), LOCK, TABLE, Duration.ofSeconds(10));
        assertEquals(List.of(LOCK + " NOWAIT", HanaTransactions.HOLDS_EXCLUSIVE_LOCK, "ROLLBACK", LOCK + " WAIT 1"), busyOnce.executed,
                "the busy try rolled back to its savepoint, then tried again waiting a second at most");
        Recording busy = new Recording();
        busy.lockError = new SQLException("resource busy", "HY000", 146);
        assertSame(busy.lockError, assertThrows(SQLException.class,
                () -> io.hanacdc.source.LockWithoutQueueing.lock(hana, busy.connection(), LOCK, TABLE, Duration.ZERO)));
    }

    @Test
    void lockTableThatCouldNotLockTheViewsGoesOnWhenTheTableIsLocked() throws Exception {
        Recording r = new Recording();
        r.lockError = new SQLException("could not lock dependent view", "HY000", 146);
        r.locked = 1;
        hana.lockTable(r.connection(), LOCK, TABLE);
        assertEquals(List.of(LOCK, HanaTransactions.HOLDS_EXCLUSIVE_LOCK), r.executed);
    }

    @Test
    void lockTableFailsWhenTheTableIsNotLockedOrTheWaitTimedOutOrAPrivilegeIsMissing() {
        Recording notLocked = new Recording();
        notLocked.lockError = new SQLException("resource busy", "HY000", 146);
        assertThrows(SQLException.class, () -> hana.lockTable(notLocked.connection(), LOCK, TABLE));
        Recording unreadable = new Recording();
        unreadable.lockError = new SQLException("resource busy", "HY000", 146);
        unreadable.lookupError = new SQLException("insufficient privilege", "HY000", 258);
        SQLException thrown = assertThrows(SQLException.class, () -> hana.lockTable(unreadable.connection(), LOCK, TABLE));
        assertSame(unreadable.lockError, thrown, "LOCK TABLE's own error is what is reported");
        assertSame(unreadable.lookupError, thrown.getSuppressed()[0]);
        for (int code : new int[] {131, 258}) {
            Recording r = new Recording();
            r.lockError = new SQLException("error " + code, "HY000", code);
            r.locked = 1;
            assertThrows(SQLException.class, () -> hana.lockTable(r.connection(), LOCK, TABLE));
            assertEquals(List.of(LOCK), r.executed, "the error says what happened: nothing to look up");
        }
    }
}
