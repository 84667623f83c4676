package io.hanacdc.admin;

import io.hanacdc.capture.UnreadCapture;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.schema.TableId;
import io.hanacdc.stream.PendingRowsQuery;
import io.hanacdc.watermark.Watermark;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Function;
import javax.sql.DataSource;

/** Reads, on demand, how many CDC rows of a captured table this task has not applied (for the metrics and the API). */
public final class PendingRows {
    private final DataSource source;
    private final Function<TableId, PendingRowsQuery> queries;

    public PendingRows(DataSource source, Function<TableId, PendingRowsQuery> queries) {
        this.source = source;
        this.queries = queries;
    }

    /** Rows above the table's applied position; NaN while it has none here (not started, or another replica's). */
    double of(TableWorker w) {
        Watermark applied = w.appliedBase();
        return applied == null ? Double.NaN : orNaN(count(w.table().id(), applied.high()));
    }

    /** Rows above what this task last published applied: for a table it no longer reads, all it keeps from purge. */
    double of(UnreadCapture.Table t) {
        return orNaN(count(t));
    }

    /** Null when the source cannot be read now. */
    Long count(UnreadCapture.Table t) {
        return count(t.id(), t.appliedHigh());
    }

    private Long count(TableId table, long afterDataId) {
        try (Connection c = source.getConnection()) {
            return queries.apply(table).count(c, afterDataId);
        } catch (SQLException e) {
            return null;
        }
    }

    private static double orNaN(Long n) {
        return n == null ? Double.NaN : n;
    }
}
