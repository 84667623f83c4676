package io.hanacdc.sink.postgres;

import io.hanacdc.sink.TargetSession;
import java.sql.Connection;
import java.sql.SQLException;

/** A session on a PostgreSQL target: one pooled connection, returned to the pool on close. */
final class PgSession implements TargetSession {
    private final Connection connection;

    PgSession(Connection connection) {
        this.connection = connection;
    }

    /** The connection under a session this package opened. */
    static Connection of(TargetSession s) {
        return ((PgSession) s).connection;
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
