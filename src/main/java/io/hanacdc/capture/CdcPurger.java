package io.hanacdc.capture;

import static io.hanacdc.source.CdcColumns.CREATE_TIME;
import static io.hanacdc.source.CdcColumns.DATA_ID;

import io.hanacdc.control.ControlSql;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.BatchPredicate;
import io.hanacdc.watermark.Watermark;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Deletes CDC rows that every subscribed task has applied. Each task publishes, per table, the base
 * of its applied position (purge_high and purge_open in the subscription table, on the source where
 * all tasks see it): a row is applied by that task when its id is at most the high mark and its
 * transaction is not in the open set. The purge deletes rows applied by every subscriber, naming the
 * open transactions explicitly — so a transaction that commits during the purge keeps its rows — and
 * only rows older than the retention, in chunks of bounded size. A task that subscribed but never
 * published holds the purge back.
 */
public final class CdcPurger {
    private final SourceDialect dialect;
    private final BatchPredicate predicate;
    private final ControlSql control;
    private final String task;
    private final Duration retention;
    private final int chunk;

    public CdcPurger(SourceDialect dialect, CaptureNames names, String task, Duration retention, int chunk) {
        this.dialect = dialect;
        this.predicate = new BatchPredicate(dialect);
        this.control = new ControlSql(dialect, names);
        this.task = task;
        this.retention = retention;
        this.chunk = chunk;
    }

    /** Publishes this task's applied base for the table, then purges its capture tables; returns rows deleted. */
    public long purge(Connection c, TableId table, Watermark applied, List<String> captureTables) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(control.publishApplied())) {
            ps.setLong(1, applied.high());
            ps.setString(2, applied.encodeOpen());
            ps.setString(3, task);
            ps.setString(4, table.schema());
            ps.setString(5, table.name());
            ps.executeUpdate();
        }
        Watermark everyone = appliedByAll(c, table);
        if (everyone == null) {
            return 0;
        }
        String deletable = predicate.safe(everyone);
        LocalDateTime cutoff = LocalDateTime.now(ZoneOffset.UTC).minus(retention);
        long deleted = 0;
        for (String t : captureTables) {
            deleted += purgeTable(c, t, deletable, cutoff);
        }
        return deleted;
    }

    /** What all subscribers have applied: the lowest high mark, with every open transaction of any of them; null if one has not published. */
    private Watermark appliedByAll(Connection c, TableId table) throws SQLException {
        long high = Long.MAX_VALUE;
        long openFrom = Watermark.NO_BOUND;
        Set<Long> open = new TreeSet<>();
        try (PreparedStatement ps = c.prepareStatement(control.appliedBases(false))) {
            ps.setString(1, table.schema());
            ps.setString(2, table.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    long h = rs.getLong(1);
                    if (rs.wasNull()) {
                        return null; // a subscriber has not said what it applied
                    }
                    Watermark w = Watermark.decode(h, rs.getString(2));
                    high = Math.min(high, h);
                    openFrom = Math.min(openFrom, w.openFrom());
                    for (long t : w.open()) {
                        open.add(t);
                    }
                }
            }
        }
        return high == Long.MAX_VALUE ? null : new Watermark(high, open.stream().mapToLong(Long::longValue).toArray(), openFrom);
    }

    private long purgeTable(Connection c, String table, String deletable, LocalDateTime cutoff) throws SQLException {
        String id = dialect.quote(DATA_ID);
        String old = deletable + " AND " + dialect.quote(CREATE_TIME) + " < ?";
        String chunkEnd = "SELECT MAX(" + id + ") FROM (SELECT " + id + " FROM " + table + " WHERE " + old
                + " ORDER BY " + id + dialect.limit(chunk) + ") x";
        String delete = "DELETE FROM " + table + " WHERE " + id + " <= ? AND " + old;
        long deleted = 0;
        while (true) {
            long end;
            try (PreparedStatement ps = c.prepareStatement(chunkEnd)) {
                ps.setObject(1, cutoff);
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
                ps.setObject(2, cutoff);
                int n = ps.executeUpdate();
                deleted += n;
                if (n == 0) {
                    return deleted;
                }
            }
        }
    }
}
