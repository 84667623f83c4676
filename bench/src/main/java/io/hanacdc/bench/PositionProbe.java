package io.hanacdc.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** hana-cdc's progress in a database target (MariaDB, PostgreSQL): its position table, committed in the same transaction as the rows. */
public final class PositionProbe implements Progress {
    private final Connection c;
    /** The catalog query that says whether the position table exists yet in the connection's database or schema. */
    private final String exists;
    private PreparedStatement ps;

    private PositionProbe(Connection c, String currentSchema) {
        this.c = c;
        this.exists = "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = " + currentSchema + " AND table_name = 'hanacdc_position'";
    }

    /** The positions in a MariaDB target database. */
    public PositionProbe(Databases dbs, String targetDb) throws SQLException {
        this(dbs.mysql(targetDb), "DATABASE()");
    }

    /** The positions in a PostgreSQL target database (the URL's current schema, the product's default control schema). */
    public static PositionProbe postgres(Databases dbs, String targetDb) throws SQLException {
        return new PositionProbe(dbs.pg(targetDb), "current_schema()");
    }

    @Override
    public Totals read() throws SQLException {
        if (ps == null) {
            // Ask the catalog first: querying a missing table makes the driver log a warning per poll.
            if ("0".equals(Databases.scalar(c, exists))) {
                return Totals.NONE;
            }
            ps = c.prepareStatement("SELECT COUNT(*), COALESCE(SUM(CASE WHEN phase = 'STREAMING' THEN 1 ELSE 0 END), 0),"
                    + " COALESCE(SUM(snapshot_rows), 0), COALESCE(SUM(rows_applied), 0), COALESCE(MAX(last_data_id), 0) FROM hanacdc_position"
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
