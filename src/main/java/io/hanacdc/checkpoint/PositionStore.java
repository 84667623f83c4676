package io.hanacdc.checkpoint;

import io.hanacdc.checkpoint.Position.Phase;
import io.hanacdc.schema.TableId;
import io.hanacdc.sql.Identifiers;
import io.hanacdc.stream.StreamRange;
import io.hanacdc.stream.Watermark;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Positions in the target's control table, one row per (task, source table). */
public final class PositionStore {
    private static final String COLUMNS = "phase, base_high, base_open, window_high, window_open, cursor_id, snapshot_key, snapshot_rows,"
            + " last_data_id, last_transaction_id, last_source_time, rows_applied, batches_applied, paused";
    private final String table;
    private final String task;

    public PositionStore(String controlDatabase, String task) {
        this.table = Identifiers.backtick(controlDatabase) + "." + Identifiers.backtick("hanacdc_position");
        this.task = task;
    }

    public void ensureTable(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS " + table + " (task VARCHAR(128) NOT NULL, source_schema VARCHAR(255) NOT NULL,"
                    + " source_table VARCHAR(255) NOT NULL, phase VARCHAR(16) NOT NULL, base_high BIGINT NOT NULL,"
                    + " base_open LONGTEXT NOT NULL, window_high BIGINT NULL, window_open LONGTEXT NULL, cursor_id BIGINT NOT NULL,"
                    + " snapshot_key LONGTEXT NULL, snapshot_rows BIGINT NOT NULL, last_data_id BIGINT NOT NULL,"
                    + " last_transaction_id BIGINT NOT NULL, last_source_time DATETIME(6) NULL, rows_applied BIGINT NOT NULL,"
                    + " batches_applied BIGINT NOT NULL, paused BOOLEAN NOT NULL, updated_at DATETIME(6) NOT NULL,"
                    + " PRIMARY KEY (task, source_schema, source_table)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin");
        }
    }

    public Optional<Position> load(Connection c, TableId id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT " + COLUMNS + " FROM " + table
                + " WHERE task = ? AND source_schema = ? AND source_table = ?")) {
            ps.setString(1, task);
            ps.setString(2, id.schema());
            ps.setString(3, id.name());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(read(rs, id)) : Optional.empty();
            }
        }
    }

    public List<Position> list(Connection c) throws SQLException {
        List<Position> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT source_schema, source_table, " + COLUMNS + " FROM " + table
                + " WHERE task = ? ORDER BY source_schema, source_table")) {
            ps.setString(1, task);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(read(rs, new TableId(rs.getString("source_schema"), rs.getString("source_table"))));
                }
            }
        }
        return out;
    }

    private static Position read(ResultSet rs, TableId id) throws SQLException {
        Watermark base = Watermark.decode(rs.getLong("base_high"), rs.getString("base_open"));
        long windowHigh = rs.getLong("window_high");
        Watermark window = rs.wasNull() ? null : Watermark.decode(windowHigh, rs.getString("window_open"));
        return new Position(id, Phase.valueOf(rs.getString("phase")), new StreamRange(base, window, rs.getLong("cursor_id")),
                rs.getString("snapshot_key"), rs.getLong("snapshot_rows"), rs.getLong("last_data_id"),
                rs.getLong("last_transaction_id"), rs.getObject("last_source_time", LocalDateTime.class),
                rs.getLong("rows_applied"), rs.getLong("batches_applied"), rs.getBoolean("paused"));
    }

    /** Inserts or replaces the position; runs in the caller's transaction. */
    public void save(Connection c, Position p) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("REPLACE INTO " + table + " (task, source_schema, source_table, " + COLUMNS
                + ", updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(6))")) {
            StreamRange r = p.range();
            int i = 1;
            ps.setString(i++, task);
            ps.setString(i++, p.table().schema());
            ps.setString(i++, p.table().name());
            ps.setString(i++, p.phase().name());
            ps.setLong(i++, r.base().high());
            ps.setString(i++, r.base().encodeOpen());
            ps.setObject(i++, r.window() == null ? null : r.window().high());
            ps.setString(i++, r.window() == null ? null : r.window().encodeOpen());
            ps.setLong(i++, r.cursor());
            ps.setString(i++, p.snapshotKey());
            ps.setLong(i++, p.snapshotRows());
            ps.setLong(i++, p.lastDataId());
            ps.setLong(i++, p.lastTransactionId());
            ps.setObject(i++, p.lastSourceTime());
            ps.setLong(i++, p.rowsApplied());
            ps.setLong(i++, p.batchesApplied());
            ps.setBoolean(i, p.paused());
            ps.executeUpdate();
        }
    }

    public int deleteTask(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE task = ?")) {
            ps.setString(1, task);
            return ps.executeUpdate();
        }
    }
}
