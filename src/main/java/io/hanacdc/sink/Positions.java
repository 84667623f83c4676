package io.hanacdc.sink;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.schema.TableId;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The task's positions, one per source table, kept in the target so they commit with the rows they
 * cover. Every save is a compare-and-set on the position's revision: a process holding an older one
 * gets a StalePositionException and changes nothing, which is what fences a stale owner.
 */
public interface Positions {
    /** Creates the store when missing. */
    void ensure(TargetSession s) throws SQLException;

    Optional<Position> load(TargetSession s, TableId table) throws SQLException;

    List<Position> list(TargetSession s) throws SQLException;

    /** Stores the position over the revision it was read at; returns it with its new revision. */
    Position save(TargetSession s, Position p) throws SQLException;

    boolean delete(TargetSession s, TableId table) throws SQLException;

    /** Deletes every position of the task; returns how many. */
    int deleteTask(TargetSession s) throws SQLException;
}
