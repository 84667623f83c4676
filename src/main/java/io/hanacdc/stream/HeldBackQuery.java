package io.hanacdc.stream;

import io.hanacdc.source.CdcColumns;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.BatchPredicate;
import io.hanacdc.watermark.Watermark;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;

/** Which open transactions hold back how many CDC rows of a table at a watermark (the "watermark backlog"). */
public final class HeldBackQuery {
    private final SourceDialect dialect;
    private final BatchPredicate predicate;
    private final String cdcTable;

    public HeldBackQuery(SourceDialect dialect, String cdcTable) {
        this.dialect = dialect;
        this.predicate = new BatchPredicate(dialect);
        this.cdcTable = cdcTable;
    }

    /** Rows per holding transaction id; empty when nothing is open. */
    public Map<Long, Long> byTransaction(Connection c, Watermark w) throws SQLException {
        Map<Long, Long> out = new LinkedHashMap<>();
        if (w.open().length == 0 && w.openFrom() == Watermark.NO_BOUND) {
            return out;
        }
        String tx = dialect.quote(CdcColumns.TRANSACTION_ID);
        String open = predicate.open(w);
        String sql = "SELECT " + tx + ", COUNT(*) FROM " + cdcTable + " WHERE " + dialect.quote(CdcColumns.DATA_ID) + " <= " + w.high()
                + " AND " + dialect.quote(CdcColumns.OPERATION) + " > 0 AND (" + open + ") GROUP BY " + tx + " ORDER BY " + tx;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.put(rs.getLong(1), rs.getLong(2));
            }
        }
        return out;
    }
}
