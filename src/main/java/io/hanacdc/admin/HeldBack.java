package io.hanacdc.admin;

import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.stream.HeldBackQuery;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * Reads which open transactions hold back rows of the task's tables (for the API and the metrics): all tables at
 * once, kept a second, so a scrape of every table's gauge or a page refresh costs a few statements.
 */
public final class HeldBack {
    private final DataSource source;
    private final List<TableWorker> workers;
    private final Map<TableWorker, Integer> index = new IdentityHashMap<>();
    private final HeldBackQuery query;
    private final Recent<Map<Integer, Map<Long, Long>>> recent = new Recent<>(Duration.ofSeconds(1));

    /** @param query over the CDC tables of {@code workers}, in their order */
    public HeldBack(DataSource source, List<TableWorker> workers, HeldBackQuery query) {
        this.source = source;
        this.workers = workers;
        this.query = query;
        workers.forEach(w -> index.put(w, index.size()));
    }

    /** Open transaction id → its CDC rows waiting; empty when none, or when the source cannot say now. */
    public Map<Long, Long> byTransaction(TableWorker w) {
        return recent.get(this::read).getOrDefault(index.get(w), Map.of());
    }

    /** NaN while the table has no watermark here, or its CDC table cannot be read now. */
    double rows(TableWorker w) {
        Map<Long, Long> rows = recent.get(this::read).get(index.get(w));
        return rows == null ? Double.NaN : rows.values().stream().mapToLong(Long::longValue).sum();
    }

    private Map<Integer, Map<Long, Long>> read() {
        try (Connection c = source.getConnection()) {
            return query.byTransaction(c, workers.stream().map(TableWorker::watermark).toList());
        } catch (SQLException e) {
            return Map.of();
        }
    }
}
