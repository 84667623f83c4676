package io.hanacdc.admin;

import io.hanacdc.capture.UnreadCapture;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.schema.TableId;
import io.hanacdc.stream.PendingRowsQuery;
import io.hanacdc.watermark.Watermark;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javax.sql.DataSource;

/**
 * Reads how many CDC rows of a captured table this task has not applied (for the metrics and the API). The task's
 * own tables are read all at once and kept a second, so a scrape of every table's gauge costs a few statements.
 */
public final class PendingRows {
    private final DataSource source;
    private final List<TableWorker> workers;
    private final Map<TableWorker, Integer> index = new IdentityHashMap<>();
    private final Function<List<TableId>, PendingRowsQuery> queries;
    private final PendingRowsQuery ofWorkers;
    private final Recent<Map<Integer, Long>> recent = new Recent<>(Duration.ofSeconds(1));

    public PendingRows(DataSource source, List<TableWorker> workers, Function<List<TableId>, PendingRowsQuery> queries) {
        this.source = source;
        this.workers = workers;
        this.queries = queries;
        this.ofWorkers = queries.apply(workers.stream().map(w -> w.table().id()).toList());
        workers.forEach(w -> index.put(w, index.size()));
    }

    /** Rows above the table's applied position; NaN while it has none here (not started, or another replica's). */
    double of(TableWorker w) {
        if (w.appliedBase() == null) {
            return Double.NaN;
        }
        return orNaN(recent.get(this::readWorkers).get(index.get(w)));
    }

    /** Rows above what this task last published applied: for a table it no longer reads, all it keeps from purge. */
    double of(UnreadCapture.Table t) {
        return orNaN(count(t));
    }

    /** Null when the source cannot be read now. */
    Long count(UnreadCapture.Table t) {
        return read(queries.apply(List.of(t.id())), List.of(t.appliedHigh())).get(0);
    }

    private Map<Integer, Long> readWorkers() {
        return read(ofWorkers, workers.stream().map(w -> {
            Watermark applied = w.appliedBase();
            return applied == null ? null : applied.high();
        }).toList());
    }

    /** Empty when the source cannot be read now. */
    private Map<Integer, Long> read(PendingRowsQuery query, List<Long> afterDataIds) {
        try (Connection c = source.getConnection()) {
            return query.count(c, afterDataIds);
        } catch (SQLException e) {
            return Map.of();
        }
    }

    private static double orNaN(Long n) {
        return n == null ? Double.NaN : n;
    }
}
