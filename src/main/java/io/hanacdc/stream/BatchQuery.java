package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.CREATE_TIME;
import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.GAP_VERSION;
import static io.hanacdc.source.CdcColumns.OPERATION;
import static io.hanacdc.source.CdcColumns.TRANSACTION_ID;
import static io.hanacdc.source.CdcColumns.TRIGGER_ID;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.source.SourceDialect;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * SQL of one batch read from one capture table: the rows {@link StreamRange#selects} accepts, first
 * {@code limit} by data id. Written as two index-friendly parts: new ids above max(cursor, H_base) not
 * held by the window's open transactions, and the held-back rows (id ≤ H_base) of transactions that
 * were open at the base but have finished by the window (listed ones, and those in the base's
 * open-ended range that fall below the window's). Transaction ids are numbers, inlined as literals.
 */
public final class BatchQuery {
    private final SourceDialect dialect;
    private final String select;
    /**
     * Placeholders of the gap-probe watermark (operation 0) are not changes; keys recorded after an ALTER
     * (version 0) are re-read when capture moves to the next version. Both are left out here, not after
     * reading, so a batch's limit counts only rows it applies.
     */
    private final String realRow;

    public BatchQuery(SourceDialect dialect, String qualifiedTable, List<SourceColumn> columns) {
        this.dialect = dialect;
        String list = Stream.concat(Stream.of(DATA_ID, TRIGGER_ID, TRANSACTION_ID, CREATE_TIME, OPERATION).map(dialect::quote),
                columns.stream().map(dialect::selectExpression)).collect(Collectors.joining(", "));
        this.select = "SELECT " + list + " FROM " + qualifiedTable;
        this.realRow = " AND " + dialect.quote(OPERATION) + " > 0 AND " + dialect.quote(TRIGGER_ID) + " <> " + GAP_VERSION;
    }

    public String sql(StreamRange r, int limit) {
        String id = dialect.quote(DATA_ID);
        String tx = dialect.quote(TRANSACTION_ID);
        long from = Math.max(r.cursor(), r.base().high());
        String fresh = select + " WHERE " + id + " > " + from + " AND " + id + " <= " + r.window().high()
                + notOpen(tx, r.window()) + realRow;
        List<String> late = new ArrayList<>();
        long[] listed = r.base().finishedBy(r.window());
        if (listed.length > 0) {
            late.add(tx + " IN (" + list(listed) + ")");
        }
        Watermark base = r.base();
        if (base.openFrom() < r.window().openFrom()) {
            late.add("(" + tx + " >= " + base.openFrom() + notOpen(tx, r.window()) + ")");
        }
        if (late.isEmpty() || r.cursor() >= base.high()) {
            return fresh + " ORDER BY " + id + " LIMIT " + limit;
        }
        String held = select + " WHERE (" + String.join(" OR ", late) + ") AND " + id + " > " + r.cursor()
                + " AND " + id + " <= " + base.high() + realRow;
        // Derived tables: the form both PostgreSQL and HANA's documented grammar accept for ordered, limited union parts.
        return "SELECT * FROM (" + fresh + " ORDER BY " + id + " LIMIT " + limit + ") f UNION ALL SELECT * FROM ("
                + held + " ORDER BY " + id + " LIMIT " + limit + ") h ORDER BY " + id + " LIMIT " + limit;
    }

    /** " AND tx is not open at w" (empty when nothing is open). */
    private static String notOpen(String tx, Watermark w) {
        return (w.open().length == 0 ? "" : " AND " + tx + " NOT IN (" + list(w.open()) + ")")
                + (w.openFrom() == Watermark.NO_BOUND ? "" : " AND " + tx + " < " + w.openFrom());
    }

    private static String list(long[] ids) {
        return LongStream.of(ids).mapToObj(Long::toString).collect(Collectors.joining(","));
    }
}
