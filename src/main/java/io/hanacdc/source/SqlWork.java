package io.hanacdc.source;

import java.sql.Connection;
import java.sql.SQLException;

/** Work run inside one source transaction (see {@link SourceDialect#inTransaction}). */
@FunctionalInterface
public interface SqlWork<T> {
    T run(Connection c) throws SQLException;
}
