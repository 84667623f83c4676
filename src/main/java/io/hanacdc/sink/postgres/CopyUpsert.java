package io.hanacdc.sink.postgres;

import io.hanacdc.sql.Identifiers;
import java.io.ByteArrayOutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * Upserts a batch through a temporary stage filled by COPY … FROM STDIN (text format), then one INSERT … SELECT … ON
 * CONFLICT (key) DO UPDATE into the target: the server parses no statement per row and binds no placeholders, while
 * the target sees the very upsert the statement path runs. Never a DELETE and INSERT: that would cascade to foreign
 * keys, fire delete triggers and remove rows of another unique key people add to a live target. The stage takes the
 * target columns' own types (no constraints), so a value that does not convert is refused by COPY naming its column.
 */
final class CopyUpsert {
    /** Below this the stage's extra round trips cost more than a small statement, as on MySQL/MariaDB. */
    static final int MIN_ROWS = 16;
    /** Bytes sent to the server per COPY message. */
    private static final int CHUNK = 256 * 1024;
    private static final String STAGE = Identifiers.ansi("hanacdc_stage");

    private final String drop;
    private final String create;
    private final String copy;
    private final String merge;

    CopyUpsert(PgTable table) {
        String columns = table.source().columnNames().stream().map(Identifiers::ansi).collect(Collectors.joining(", "));
        String stage = "pg_temp." + STAGE;
        this.drop = "DROP TABLE IF EXISTS " + stage;
        this.create = "CREATE TEMPORARY TABLE " + STAGE + " AS SELECT " + columns + " FROM " + table.qualifiedName() + " WITH NO DATA";
        this.copy = "COPY " + stage + " (" + columns + ") FROM STDIN";
        this.merge = "INSERT INTO " + table.qualifiedName() + " (" + columns + ") SELECT " + columns + " FROM " + stage
                + PgStatements.onConflict(table);
    }

    /** Writes the rows and returns true, or returns false having written nothing: the caller then uses the statement. */
    boolean write(Connection c, List<Object[]> rows, PgErrors errors) throws SQLException {
        if (rows.size() < MIN_ROWS || !encodable(rows)) {
            return false;
        }
        try (Statement s = c.createStatement()) {
            s.execute(drop); // a batch that failed half-way on a connection in autocommit may have left its stage
            s.execute(create);
            try {
                fill(c, rows);
                s.executeUpdate(merge);
            } catch (SQLException e) {
                throw errors.explained(e, rows);
            }
            s.execute(drop);
            return true;
        }
    }

    private void fill(Connection c, List<Object[]> rows) throws SQLException {
        CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn(copy);
        try {
            ByteArrayOutputStream buf = new ByteArrayOutputStream(CHUNK + 1024);
            for (Object[] row : rows) {
                CopyText.row(buf, row);
                if (buf.size() >= CHUNK) {
                    in.writeToCopy(buf.toByteArray(), 0, buf.size());
                    buf.reset();
                }
            }
            in.writeToCopy(buf.toByteArray(), 0, buf.size());
            in.endCopy();
        } finally {
            if (in.isActive()) {
                in.cancelCopy();
            }
        }
    }

    private static boolean encodable(List<Object[]> rows) {
        for (Object[] row : rows) {
            for (Object v : row) {
                if (!CopyText.encodable(v)) {
                    return false;
                }
            }
        }
        return true;
    }
}
