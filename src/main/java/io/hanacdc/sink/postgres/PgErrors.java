package io.hanacdc.sink.postgres;

import java.sql.SQLException;
import java.util.List;

/**
 * A server refusal of a batch, named for the operator: a value that does not convert or fit (SQLSTATE class 22) or a
 * constraint (class 23) stops the table with its name and the server's words, which for COPY name the column and the
 * value; anything else (a lost connection, a lock wait) is passed on as it is, to be retried.
 */
final class PgErrors {
    private final String table;

    PgErrors(String table) {
        this.table = table;
    }

    SQLException explained(SQLException e, List<Object[]> rows) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (!state.startsWith("22") && !state.startsWith("23")) {
            return e;
        }
        return new SQLException("table " + table + ": the target refuses a change of " + rows.size() + " row(s) (" + e.getMessage()
                + "); the table stops here so nothing is changed: correct the value at the source or the target table's column or"
                + " constraint, then re-load the table", state, e.getErrorCode(), e);
    }
}
