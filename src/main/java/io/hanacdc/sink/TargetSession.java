package io.hanacdc.sink;

import java.sql.SQLException;

/**
 * One open channel to the target (a connection, for a database), held by one thread for one table's
 * turn: what the operations of a {@link Target} run on. Opaque outside the target's own package.
 */
public interface TargetSession extends AutoCloseable {
    @Override
    void close() throws SQLException;
}
