package io.hanacdc.sink.postgres;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.StalePositionException;
import io.hanacdc.schema.TableId;
import io.hanacdc.sql.Identifiers;
import io.hanacdc.sink.PositionColumns;
import io.hanacdc.sink.Positions;
import io.hanacdc.sink.TargetSession;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Positions in the target's positions table (in the control schema), one row per (task, source table), saved by
 * compare-and-set on the row's revision in the batch's own transaction: a process holding a stale position fails with
 * {@link StalePositionException} and its batch rolls back. A concurrent save waits for the row's lock and then finds
 * the revision moved on.
 */
final class PgPositions implements Positions {
    static final String TABLE = "hanacdc_position";
    private static final String UNIQUE_VIOLATION = "23505";
    private final String table;
    private final String task;

    PgPositions(String schema, String task) {
        this.table = Identifiers.ansi(schema) + "." + Identifiers.ansi(TABLE);
        this.task = task;
    }

    /** The DELETE of a task's positions (of one table, or all) for a DBA, in the control schema (none named: the DBA's search path). */
    static String deleteSql(String schema, String task, Optional<TableId> id) {
        return "DELETE FROM " + (schema.isEmpty() ? "" : Identifiers.ansi(schema) + ".") + Identifiers.ansi(TABLE) + " WHERE task = "
                + Identifiers.literal(task) + id.map(t -> " AND source_schema = " + Identifiers.literal(t.schema()) + " AND source_table = "
                + Identifiers.literal(t.name())).orElse("");
    }

    @Override
    public void ensure(TargetSession s) throws SQLException {
        Connection c = PgSession.of(s);
        String ddl = "CREATE TABLE IF NOT EXISTS " + table + " (task varchar(128) NOT NULL, source_schema varchar(255) NOT NULL,"
                + " source_table varchar(255) NOT NULL, phase varchar(16) NOT NULL, base_high bigint NOT NULL, base_open text NOT NULL,"
                + " window_high bigint, window_open text, cursor_id bigint NOT NULL, snapshot_key text, snapshot_rows bigint NOT NULL,"
                + " last_data_id bigint NOT NULL, last_transaction_id bigint NOT NULL, last_source_time timestamp(6),"
                + " rows_applied bigint NOT NULL, batches_applied bigint NOT NULL, paused boolean NOT NULL, updated_at timestamp(6) NOT NULL,"
                + " version bigint NOT NULL DEFAULT 1, schema_version integer NOT NULL DEFAULT 1,"
                + " PRIMARY KEY (task, source_schema, source_table))";
        try (Statement st = c.createStatement()) {
            st.execute(ddl);
        } catch (SQLException e) {
            if (!UNIQUE_VIOLATION.equals(e.getSQLState())) { // another replica created it at the same moment
                throw e;
            }
        }
    }

    @Override
    public Optional<Position> load(TargetSession s, TableId id) throws SQLException {
        try (PreparedStatement ps = PgSession.of(s).prepareStatement("SELECT " + PositionColumns.LIST + ", version FROM " + table
                + " WHERE task = ? AND source_schema = ? AND source_table = ?")) {
            ps.setString(1, task);
            ps.setString(2, id.schema());
            ps.setString(3, id.name());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(PositionColumns.read(rs, id)) : Optional.empty();
            }
        }
    }

    @Override
    public List<Position> list(TargetSession s) throws SQLException {
        List<Position> out = new ArrayList<>();
        try (PreparedStatement ps = PgSession.of(s).prepareStatement("SELECT source_schema, source_table, " + PositionColumns.LIST
                + ", version FROM " + table + " WHERE task = ? ORDER BY source_schema, source_table")) {
            ps.setString(1, task);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(PositionColumns.read(rs, new TableId(rs.getString("source_schema"), rs.getString("source_table"))));
                }
            }
        }
        return out;
    }

    /** An insert for a position not stored yet, else an update over the revision it was read as. */
    @Override
    public Position save(TargetSession s, Position p) throws SQLException {
        Connection c = PgSession.of(s);
        if (p.revision() == 0) {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (" + PositionColumns.LIST + ", task, source_schema,"
                    + " source_table, version, updated_at) VALUES (" + "?, ".repeat(PositionColumns.STORED.length + 3) + "1, localtimestamp)")) {
                PositionColumns.bind(ps, p, task);
                ps.executeUpdate();
            } catch (SQLException e) {
                if (UNIQUE_VIOLATION.equals(e.getSQLState())) {
                    throw new StalePositionException(p.table(), 0);
                }
                throw e;
            }
            return p.stored(1);
        }
        try (PreparedStatement ps = c.prepareStatement("UPDATE " + table + " SET " + String.join(" = ?, ", PositionColumns.STORED)
                + " = ?, updated_at = localtimestamp, version = version + 1"
                + " WHERE task = ? AND source_schema = ? AND source_table = ? AND version = ?")) {
            ps.setLong(PositionColumns.bind(ps, p, task), p.revision());
            if (ps.executeUpdate() == 0) {
                throw new StalePositionException(p.table(), p.revision());
            }
        }
        return p.stored(p.revision() + 1);
    }

    @Override
    public boolean delete(TargetSession s, TableId id) throws SQLException {
        try (PreparedStatement ps = PgSession.of(s).prepareStatement("DELETE FROM " + table
                + " WHERE task = ? AND source_schema = ? AND source_table = ?")) {
            ps.setString(1, task);
            ps.setString(2, id.schema());
            ps.setString(3, id.name());
            return ps.executeUpdate() > 0;
        }
    }

    @Override
    public int deleteTask(TargetSession s) throws SQLException {
        try (PreparedStatement ps = PgSession.of(s).prepareStatement("DELETE FROM " + table + " WHERE task = ?")) {
            ps.setString(1, task);
            return ps.executeUpdate();
        }
    }
}
