package io.hanacdc.capture;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.control.ControlSql;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The schema-history table: one row per capture version of each table, its layout stored as JSON. */
public final class CaptureVersionStore {
    private record Column(SourceColumn column, String cdc, Long id) {}

    /** {@code state}: null while capturing (so layouts written before it existed read as capturing), else the state's name. */
    private record Layout(List<Column> columns, List<String> primaryKey, String state) {}

    /** Compact: zeros, nulls and falses are left out (a 300-column layout stays small). */
    private static final ObjectMapper JSON = new ObjectMapper().setSerializationInclusion(JsonInclude.Include.NON_DEFAULT);
    private final ControlSql sql;

    public CaptureVersionStore(SourceDialect dialect, CaptureNames names) {
        this.sql = new ControlSql(dialect, names);
    }

    /** Every recorded version of the table, oldest first. */
    public List<CaptureVersion> load(Connection c, TableId id) throws SQLException {
        List<CaptureVersion> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql.versionsOf())) {
            ps.setString(1, id.schema());
            ps.setString(2, id.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(decode(id, rs.getInt(1), rs.getString(2), rs.getLong(3), rs.getLong(4)));
                }
            }
        }
        return out;
    }

    /** Records a version in the caller's transaction. */
    public void insert(Connection c, CaptureVersion v) throws SQLException {
        TableId id = v.layout().table().id();
        try (PreparedStatement ps = c.prepareStatement(sql.versionInsert())) {
            ps.setString(1, id.schema());
            ps.setString(2, id.name());
            ps.setInt(3, v.number());
            ps.setString(4, encode(v));
            ps.setLong(5, v.tableOid());
            ps.setLong(6, v.switchHigh());
            ps.executeUpdate();
        }
    }

    /** Fills in the object and column ids of a version recorded without them (installed from install --print-sql). */
    public void recordIds(Connection c, CaptureVersion v) throws SQLException {
        TableId id = v.layout().table().id();
        try (PreparedStatement ps = c.prepareStatement(sql.versionIdsUpdate())) {
            ps.setString(1, encode(v));
            ps.setLong(2, v.tableOid());
            ps.setString(3, id.schema());
            ps.setString(4, id.name());
            ps.setInt(5, v.number());
            ps.executeUpdate();
        }
    }

    /** The insert of a version with its values inlined, for install --print-sql. */
    public String insertSql(CaptureVersion v) {
        return sql.versionInsert(inlined(v), Long.toString(v.switchHigh()), false);
    }

    /** The insert of a version whose switch point is H as the statement runs ({@link io.hanacdc.source.SourceDialect#highWaterMark}), for a DBA's script. */
    String insertSql(CaptureVersion v, String highWaterMark) {
        return sql.versionInsert(inlined(v), highWaterMark, true);
    }

    private static String inlined(CaptureVersion v) {
        TableId id = v.layout().table().id();
        return Identifiers.literal(id.schema()) + ", " + Identifiers.literal(id.name()) + ", " + v.number() + ", "
                + Identifiers.literal(encode(v)) + ", " + v.tableOid();
    }

    /** Removes every version of the table, with its capture: a table captured again later starts at version 1. */
    String deleteSql(TableId id) {
        return sql.versionsDelete(id);
    }

    static String encode(CaptureVersion v) {
        SourceTable t = v.layout().table();
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < t.columns().size(); i++) {
            SourceColumn c = t.columns().get(i);
            columns.add(new Column(c, v.layout().cdcColumns().get(i), v.columnIds().get(c.name())));
        }
        try {
            return JSON.writeValueAsString(new Layout(columns, t.primaryKey(),
                    v.state() == CaptureVersion.State.CAPTURING ? null : v.state().name().toLowerCase(Locale.ROOT)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static CaptureVersion decode(TableId id, int captureVersion, String json, long oid, long switchHigh) {
        try {
            Layout layout = JSON.readValue(json, Layout.class);
            Map<String, Long> ids = new HashMap<>();
            layout.columns().stream().filter(c -> c.id() != null).forEach(c -> ids.put(c.column().name(), c.id()));
            SourceTable t = new SourceTable(id, layout.columns().stream().map(Column::column).toList(), layout.primaryKey());
            return new CaptureVersion(new CaptureLayout(t, captureVersion, layout.columns().stream().map(Column::cdc).toList()),
                    ids, oid, switchHigh, layout.state() == null ? CaptureVersion.State.CAPTURING
                    : CaptureVersion.State.valueOf(layout.state().toUpperCase(Locale.ROOT)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("schema history of " + id + " version " + captureVersion + " is unreadable: " + e.getMessage(), e);
        }
    }
}
