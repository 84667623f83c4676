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
import java.util.Comparator;
import java.util.List;

/**
 * Reads the watermark and the safe rows of one table from the source: from its CDC table and, where
 * triggers record capture failures, from its capture-error table, merged in data-id order.
 */
public final class BatchReader {
    /** The qualified capture tables this reader reads (CDC table, then the capture-error table if any). */
    public static List<String> captureTables(SourceDialect dialect, CaptureNames names, SourceTable table) {
        List<String> out = new ArrayList<>();
        out.add(dialect.qualified(names.cdcSchema(), names.cdcTable(table.id())));
        if (dialect.recordsCaptureErrors()) {
            out.add(dialect.qualified(names.cdcSchema(), names.errorTable(table.id())));
        }
        return out;
    }

    /** Rows of one read, and whether they were all the window had left. */
    public record Batch(List<ChangeRow> rows, boolean drained) {}

    private record Part(BatchQuery query, int[] positions, boolean fullImage) {}

    private final SourceDialect dialect;
    private final SourceTable table;
    private final List<Part> parts = new ArrayList<>();

    public BatchReader(SourceDialect dialect, CaptureNames names, SourceTable table) {
        this.dialect = dialect;
        this.table = table;
        List<String> tables = captureTables(dialect, names, table);
        List<SourceColumn> captured = dialect.capturedColumns(table);
        parts.add(part(tables.get(0), captured, captured.size() == table.columns().size()));
        if (tables.size() > 1) {
            parts.add(part(tables.get(1), table.keyColumns(), false));
        }
    }

    private Part part(String qualifiedTable, List<SourceColumn> columns, boolean fullImage) {
        int[] positions = columns.stream().mapToInt(c -> table.columns().indexOf(c)).toArray();
        return new Part(new BatchQuery(dialect, qualifiedTable, columns), positions, fullImage);
    }

    public Batch read(Connection c, StreamRange range, int limit) throws SQLException {
        List<ChangeRow> rows = new ArrayList<>();
        boolean drained = true;
        for (Part part : parts) {
            int before = rows.size();
            read(c, part, range, limit, rows);
            drained &= rows.size() - before < limit;
        }
        if (parts.size() > 1) {
            rows.sort(Comparator.comparingLong(ChangeRow::dataId));
        }
        if (rows.size() > limit) {
            return new Batch(new ArrayList<>(rows.subList(0, limit)), false);
        }
        return new Batch(rows, drained && rows.size() < limit);
    }

    private void read(Connection c, Part part, StreamRange range, int limit, List<ChangeRow> into) throws SQLException {
        List<SourceColumn> columns = table.columns();
        try (Statement s = c.createStatement()) {
            s.setFetchSize(Math.min(limit, 1000));
            try (ResultSet rs = s.executeQuery(part.query().sql(range, limit))) {
                while (rs.next()) {
                    Object[] values = new Object[columns.size()];
                    for (int i = 0; i < part.positions().length; i++) {
                        int position = part.positions()[i];
                        values[position] = dialect.readValue(rs, 6 + i, columns.get(position).type());
                    }
                    into.add(new ChangeRow(rs.getLong(1), rs.getInt(2), rs.getLong(3),
                            rs.getObject(4, LocalDateTime.class), rs.getInt(5), values, part.fullImage()));
                }
            }
        }
    }
}
