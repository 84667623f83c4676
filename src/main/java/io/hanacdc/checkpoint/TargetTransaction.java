package io.hanacdc.checkpoint;

import java.sql.Connection;
import java.sql.SQLException;

/** Rows and the position that covers them, committed together or not at all: what makes apply exactly-once. */
public final class TargetTransaction {
    /** The writes of one transaction. */
    public interface Work {
        void run(Connection target) throws SQLException;
    }

    private TargetTransaction() {}

    /** Runs the work and saves the position in one target transaction; rolls back on any failure. Returns the position as stored. */
    public static Position commit(Connection target, Work work, PositionStore store, Position position) throws SQLException {
        target.setAutoCommit(false);
        try {
            work.run(target);
            Position stored = store.save(target, position);
            target.commit();
            return stored;
        } catch (SQLException | RuntimeException e) {
            target.rollback();
            throw e;
        }
    }
}
