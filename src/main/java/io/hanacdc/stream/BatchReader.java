package io.hanacdc.stream;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** Reads the watermark and the safe rows of one table from the source. */
public final class BatchReader {
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final SourceTable table;
    private final BatchQuery query;

    public BatchReader(SourceDialect dialect, CaptureNames names, SourceTable table) {
        this.dialect = dialect;
        this.names = names;
        this.table = table;
        this.query = new BatchQuery(dialect, names, table);
    }

    /** H first, then A, as separate statements (DESIGN §3); the connection must be in autocommit mode. */
    public Watermark readWatermark(Connection c) throws SQLException {
        long high = dialect.readHighWaterMark(c, names);
        return dialect.readOpenTransactions(c, high);
    }

    public List<ChangeRow> read(Connection c, StreamRange range, int limit) throws SQLException {
        List<ChangeRow> rows = new ArrayList<>();
        List<SourceColumn> columns = table.columns();
        try (Statement s = c.createStatement()) {
            s.setFetchSize(Math.min(limit, 1000));
            try (ResultSet rs = s.executeQuery(query.sql(range, limit))) {
                while (rs.next()) {
                    Object[] values = new Object[columns.size()];
                    for (int i = 0; i < values.length; i++) {
                        values[i] = dialect.readValue(rs, 6 + i, columns.get(i).type());
                    }
                    rows.add(new ChangeRow(rs.getLong(1), rs.getInt(2), rs.getLong(3),
                            rs.getObject(4, LocalDateTime.class), rs.getInt(5), values));
                }
            }
        }
        return rows;
    }
}
