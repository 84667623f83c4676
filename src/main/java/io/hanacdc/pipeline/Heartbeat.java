package io.hanacdc.pipeline;

import io.hanacdc.control.ControlSql;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The task's heartbeat row on the source: captured and replicated like any table's, it keeps idle lag honest. */
final class Heartbeat {
    private static final Logger LOG = LoggerFactory.getLogger(Heartbeat.class);
    /**
     * Failed writes in a row before a warning: its route logs each failure at DEBUG only, since a source that is down is
     * reported by every table; a heartbeat alone refused (its table's rights, a trigger) would otherwise go unseen.
     */
    static final int WARN_AFTER = 3;
    private final ControlSql control;
    private final SourceTable table;
    private final String task;
    private int failures;

    Heartbeat(SourceDialect dialect, CaptureNames names, String task) {
        this.control = new ControlSql(dialect, names);
        this.table = dialect.captureSql(names).heartbeatTable();
        this.task = task;
    }

    /** The heartbeat table, as the task runs it. */
    TableId table() {
        return table.id();
    }

    /** Writes the row with the time now: an update, or the first insert. Only the maintenance route's thread calls it. */
    void write(DataSource source) throws SQLException {
        try {
            upsert(source);
        } catch (SQLException e) {
            if (++failures == WARN_AFTER) {
                LOG.warn("the heartbeat row in {} was not written {} times in a row: {}. Its age on the target, the end-to-end delay, grows"
                        + " meanwhile; unless the source is down, the source user needs INSERT and UPDATE on it", table.id(), failures, e.getMessage());
            }
            throw e;
        }
        if (failures >= WARN_AFTER) {
            LOG.info("the heartbeat row in {} is written again", table.id());
        }
        failures = 0;
    }

    private void upsert(DataSource source) throws SQLException {
        LocalDateTime now = LocalDateTime.now(ZoneOffset.UTC);
        try (Connection c = source.getConnection(); PreparedStatement update = c.prepareStatement(control.heartbeatUpdate(table))) {
            update.setObject(1, now);
            update.setString(2, task);
            if (update.executeUpdate() == 0) {
                try (PreparedStatement insert = c.prepareStatement(control.heartbeatInsert(table))) {
                    insert.setString(1, task);
                    insert.setObject(2, now);
                    insert.executeUpdate();
                }
            }
        }
    }
}
