package io.hanacdc.pipeline;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.common.CdcException;
import io.hanacdc.source.CdcColumns;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import io.hanacdc.watermark.WatermarkReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** What an operator can do to one table while it runs. Each runs on the table's own thread, between batches. */
public final class TableCommands {
    /** One command: the new position, given the current one. */
    public interface Command {
        Position apply(Context ctx, Connection source, Position current) throws SQLException;
    }

    /** What commands may use besides a source connection. */
    record Context(SourceDialect dialect, WatermarkReader watermarks, String cdcTable) {}

    private TableCommands() {}

    public static Command pause() {
        return (ctx, source, p) -> p.withPaused(true);
    }

    public static Command resume() {
        return (ctx, source, p) -> p.withPaused(false);
    }

    /** Re-copy the table while streaming continues (see Resnapshot). */
    public static Command resnapshot() {
        return (ctx, source, p) -> {
            if (p.phase() == Position.Phase.SNAPSHOT) {
                throw new CdcException("table " + p.table() + " is still in its initial load");
            }
            return p.resnapshot();
        };
    }

    /** Skip every change captured so far; changes of transactions still open are applied when they commit. */
    public static Command resetToLatest() {
        return (ctx, source, p) -> streamingFrom(p, ctx.watermarks().now(source));
    }

    /** Apply the changes with data ids above the given one; those at or below count as applied. */
    public static Command resetToDataId(long dataId) {
        if (dataId < 0) {
            throw new CdcException("dataId must not be negative: " + dataId);
        }
        return (ctx, source, p) -> streamingFrom(p, new Watermark(dataId, new long[0]));
    }

    /** Apply the changes captured after the given source time (UTC). */
    public static Command resetToTime(Instant time) {
        return (ctx, source, p) -> {
            String id = ctx.dialect().quote(CdcColumns.DATA_ID);
            String sql = "SELECT COALESCE(MAX(" + id + "), 0) FROM " + ctx.cdcTable() + " WHERE " + ctx.dialect().quote(CdcColumns.CREATE_TIME) + " <= ?";
            try (PreparedStatement ps = source.prepareStatement(sql)) {
                ps.setObject(1, LocalDateTime.ofInstant(time, ZoneOffset.UTC));
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return streamingFrom(p, new Watermark(rs.getLong(1), new long[0]));
                }
            }
        };
    }

    private static Position streamingFrom(Position p, Watermark base) {
        if (p.phase() == Position.Phase.SNAPSHOT) {
            throw new CdcException("table " + p.table() + " is still in its initial load: wait for it, then reset");
        }
        return p.withRange(StreamRange.at(base));
    }
}
