package io.hanacdc.sink.mysql;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import java.sql.Connection;
import java.sql.SQLException;

/** Rows and the position that covers them, committed together or not at all: what makes apply exactly-once. */
final class TargetTransaction {
    private TargetTransaction() {}

    /** Runs the work and saves the position in one target transaction; rolls back on any failure. Returns the position as stored. */
    static Position commit(TargetSession s, Target.Work work, PositionStore store, Position position) throws SQLException {
        Connection target = MySqlSession.of(s);
        target.setAutoCommit(false);
        try {
            work.run(s);
            Position stored = store.save(target, position);
            target.commit();
            return stored;
        } catch (SQLException | RuntimeException e) {
            target.rollback();
            throw e;
        }
    }
}
