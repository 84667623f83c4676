package io.hanacdc.capture;

import static io.hanacdc.source.CdcColumns.CREATE_TIME;
import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.SUBSCRIPTIONS;

import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Deletes CDC rows that every subscribed task has applied. Each task publishes, per table, the
 * lowest data id it may still need (purge_before in the subscription table, on the source where all
 * tasks can see it); rows below every subscriber's bound and older than the retention go, in chunks
 * of bounded size. A task that subscribed but never published holds the purge back: its rows are kept.
 */
public final class CdcPurger {
    private final SourceDialect dialect;
    private final String subscriptions;
    private final String task;
    private final Duration retention;
    private final int chunk;

    public CdcPurger(SourceDialect dialect, CaptureNames names, String task, Duration retention, int chunk) {
        this.dialect = dialect;
        this.subscriptions = dialect.qualified(names.cdcSchema(), SUBSCRIPTIONS);
        this.task = task;
        this.retention = retention;
        this.chunk = chunk;
    }

    /** Publishes this task's bound for the table, then purges its capture tables below every subscriber's bound; returns rows deleted. */
    public long purge(Connection c, TableId table, long neededFrom, List<String> captureTables) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE " + subscriptions + " SET purge_before = ? WHERE task = ?"
                + " AND source_schema = ? AND source_table = ?")) {
            ps.setLong(1, neededFrom);
            ps.setString(2, task);
            ps.setString(3, table.schema());
            ps.setString(4, table.name());
            ps.executeUpdate();
        }
        long bound;
        try (PreparedStatement ps = c.prepareStatement("SELECT MIN(purge_before), COUNT(*) - COUNT(purge_before) FROM " + subscriptions
                + " WHERE source_schema = ? AND source_table = ?")) {
            ps.setString(1, table.schema());
            ps.setString(2, table.name());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                bound = rs.getLong(1);
                if (rs.getLong(2) > 0) {
                    return 0; // a subscriber has not said what it still needs
                }
            }
        }
        LocalDateTime cutoff = LocalDateTime.now(ZoneOffset.UTC).minus(retention);
        long deleted = 0;
        for (String t : captureTables) {
            deleted += purgeTable(c, t, bound, cutoff);
        }
        return deleted;
    }

    private long purgeTable(Connection c, String table, long bound, LocalDateTime cutoff) throws SQLException {
        String id = dialect.quote(DATA_ID);
        String old = id + " < ? AND " + dialect.quote(CREATE_TIME) + " < ?";
        String chunkEnd = "SELECT MAX(" + id + ") FROM (SELECT " + id + " FROM " + table + " WHERE " + old
                + " ORDER BY " + id + " LIMIT " + chunk + ") x";
        String delete = "DELETE FROM " + table + " WHERE " + id + " <= ? AND " + old;
        long deleted = 0;
        while (true) {
            long end;
            try (PreparedStatement ps = c.prepareStatement(chunkEnd)) {
                ps.setLong(1, bound);
                ps.setObject(2, cutoff);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    end = rs.getLong(1);
                    if (rs.wasNull()) {
                        return deleted;
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement(delete)) {
                ps.setLong(1, end);
                ps.setLong(2, bound);
                ps.setObject(3, cutoff);
                int n = ps.executeUpdate();
                deleted += n;
                if (n == 0) {
                    return deleted;
                }
            }
        }
    }
}
