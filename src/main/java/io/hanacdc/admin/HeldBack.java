package io.hanacdc.admin;

import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.stream.HeldBackQuery;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.function.Function;
import javax.sql.DataSource;

/** Reads, on demand, which open transactions hold back rows of a table (for the API and the metrics). */
public final class HeldBack {
    private final DataSource source;
    private final Function<TableWorker, HeldBackQuery> queries;

    public HeldBack(DataSource source, Function<TableWorker, HeldBackQuery> queries) {
        this.source = source;
        this.queries = queries;
    }

    public Map<Long, Long> byTransaction(TableWorker w) {
        var watermark = w.watermark();
        if (watermark == null) {
            return Map.of();
        }
        try (Connection c = source.getConnection()) {
            return queries.apply(w).byTransaction(c, watermark);
        } catch (SQLException e) {
            return Map.of();
        }
    }

    double rows(TableWorker w) {
        return byTransaction(w).values().stream().mapToLong(Long::longValue).sum();
    }
}
