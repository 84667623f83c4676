package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.OPERATION;

import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * How many CDC rows a table's capture tables hold above a data id: the rows a task has not applied.
 * Counted up to a bound, so watching a table that grows unread stays cheap however large it gets.
 */
public final class PendingRowsQuery {
    /** The count stops here: enough to show that a table grows. */
    public static final long LIMIT = 1_000_000;
    private final SourceDialect dialect;
    private final List<String> captureTables;

    public PendingRowsQuery(SourceDialect dialect, List<String> captureTables) {
        this.dialect = dialect;
        this.captureTables = captureTables;
    }

    public long count(Connection c, long afterDataId) throws SQLException {
        long n = 0;
        for (String table : captureTables) {
            try (PreparedStatement ps = c.prepareStatement(sql(table))) {
                ps.setLong(1, afterDataId);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    n += rs.getLong(1);
                }
            }
        }
        return Math.min(n, LIMIT);
    }

    /**
     * Placeholders of the gap-probe watermark (operation 0) are not rows. ORDER BY goes with the LIMIT:
     * SAP HANA's grammar pairs them in a subquery (pinned in HanaSqlGoldenTest).
     */
    public String sql(String captureTable) {
        String id = dialect.quote(DATA_ID);
        return "SELECT COUNT(*) FROM (SELECT " + id + " FROM " + captureTable + " WHERE " + id + " > ? AND "
                + dialect.quote(OPERATION) + " > 0 ORDER BY " + id + " LIMIT " + LIMIT + ") x";
    }
}
