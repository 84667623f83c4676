package io.hanacdc.sink.mysql;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.StalePositionException;
import io.hanacdc.common.CdcException;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Target DDL that only the process holding a table's current position runs. MySQL/MariaDB commit DDL
 * on its own, so it cannot join the position's compare-and-set the way a batch does: a stale owner (a
 * failover window, or the task started twice) would drop or alter a table another process has
 * written to since, and the stored position would claim rows that are gone. So, holding the table's
 * named lock: first the position as it was before the change is stored again over the revision this
 * process holds — which fails if any other process stored it since — then the DDL runs, then the
 * position after it is stored. From the first store on, no other process can store a batch (its
 * revision is older); one that reloads meets the same change still to do and finds the lock taken.
 */
final class DdlFence {
    private DdlFence() {}

    /**
     * Runs the DDL between the two stores; returns the position after it as stored.
     *
     * @param what   the change, for the message when this process turns out stale and does not make it
     * @param before the position before the change, as this process holds it
     * @param after  the position once the change is made
     * @throws StalePositionException when another process stored the table's position since {@code before} was read: nothing was changed
     */
    static Position run(TargetSession s, PositionStore store, String what, Position before, Target.Work ddl, Position after)
            throws SQLException {
        Connection target = MySqlSession.of(s);
        String lock = store.lockName(before.table());
        if (!call(target, "SELECT GET_LOCK(?, 0)", lock)) {
            throw new CdcException("table " + before.table() + ": another process is changing its target table (it holds lock '"
                    + lock + "'); " + what + " waits for it");
        }
        try {
            Position claimed;
            try {
                claimed = TargetTransaction.commit(s, t -> { }, store, before);
            } catch (StalePositionException e) {
                throw new StalePositionException(before.table(), before.revision(), "the target table was left as it is (" + what + " not run)");
            }
            ddl.run(s);
            return TargetTransaction.commit(s, t -> { }, store, after.stored(claimed.revision()));
        } finally {
            release(target, lock);
        }
    }

    private static void release(Connection target, String lock) {
        try {
            call(target, "SELECT RELEASE_LOCK(?)", lock);
        } catch (SQLException e) {
            // the session is broken, and the server released its lock with it; the failure that broke it is the one to report
        }
    }

    private static boolean call(Connection c, String sql, String lock) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, lock);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getInt(1) == 1;
            }
        }
    }
}
