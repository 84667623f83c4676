package io.hanacdc.sink.mysql;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.StalePositionException;
import io.hanacdc.sink.PositionColumns;
import io.hanacdc.sink.Positions;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.schema.TableId;
import io.hanacdc.sql.Identifiers;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Positions in the target's control table, one row per (task, source table). Every save is a
 * compare-and-set on the row's revision (column {@code version}): it succeeds only over the revision
 * the position was read as, so when two processes run the same table (replicas during a change of
 * owner, or a task started twice by mistake) the one holding a stale position fails with
 * {@link StalePositionException} and its batch rolls back instead of moving the position backwards
 * or applying rows twice.
 */
public final class PositionStore implements Positions {
    private final String controlDatabase;
    /** The positions table, in the control database. */
    public static final String TABLE = "hanacdc_position";
    private final String table;
    private final String task;

    public PositionStore(String controlDatabase, String task) {
        this.controlDatabase = controlDatabase;
        this.table = Identifiers.backtick(controlDatabase) + "." + Identifiers.backtick(TABLE);
        this.task = task;
    }

    @Override
    public void ensure(TargetSession s) throws SQLException {
        ensureTable(MySqlSession.of(s));
    }

    @Override
    public Optional<Position> load(TargetSession s, TableId id) throws SQLException {
        return load(MySqlSession.of(s), id);
    }

    @Override
    public List<Position> list(TargetSession s) throws SQLException {
        return list(MySqlSession.of(s));
    }

    @Override
    public Position save(TargetSession s, Position p) throws SQLException {
        return save(MySqlSession.of(s), p);
    }

    @Override
    public boolean delete(TargetSession s, TableId id) throws SQLException {
        return delete(MySqlSession.of(s), id);
    }

    @Override
    public int deleteTask(TargetSession s) throws SQLException {
        return deleteTask(MySqlSession.of(s));
    }

    /**
     * The DELETE of a task's positions (of one table, or all) for a DBA, in the control database (none
     * named: the target URL's database, the one the DBA's session uses).
     */
    public static String deleteSql(String controlDatabase, String task, Optional<TableId> id) {
        String table = (controlDatabase.isEmpty() ? "" : Identifiers.backtick(controlDatabase) + ".") + Identifiers.backtick(TABLE);
        return "DELETE FROM " + table + " WHERE task = " + Identifiers.literal(task)
                + id.map(t -> " AND source_schema = " + Identifiers.literal(t.schema()) + " AND source_table = " + Identifiers.literal(t.name()))
                .orElse("");
    }

    void ensureTable(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + table + " (task VARCHAR(128) NOT NULL, source_schema VARCHAR(255) NOT NULL,"
                    + " source_table VARCHAR(255) NOT NULL, phase VARCHAR(16) NOT NULL, base_high BIGINT NOT NULL,"
                    + " base_open LONGTEXT NOT NULL, window_high BIGINT NULL, window_open LONGTEXT NULL, cursor_id BIGINT NOT NULL,"
                    + " snapshot_key LONGTEXT NULL, snapshot_rows BIGINT NOT NULL, last_data_id BIGINT NOT NULL,"
                    + " last_transaction_id BIGINT NOT NULL, last_source_time DATETIME(6) NULL, rows_applied BIGINT NOT NULL,"
                    + " batches_applied BIGINT NOT NULL, paused BOOLEAN NOT NULL, updated_at DATETIME(6) NOT NULL,"
                    + " version BIGINT NOT NULL DEFAULT 1, schema_version INT NOT NULL DEFAULT 1,"
                    + " PRIMARY KEY (task, source_schema, source_table)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin");
            addColumn(c, s, "version", "BIGINT NOT NULL DEFAULT 1");
            addColumn(c, s, "schema_version", "INT NOT NULL DEFAULT 1");
        }
    }

    /** Position tables of earlier releases lack later columns; their rows take the column's default. */
    private void addColumn(Connection c, Statement s, String column, String definition) throws SQLException {
        try (ResultSet rs = c.getMetaData().getColumns(controlDatabase, null, TABLE, column)) {
            if (rs.next()) {
                return;
            }
        }
        try {
            s.execute("ALTER TABLE " + table + " ADD COLUMN " + column + " " + definition);
        } catch (SQLException e) {
            try (ResultSet rs = c.getMetaData().getColumns(controlDatabase, null, TABLE, column)) {
                if (!rs.next()) {
                    throw e;
                } // else another replica added it at the same moment
            }
        }
    }

    Optional<Position> load(Connection c, TableId id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + PositionColumns.LIST + ", version FROM " + table
                + " WHERE task = ? AND source_schema = ? AND source_table = ?")) {
            ps.setString(1, task);
            ps.setString(2, id.schema());
            ps.setString(3, id.name());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(PositionColumns.read(rs, id)) : Optional.empty();
            }
        }
    }

    List<Position> list(Connection c) throws SQLException {
        List<Position> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT source_schema, source_table, " + PositionColumns.LIST + ", version FROM " + table
                + " WHERE task = ? ORDER BY source_schema, source_table")) {
            ps.setString(1, task);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(PositionColumns.read(rs, new TableId(rs.getString("source_schema"), rs.getString("source_table"))));
                }
            }
        }
        return out;
    }

    /**
     * Stores the position in the caller's transaction and returns it with its new revision: an insert
     * for a position not stored yet, else an update over the revision it was read as.
     *
     * @throws StalePositionException when another process stored the table's position meanwhile
     */
    Position save(Connection c, Position p) throws SQLException {
        return p.revision() == 0 ? insert(c, p) : update(c, p);
    }

    private Position insert(Connection c, Position p) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + table + " (" + PositionColumns.LIST + ", task, source_schema, source_table,"
                + " version, updated_at) VALUES (" + "?, ".repeat(PositionColumns.STORED.length + 3) + "1, UTC_TIMESTAMP(6))")) {
            PositionColumns.bind(ps, p, task);
            ps.executeUpdate();
        } catch (SQLIntegrityConstraintViolationException e) {
            throw new StalePositionException(p.table(), 0);
        }
        return p.stored(1);
    }

    private Position update(Connection c, Position p) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE " + table + " SET " + String.join(" = ?, ", PositionColumns.STORED)
                + " = ?, updated_at = UTC_TIMESTAMP(6), version = version + 1"
                + " WHERE task = ? AND source_schema = ? AND source_table = ? AND version = ?")) {
            ps.setLong(PositionColumns.bind(ps, p, task), p.revision());
            if (ps.executeUpdate() == 0) {
                throw new StalePositionException(p.table(), p.revision());
            }
        }
        return p.stored(p.revision() + 1);
    }

    /** Removes the task's position of one table; returns whether there was one. */
    boolean delete(Connection c, TableId id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE task = ? AND source_schema = ? AND source_table = ?")) {
            ps.setString(1, task);
            ps.setString(2, id.schema());
            ps.setString(3, id.name());
            return ps.executeUpdate() > 0;
        }
    }

    /**
     * The name of the server-wide lock that fences DDL on the table's target (see DdlFence): one per
     * position row, hashed to stay within the 64 characters MySQL allows a lock name.
     */
    public String lockName(TableId id) {
        String row = String.join("\u0000", controlDatabase, task, id.schema(), id.name());
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(row.getBytes(StandardCharsets.UTF_8));
            return "hanacdc-ddl:" + HexFormat.of().formatHex(hash, 0, 20);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
        }
    }

    int deleteTask(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE task = ?")) {
            ps.setString(1, task);
            return ps.executeUpdate();
        }
    }
}
