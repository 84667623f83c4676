package io.hanacdc.pipeline;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.schema.TableId;
import io.hanacdc.stream.PendingTablesQuery;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.BatchPredicate;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import io.hanacdc.watermark.WatermarkReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges a tick's quiet tables together: one watermark W (H, then A), then, only when W says rows may have come,
 * PendingTablesQuery over the tables this process runs (a replica asks about its own share, not the task's: the
 * statements' cost grows with the tables in them). Those with a row in their window get a turn that opens W; the
 * others move to W in memory, as an empty batch would have moved them. Only the tick's thread calls it.
 */
final class QuietTables {
    private static final Logger LOG = LoggerFactory.getLogger(QuietTables.class);

    /** What the tick knows of a quiet table's window before reading it. */
    enum Window { WENT_BACK, EMPTY, MAYBE_ROWS }

    private final List<TableWorker> workers;
    private final DataSource source;
    private final WatermarkReader taskWide;
    private final SourceDialect dialect;
    private final List<List<String>> captureTables;
    private final long idsTakenReadingHigh;
    /** Its rows are the task's own, not a change that sets the busy pace. */
    private final TableId heartbeat;
    /** The tables the statements ask about, by index in {@code workers}, ascending; rebuilt when the share changes. */
    private List<Integer> askedFor = List.of();
    private PendingTablesQuery asked;
    /** The last watermark read: the next may keep its A (OpenTransactionsWatermark). */
    private Watermark lastRead;

    QuietTables(List<TableWorker> workers, DataSource source, WatermarkReader taskWide, SourceDialect dialect,
                List<List<String>> captureTables, TableId heartbeat) {
        this.workers = workers;
        this.source = source;
        this.taskWide = taskWide;
        this.dialect = dialect;
        this.captureTables = captureTables;
        this.idsTakenReadingHigh = dialect.idsTakenReadingHigh();
        this.heartbeat = heartbeat;
    }

    /**
     * EMPTY when no row can be in the window: no id was taken since the base but the ones reading H took
     * ({@code idsTakenReadingHigh}: a HANA NEXTVAL takes its own, which no row holds; the sequence is NO CACHE, so
     * the next id is the next value), and no transaction the base held back can have finished. WENT_BACK: the
     * source's sequence is below the base.
     */
    static Window window(StreamRange range, long idsTakenReadingHigh) {
        long base = range.base().high();
        long high = range.window().high();
        if (high < base) {
            return Window.WENT_BACK;
        }
        boolean idsTaken = high - base > idsTakenReadingHigh;
        return idsTaken || BatchPredicate.heldBackTransactions(range).isPresent() ? Window.MAYBE_ROWS : Window.EMPTY;
    }

    /**
     * Reads W, then asks which of the {@code quiet} tables (indexes in {@code workers}) have rows in their window;
     * {@code turn} gets each that must read its window (or, its base above W, be refused with what to do). Returns
     * whether a table other than the heartbeat had rows.
     */
    boolean judge(List<Integer> quiet, BiConsumer<TableWorker, TableWorker.Opened> turn) throws SQLException {
        PendingTablesQuery pending = pendingForOwnedTables();
        Map<Integer, TableWorker.Opened> probed = new HashMap<>();
        List<StreamRange> ranges = new ArrayList<>(Collections.nCopies(askedFor.size(), (StreamRange) null));
        try (Connection s = source.getConnection()) {
            Instant readAt = Instant.now();
            Watermark w = taskWide.next(s, lastRead == null ? null : StreamRange.at(lastRead));
            lastRead = w;
            for (int index : quiet) {
                TableWorker q = workers.get(index);
                Position at = q.position();
                int asking = Collections.binarySearch(askedFor, index);
                if (at == null || asking < 0) { // its owner changed since it was found quiet
                    continue;
                }
                TableWorker.Opened opened = new TableWorker.Opened(at, w, readAt);
                StreamRange range = StreamRange.at(at.range().base()).open(w);
                switch (window(range, idsTakenReadingHigh)) {
                    case WENT_BACK -> turn.accept(q, opened);
                    case MAYBE_ROWS -> {
                        probed.put(asking, opened);
                        ranges.set(asking, range);
                    }
                    case EMPTY -> q.advanceIdle(opened);
                }
            }
            Set<Integer> withRows;
            boolean known = true;
            try {
                withRows = probed.isEmpty() ? Set.of() : pending.pending(s, ranges);
            } catch (SQLException e) { // one table's capture table unreadable, say: each reads its own batch, the failing one retries alone
                LOG.warn("asking which tables have changes failed, each table reads its own batch this time: {}", e.getMessage());
                withRows = probed.keySet();
                known = false; // not a change found: no busy pace, which would repeat the failing statement 40 times a second
            }
            boolean changes = false;
            for (Map.Entry<Integer, TableWorker.Opened> e : probed.entrySet()) {
                TableWorker q = workers.get(askedFor.get(e.getKey()));
                if (withRows.contains(e.getKey())) {
                    changes |= known && !q.table().id().equals(heartbeat);
                    turn.accept(q, e.getValue());
                } else {
                    q.advanceIdle(e.getValue());
                }
            }
            return changes;
        }
    }

    /** The statements for the tables this process runs now; made again (and prepared anew) only when that share changed. */
    private PendingTablesQuery pendingForOwnedTables() {
        List<Integer> owned = IntStream.range(0, workers.size()).filter(i -> !workers.get(i).standby()).boxed().toList();
        if (asked == null || !owned.equals(askedFor)) {
            asked = new PendingTablesQuery(dialect, owned.stream().map(captureTables::get).toList());
            askedFor = owned;
        }
        return asked;
    }
}
