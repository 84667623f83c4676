package io.hanacdc.sink.mysql;

import io.hanacdc.sink.TargetSession;
import java.sql.Connection;
import java.sql.SQLException;

/** A session on a MySQL/MariaDB target: one pooled connection, returned to the pool on close. */
public final class MySqlSession implements TargetSession {
    private final Connection connection;

    MySqlSession(Connection connection) {
        this.connection = connection;
    }

    /** The connection under a session this package opened. */
    static Connection of(TargetSession s) {
        return ((MySqlSession) s).connection;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
