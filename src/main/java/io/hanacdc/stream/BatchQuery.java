package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.CREATE_TIME;
import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.GAP_CAPTURE_VERSION;
import static io.hanacdc.source.CdcColumns.OPERATION;
import static io.hanacdc.source.CdcColumns.TRANSACTION_ID;
import static io.hanacdc.source.CdcColumns.TRIGGER_ID;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.BatchPredicate;
import io.hanacdc.watermark.StreamRange;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * SQL of one batch read from one capture table: the rows {@link StreamRange#selects} accepts, first
 * {@code limit} by data id, in the two parts of {@link BatchPredicate}: new rows, and held-back rows
 * now due.
 */
public final class BatchQuery {
    private final SourceDialect dialect;
    private final BatchPredicate predicate;
    private final String select;
    /**
     * Placeholders of the gap-probe watermark (operation 0) are not changes; keys recorded after an ALTER
     * (version 0) are re-read when capture moves to the next version. Both are left out here, not after
     * reading, so a batch's limit counts only rows it applies.
     */
    private final String realRow;

    public BatchQuery(SourceDialect dialect, String qualifiedTable, List<SourceColumn> columns) {
        this.dialect = dialect;
        this.predicate = new BatchPredicate(dialect);
        String list = Stream.concat(Stream.of(DATA_ID, TRIGGER_ID, TRANSACTION_ID, CREATE_TIME, OPERATION).map(dialect::quote),
                columns.stream().map(dialect::selectExpression)).collect(Collectors.joining(", "));
        this.select = "SELECT " + list + " FROM " + qualifiedTable;
        this.realRow = " AND " + realRow(dialect);
    }

    /** The condition a CDC row must meet to be applied: neither a placeholder nor a key recorded after an ALTER. */
    static String realRow(SourceDialect dialect) {
        return dialect.quote(OPERATION) + " > 0 AND " + dialect.quote(TRIGGER_ID) + " <> " + GAP_CAPTURE_VERSION;
    }

    public String sql(StreamRange r, int limit) {
        String id = dialect.quote(DATA_ID);
        String fresh = select + " WHERE " + predicate.fresh(r) + realRow;
        Optional<String> heldBack = predicate.heldBack(r);
        if (heldBack.isEmpty()) {
            return fresh + " ORDER BY " + id + dialect.limit(limit);
        }
        String held = select + " WHERE " + heldBack.get() + realRow;
        // Derived tables: the form both PostgreSQL and HANA's documented grammar accept for ordered, limited union parts.
        String first = " ORDER BY " + id + dialect.limit(limit);
        return "SELECT * FROM (" + fresh + first + ") f UNION ALL SELECT * FROM (" + held + first + ") h" + first;
    }
}
