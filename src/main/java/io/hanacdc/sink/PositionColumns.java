package io.hanacdc.sink;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.Position.Phase;
import io.hanacdc.schema.TableId;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;

/**
 * A position as the columns of a database target's positions table, the same on every such target (each home writes
 * the table's DDL and statements in its own SQL): the stored columns in order, read from a row and bound to a statement.
 */
public final class PositionColumns {
    public static final String[] STORED = {"phase", "base_high", "base_open", "window_high", "window_open", "cursor_id",
            "snapshot_key", "snapshot_rows", "last_data_id", "last_transaction_id", "last_source_time", "rows_applied",
            "batches_applied", "paused", "schema_version"};
    /** The stored columns, comma-separated. */
    public static final String LIST = String.join(", ", STORED);

    private PositionColumns() {}

    /** The position of the row, which holds the stored columns and {@code version}. */
    public static Position read(ResultSet rs, TableId id) throws SQLException {
        Watermark base = Watermark.decode(rs.getLong("base_high"), rs.getString("base_open"));
        long windowHigh = rs.getLong("window_high");
        Watermark window = rs.wasNull() ? null : Watermark.decode(windowHigh, rs.getString("window_open"));
        return new Position(id, Phase.valueOf(rs.getString("phase")), new StreamRange(base, window, rs.getLong("cursor_id")),
                rs.getString("snapshot_key"), rs.getLong("snapshot_rows"), rs.getLong("last_data_id"),
                rs.getLong("last_transaction_id"), rs.getObject("last_source_time", LocalDateTime.class),
                rs.getLong("rows_applied"), rs.getLong("batches_applied"), rs.getBoolean("paused"), rs.getLong("version"), rs.getInt("schema_version"));
    }

    /** Binds the stored columns from parameter 1, then task, schema and table; returns the next parameter index. */
    public static int bind(PreparedStatement ps, Position p, String task) throws SQLException {
        StreamRange r = p.range();
        int i = 1;
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
        ps.setBoolean(i++, p.paused());
        ps.setInt(i++, p.captureVersion());
        ps.setString(i++, task);
        ps.setString(i++, p.table().schema());
        ps.setString(i++, p.table().name());
        return i;
    }
}
