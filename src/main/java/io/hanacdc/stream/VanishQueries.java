package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.OPERATION;
import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_RESYNC;
import static io.hanacdc.source.CdcColumns.OP_TRUNCATE;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_BEFORE;

import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.BatchPredicate;
import io.hanacdc.watermark.Watermark;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The source's reads for the vanished-row check (pipeline.VanishCheck): the table's exact row count,
 * and the CDC rows, in all of its capture tables, that can take a key off the target and are not
 * applied at a watermark.
 */
public final class VanishQueries {
    /** Removals seen: rows that each take at most one key off, and truncates, which take any number. */
    public record Removals(long keys, long truncates) {}

    /** A delete, a changed key's old key, a key re-read from the source (deleted when gone: any version, 0 too), a truncate. */
    private static final String REMOVING = OP_DELETE + ", " + OP_UPDATE_BEFORE + ", " + OP_RESYNC + ", " + OP_TRUNCATE;
    private final SourceDialect dialect;
    private final BatchPredicate predicate;
    private final String sourceTable;
    private final List<String> captureTables;

    public VanishQueries(SourceDialect dialect, String sourceTable, List<String> captureTables) {
        this.dialect = dialect;
        this.predicate = new BatchPredicate(dialect);
        this.sourceTable = sourceTable;
        this.captureTables = captureTables;
    }

    public long sourceRows(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(rowCountSql())) {
            rs.next();
            return rs.getLong(1);
        }
    }

    public Removals removals(Connection c, Watermark applied) throws SQLException {
        long keys = 0;
        long truncates = 0;
        for (String table : captureTables) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(removalsSql(table, applied))) {
                rs.next();
                keys += rs.getLong(1) - rs.getLong(2);
                truncates += rs.getLong(2);
            }
        }
        return new Removals(keys, truncates);
    }

    public String rowCountSql() {
        return "SELECT COUNT(*) FROM " + sourceTable;
    }

    /**
     * The rows a position with this base may not have applied: ids above H, and those of transactions
     * open at it (a row of the window the position drained part of counts too: more, never fewer).
     */
    public String removalsSql(String captureTable, Watermark applied) {
        String id = dialect.quote(DATA_ID);
        String op = dialect.quote(OPERATION);
        boolean open = applied.open().length > 0 || applied.openFrom() != Watermark.NO_BOUND;
        String notApplied = open ? "(" + id + " > " + applied.high() + " OR " + predicate.open(applied) + ")"
                : id + " > " + applied.high();
        return "SELECT COUNT(*), COUNT(CASE WHEN " + op + " = " + OP_TRUNCATE + " THEN 1 END) FROM " + captureTable
                + " WHERE " + op + " IN (" + REMOVING + ") AND " + notApplied;
    }
}
