package io.hanacdc.source;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
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
            T result;
            try {
                setUp.run(s);
                result = work.run(c);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                // on a broken session the clean-up fails too: the work's failure is the one to report
                quietly(c::rollback, e);
                quietly(() -> tearDown.run(s), e);
                throw e;
            }
            tearDown.run(s);
            return result;
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    /**
     * Runs the work and gives the session its default schema back if the work changed it (SAP HANA's RENAME COLUMN
     * takes no schema and runs after SET SCHEMA), so a pooled or reused session keeps resolving names as before.
     */
    public static <T> T keepingSchema(Connection c, SqlWork<T> work) throws SQLException {
        String schema;
        try {
            schema = c.getSchema();
        } catch (SQLFeatureNotSupportedException e) {
            schema = null;
        }
        T result = work.run(c);
        if (schema != null && !schema.equals(c.getSchema())) {
            c.setSchema(schema);
        }
        return result;
    }

    private interface Step {
        void run() throws SQLException;
    }

    private static void quietly(Step step, Exception cause) {
        try {
            step.run();
        } catch (SQLException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }
}
