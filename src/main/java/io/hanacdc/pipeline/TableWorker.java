package io.hanacdc.pipeline;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.PositionStore;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.snapshot.SnapshotCopier;
import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.stream.KeyRefetcher;
import io.hanacdc.stream.StreamRange;
import io.hanacdc.stream.Watermark;
import io.hanacdc.stream.WatermarkReader;
import io.hanacdc.target.mysql.MySqlTarget;
import io.hanacdc.target.mysql.RowWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replicates one table: records the start position, runs the initial load, then applies safe
 * batches, each with its position in one target transaction. Called by the table's route on every
 * tick; a full batch is followed at once by the next, an empty one waits for the next tick. After a
 * failure the position is re-read from the target (the failed commit may or may not have happened)
 * and the table retries with exponential backoff; other tables are not affected.
 */
public final class TableWorker {
    private static final Logger LOG = LoggerFactory.getLogger(TableWorker.class);
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(60);
    private final SourceTable table;
    private final DataSource source;
    private final MySqlTarget target;
    private final WatermarkReader watermarks;
    private final BatchReader reader;
    private final KeyRefetcher refetcher;
    private final RowWriter writer;
    private final SnapshotCopier copier;
    private final PositionStore store;
    private final int batchSize;
    private final int[] keyIndexes;
    private volatile Position position;
    private volatile String state = "starting";
    private volatile String lastError;
    private volatile Duration lag = Duration.ZERO;
    private int failures;
    private long retryAtNanos;

    public TableWorker(SourceTable table, DataSource source, MySqlTarget target, WatermarkReader watermarks, BatchReader reader,
                       KeyRefetcher refetcher, RowWriter writer, SnapshotCopier copier, PositionStore store, int batchSize) {
        this.watermarks = watermarks;
        this.table = table;
        this.source = source;
        this.target = target;
        this.reader = reader;
        this.refetcher = refetcher;
        this.writer = writer;
        this.copier = copier;
        this.store = store;
        this.batchSize = batchSize;
        this.keyIndexes = table.primaryKey().stream().mapToInt(k -> table.columnNames().indexOf(k)).toArray();
    }

    public SourceTable table() {
        return table;
    }

    /** One tick of the table's route. Never throws: failures are logged, reported in status and retried. */
    public void poll() {
        if (System.nanoTime() < retryAtNanos) {
            return;
        }
        try {
            if (position == null) {
                position = loadOrStart();
            }
            if (position.phase() == Position.Phase.SNAPSHOT) {
                state = "snapshot";
                snapshot();
            }
            state = "streaming";
            stream();
            failures = 0;
            lastError = null;
        } catch (SQLException | RuntimeException e) {
            failures++;
            position = null;
            state = "retrying";
            lastError = e.getMessage();
            long backoff = Math.min(MAX_BACKOFF.toMillis(), 500L << Math.min(failures, 10));
            retryAtNanos = System.nanoTime() + backoff * 1_000_000;
            LOG.warn("table {}: {} (attempt {}, retrying in {} ms)", table.id(), e.getMessage(), failures, backoff);
        }
    }

    private Position loadOrStart() throws SQLException {
        try (Connection t = target.connection()) {
            var stored = store.load(t, table.id());
            if (stored.isPresent()) {
                return stored.get();
            }
            Position start;
            try (Connection s = source.getConnection()) {
                start = Position.startSnapshot(table.id(), StreamRange.at(watermarks.next(s, StreamRange.at(new Watermark(0, new long[0])))));
            }
            store.save(t, start); // the start position is durable before the first row is copied
            LOG.info("table {}: initial load starts at {}", table.id(), start.range().base());
            return start;
        }
    }

    private void snapshot() throws SQLException {
        try (Connection s = source.getConnection(); Connection t = target.connection()) {
            position = copier.copy(s, t, position, (p, estimate) -> position = p);
        }
    }

    private void stream() throws SQLException {
        try (Connection s = source.getConnection(); Connection t = target.connection()) {
            while (true) {
                StreamRange range = position.range();
                if (range.window() == null) {
                    range = range.open(watermarks.next(s, range));
                }
                BatchReader.Batch batch = reader.read(s, range, batchSize);
                List<ChangeRow> rows = batch.rows();
                boolean drained = batch.drained();
                if (rows.isEmpty()) {
                    position = position.withRange(range.advance(range.cursor(), drained));
                    lag = Duration.ZERO;
                } else {
                    Position next = position.applied(rows, range.advance(rows.get(rows.size() - 1).dataId(), drained));
                    ChangeSet changes = ChangeSet.of(rows, keyIndexes);
                    if (!changes.refetch().isEmpty()) {
                        changes.resolveRefetched(refetcher.fetch(s, changes.refetch()));
                    }
                    apply(t, changes, next);
                    position = next;
                    lag = drained ? Duration.ZERO : Duration.between(next.lastSourceTime(), LocalDateTime.now(ZoneOffset.UTC));
                }
                if (drained || Thread.currentThread().isInterrupted()) {
                    return;
                }
            }
        }
    }

    private void apply(Connection t, ChangeSet changes, Position next) throws SQLException {
        t.setAutoCommit(false);
        try {
            writer.apply(t, changes);
            store.save(t, next);
            t.commit();
        } catch (SQLException | RuntimeException e) {
            t.rollback();
            throw e;
        }
    }

    public TableStatus status() {
        Position p = position;
        if (p == null) {
            return new TableStatus(table.id().toString(), state, 0, 0, 0, "", lag, lastError);
        }
        return TableStatus.of(p, state, lag, lastError);
    }
}
