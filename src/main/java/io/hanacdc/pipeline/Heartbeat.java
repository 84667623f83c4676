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

/** The task's heartbeat row on the source: captured and replicated like any table's, it keeps idle lag honest. */
final class Heartbeat {
    private final ControlSql control;
    private final SourceTable table;
    private final String task;

    Heartbeat(SourceDialect dialect, CaptureNames names, String task) {
        this.control = new ControlSql(dialect, names);
        this.table = dialect.captureSql(names).heartbeatTable();
        this.task = task;
    }

    /** The heartbeat table, as the task runs it. */
    TableId table() {
        return table.id();
    }

    /** Writes the row with the time now: an update, or the first insert. */
    void write(DataSource source) throws SQLException {
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
