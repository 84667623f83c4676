package io.hanacdc.sink.mysql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.function.Supplier;

/**
 * One statement text prepared once per connection and reused for every batch on it: a table drains
 * its backlog on one connection, and building and parsing a statement with thousands of placeholders
 * per batch is work thrown away. The pool closes the statement when the connection goes back, so a
 * new connection (or a closed statement) simply prepares it again. The text is built on first use:
 * a table that never fills a whole statement never holds it. One table's thread uses it.
 */
final class ReusedStatement {
    private final Supplier<String> text;
    private String sql;
    private Connection connection;
    private PreparedStatement statement;

    ReusedStatement(Supplier<String> text) {
        this.text = text;
    }

    PreparedStatement on(Connection c) throws SQLException {
        if (statement == null || connection != c || statement.isClosed()) {
            if (statement != null && !statement.isClosed()) {
                statement.close(); // prepared on another connection that is still open
            }
            statement = null;
            if (sql == null) {
                sql = text.get();
            }
            statement = c.prepareStatement(sql);
            connection = c;
        }
        return statement;
    }
}
