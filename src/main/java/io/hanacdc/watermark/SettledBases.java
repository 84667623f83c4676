package io.hanacdc.watermark;

import io.hanacdc.control.ControlSql;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Reads what the tasks subscribed to a table have settled, from the bases they publish for the purge
 * (see CdcPurger). A base with no open transaction is one a gap-probing task reached: every data id
 * up to it was probed for the table's capture tables — filled, or held by a committed row — so no
 * transaction can still hold one. A base with open transactions says nothing of ids below it.
 */
public final class SettledBases {
    private final ControlSql control;

    public SettledBases(SourceDialect dialect, CaptureNames names) {
        this.control = new ControlSql(dialect, names);
    }

    /** The highest such base published for the table; 0 if there is none. */
    public long settledHigh(Connection c, TableId table) throws SQLException {
        long settled = 0;
        try (PreparedStatement ps = c.prepareStatement(control.appliedBases(true))) {
            ps.setString(1, table.schema());
            ps.setString(2, table.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    Watermark base = Watermark.decode(rs.getLong(1), rs.getString(2));
                    if (base.open().length == 0 && base.openFrom() == Watermark.NO_BOUND) {
                        settled = Math.max(settled, base.high());
                    }
                }
            }
        }
        return settled;
    }
}
