package io.hanacdc.capture;

import static io.hanacdc.source.CdcColumns.CAPTURE_REGISTRY;

import io.hanacdc.control.ControlSql;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The registry of installed capture and of the tasks subscribed to it, kept in the CDC schema.
 * Writes are returned as SQL text so they run inside the same atomic unit as the DDL they record.
 */
final class CaptureRegistry {
    record Entry(TableId table, int captureVersion, String columns) {}

    private final ControlSql sql;
    private final CaptureNames names;

    CaptureRegistry(SourceDialect dialect, CaptureNames names) {
        this.sql = new ControlSql(dialect, names);
        this.names = names;
    }

    /** The captured shape: columns and types, and the capture mode, so a changed shape or mode is noticed. */
    static String describeColumns(SourceTable t, boolean keysOnly) {
        return (keysOnly ? CaptureInstaller.KEYS_ONLY : "") + t.columns().stream().map(c -> c.name() + " " + c.sourceType()).collect(Collectors.joining(", "));
    }

    String insertSql(SourceTable t, boolean keysOnly, int captureVersion, boolean createdSchema) {
        return sql.registryInsert(t.id(), captureVersion, describeColumns(t, keysOnly), createdSchema);
    }

    /** The registry row after a move to a new capture version. */
    String updateSql(SourceTable t, boolean keysOnly, int captureVersion) {
        return sql.registryUpdate(t.id(), captureVersion, describeColumns(t, keysOnly));
    }

    /** The table's capture version as committed (0: not captured), without locking its row. */
    int captureVersion(Connection c, TableId id) throws SQLException {
        return count(c, sql.registryVersion(id, false));
    }

    /** Locks the table's registry row for the rest of the transaction and returns its capture version. */
    int lockCaptureVersion(Connection c, TableId id) throws SQLException {
        return count(c, sql.registryVersion(id, true));
    }

    String deleteSql(TableId id) {
        return sql.registryDelete(id);
    }

    String subscribeSql(String task, TableId id) {
        return sql.subscribe(task, id);
    }

    String unsubscribeSql(String task) {
        return sql.unsubscribe(task);
    }

    String unsubscribeSql(String task, TableId id) {
        return sql.unsubscribe(task, id);
    }

    boolean exists(Connection c) throws SQLException {
        try (ResultSet rs = c.getMetaData().getTables(null, names.cdcSchema(), CAPTURE_REGISTRY, null)) {
            return rs.next();
        }
    }

    Map<TableId, Entry> entries(Connection c) throws SQLException {
        Map<TableId, Entry> out = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql.registryEntries());
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                TableId id = new TableId(rs.getString(1), rs.getString(2));
                out.put(id, new Entry(id, rs.getInt(3), rs.getString(4)));
            }
        }
        return out;
    }

    boolean schemaCreatedByUs(Connection c) throws SQLException {
        return count(c, sql.registrySchemaCreated()) > 0;
    }

    boolean isSubscribed(Connection c, String task, TableId id) throws SQLException {
        return count(c, sql.subscriptionCount(task, id)) > 0;
    }

    /**
     * @param mine         the task's subscriptions, each with the data id up to which it last published its rows applied (0: never)
     * @param unsubscribed the captured tables no task subscribes to
     */
    record Subscriptions(Map<TableId, Long> mine, List<TableId> unsubscribed) {}

    /** The task's subscriptions and the captured tables no task subscribes to, in one statement. */
    Subscriptions subscriptions(Connection c, String task) throws SQLException {
        Subscriptions out = new Subscriptions(new LinkedHashMap<>(), new ArrayList<>());
        try (PreparedStatement ps = c.prepareStatement(sql.subscriptionsOfAndUnsubscribed())) {
            ps.setString(1, task);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    TableId id = new TableId(rs.getString(1), rs.getString(2));
                    if (rs.getString(3) != null) {
                        out.mine().put(id, rs.getLong(4));
                    } else {
                        out.unsubscribed().add(id);
                    }
                }
            }
        }
        return out;
    }

    /** The tasks subscribed to the table. */
    List<String> subscribers(Connection c, TableId id) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql.subscribers())) {
            ps.setString(1, id.schema());
            ps.setString(2, id.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    int subscriberCount(Connection c, TableId id) throws SQLException {
        return count(c, sql.subscriberCount(id));
    }

    /** The first column of the only row as a number, 0 when there is no row. */
    private static int count(Connection c, String query) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(query); ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getInt(1) : 0;
        }
    }
}
