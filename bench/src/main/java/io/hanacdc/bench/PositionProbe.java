package io.hanacdc.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** hana-cdc's progress in MariaDB: its position table, committed in the same transaction as the rows. */
public final class PositionProbe implements Progress {
    private final Connection c;
    private PreparedStatement ps;

    public PositionProbe(Databases dbs, String targetDb) throws SQLException {
        this.c = dbs.mysql(targetDb);
    }

    @Override
    public Totals read() throws SQLException {
        if (ps == null) {
            // Ask the catalog first: querying a missing table makes the driver log a warning per poll.
            String exists = Databases.scalar(c, "SELECT COUNT(*) FROM information_schema.tables"
                    + " WHERE table_schema = DATABASE() AND table_name = 'hanacdc_position'");
            if ("0".equals(exists)) {
                return Totals.NONE;
            }
            ps = c.prepareStatement("SELECT COUNT(*), COALESCE(SUM(phase = 'STREAMING'), 0), COALESCE(SUM(snapshot_rows), 0),"
                    + " COALESCE(SUM(rows_applied), 0), COALESCE(MAX(last_data_id), 0) FROM hanacdc_position"
                    + " WHERE task = 'bench' AND source_schema = 'public'");
        }
        try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            return new Totals(rs.getInt(1), rs.getInt(2), rs.getLong(3), rs.getLong(4), rs.getLong(5));
        }
    }

    @Override
    public void close() throws SQLException {
        c.close();
    }
}
