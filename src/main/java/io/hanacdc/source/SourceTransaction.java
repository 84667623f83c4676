package io.hanacdc.source;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The frame of {@link SourceDialect#inTransaction}: autocommit off, the work committed or rolled back,
 * autocommit as it was. Each source sets its session up for the transaction and, where a setting
 * outlives it, back again afterwards, whether the work committed or failed.
 */
public final class SourceTransaction {
    /** Statements run on the transaction's session. */
    @FunctionalInterface
    public interface SessionStep {
        void run(Statement s) throws SQLException;
    }

    private SourceTransaction() {}

    public static <T> T run(Connection c, SessionStep setUp, SessionStep tearDown, SqlWork<T> work) throws SQLException {
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            try {
                setUp.run(s);
                T result = work.run(c);
                c.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            } finally {
                tearDown.run(s);
            }
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }
}
