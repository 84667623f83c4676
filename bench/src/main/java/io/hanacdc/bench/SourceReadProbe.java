package io.hanacdc.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;

/**
 * Source-side reference for (2): how fast plain JDBC reads a CDC backlog the way hana-cdc's batch
 * query does — id-ordered batches of batch-size rows by keyset, fetch size 1000, the same getters —
 * with nothing written anywhere. Together with the raw target baseline it tells where streaming
 * time goes: a loop that reads a batch and then writes it, with no overlap, cannot beat
 * 1 / (1/read + 1/write).
 */
public final class SourceReadProbe {
    private SourceReadProbe() {}

    /** Rows per second reading every row of hanacdc."public$&lt;table&gt;". */
    public static double rowsPerSecond(Connection c, String table, int batchSize) throws SQLException {
        Databases.exec(c, "SET TIME ZONE 'UTC'");
        String select = "SELECT \"__$DATA_ID\", \"__$TRIGGER_ID\", \"__$TRANSACTION_ID\", \"__$CREATE_TIME\", \"__$OPERATION\", "
                + OrdersShape.COLUMNS + " FROM hanacdc.\"public$" + table + "\"";
        long rows = 0;
        long cursor = 0;
        long t0 = System.nanoTime();
        try (Statement s = c.createStatement()) {
            s.setFetchSize(Math.min(batchSize, 1000));
            while (true) {
                int n = 0;
                try (ResultSet rs = s.executeQuery(select + " WHERE \"__$DATA_ID\" > " + cursor
                        + " ORDER BY \"__$DATA_ID\" LIMIT " + batchSize)) {
                    while (rs.next()) {
                        cursor = rs.getLong(1);
                        rs.getInt(2);
                        rs.getLong(3);
                        rs.getObject(4, LocalDateTime.class);
                        rs.getInt(5);
                        rs.getLong(6);
                        rs.getInt(7);
                        rs.getString(8);
                        rs.getBigDecimal(9);
                        rs.getObject(10, LocalDateTime.class);
                        rs.getString(11);
                        rs.getBoolean(12);
                        rs.getInt(13);
                        n++;
                    }
                }
                rows += n;
                if (n < batchSize) {
                    break;
                }
            }
        }
        return rows / ((System.nanoTime() - t0) / 1e9);
    }
}
