package io.hanacdc.pipeline;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.stream.PendingTablesQuery;
import io.hanacdc.watermark.BatchPredicate;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import io.hanacdc.watermark.WatermarkReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.apache.camel.support.service.ServiceSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives every table of a task from one timer, so the source's load at idle does not grow with the number of
 * tables. Each tick: tables with work (a command, a load, a window being drained, a re-snapshot, a schema step,
 * a retry due) get a turn; the quiet ones are judged together by one watermark W (H, then A) and
 * PendingTablesQuery: those with a row in their window get a turn that opens W, the others move to W in
 * memory, as an empty batch would have moved them. Turns run on {@code parallel-tables} threads (loads on as
 * many of their own); a table with more to do at once goes to the back of the queue, and a table is in at most
 * one turn at a time. With gap probing, whose watermark belongs to each table, every table with work gets a turn.
 */
public final class TickScheduler extends ServiceSupport {
    private static final Logger LOG = LoggerFactory.getLogger(TickScheduler.class);
    /** How long stopping waits for the turns under way (each ends after its batch) before interrupting them. */
    private static final long STOP_WAIT_SECONDS = 30;
    private final List<TableWorker> workers;
    private final DataSource source;
    private final Optional<WatermarkReader> taskWide;
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final PendingTablesQuery pending;
    private final BatchPredicate predicate;
    private final ExecutorService turns;
    private final ExecutorService loads;
    private final Set<TableWorker> inTurn = ConcurrentHashMap.newKeySet();

    TickScheduler(List<TableWorker> workers, DataSource source, Optional<WatermarkReader> taskWide, SourceDialect dialect, CaptureNames names,
                  ExecutorService turns, ExecutorService loads) {
        this.workers = workers;
        this.source = source;
        this.taskWide = taskWide;
        this.dialect = dialect;
        this.names = names;
        this.pending = new PendingTablesQuery(dialect);
        this.predicate = new BatchPredicate(dialect);
        this.turns = turns;
        this.loads = loads;
    }

    /** One tick of the task, called by its timer route. Never throws: a failed read of W leaves the quiet tables for the next tick. */
    public void tick() {
        List<TableWorker> quiet = new ArrayList<>();
        for (TableWorker w : workers) {
            if (inTurn.contains(w)) {
                continue;
            }
            switch (w.need()) {
                case TURN -> dispatch(w, null);
                case WATERMARK -> {
                    if (taskWide.isPresent()) {
                        quiet.add(w);
                    } else {
                        dispatch(w, null);
                    }
                }
                case NOTHING -> { }
            }
        }
        if (!quiet.isEmpty()) {
            try {
                judge(quiet);
            } catch (SQLException | RuntimeException e) {
                LOG.warn("reading which tables have changes failed (tried again at the next tick): {}", e.getMessage());
            }
        }
    }

    /**
     * Reads W, then asks which quiet tables have rows in their window. A table whose base is above W (the source's
     * sequence went back) gets its turn, which refuses it with what to do.
     */
    private void judge(List<TableWorker> quiet) throws SQLException {
        List<TableWorker> probed = new ArrayList<>();
        List<TableWorker.Opened> windows = new ArrayList<>();
        List<PendingTablesQuery.Probe> probes = new ArrayList<>();
        try (Connection s = source.getConnection()) {
            Instant readAt = Instant.now();
            Watermark w = taskWide.orElseThrow().next(s, null);
            for (TableWorker q : quiet) {
                Position at = q.position();
                TableWorker.Opened opened = new TableWorker.Opened(at, w, readAt);
                StreamRange range = StreamRange.at(at.range().base()).open(w);
                if (w.high() < at.range().base().high()) {
                    dispatch(q, opened);
                } else if (w.high() > at.range().base().high() || predicate.heldBack(range).isPresent()) {
                    probed.add(q);
                    windows.add(opened);
                    probes.add(new PendingTablesQuery.Probe(names.captureTables(dialect, q.table().id()), range));
                } else {
                    q.advanceIdle(opened); // no id taken since its base, no held-back transaction finished: the window is empty
                }
            }
            Set<Integer> withRows = probes.isEmpty() ? Set.of() : pending.pending(s, probes);
            for (int i = 0; i < probed.size(); i++) {
                if (withRows.contains(i)) {
                    dispatch(probed.get(i), windows.get(i));
                } else {
                    probed.get(i).advanceIdle(windows.get(i));
                }
            }
        }
    }

    /** Tables in a turn now, or queued for one. */
    int inTurn() {
        return inTurn.size();
    }

    /** Called once the tick's route has stopped: the turns under way end after their batch, no new one starts. */
    @Override
    protected void doStop() throws InterruptedException {
        turns.shutdown();
        loads.shutdown();
        if (!turns.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS) | !loads.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
            turns.shutdownNow();
            loads.shutdownNow();
        }
    }

    private void dispatch(TableWorker w, TableWorker.Opened opened) {
        inTurn.add(w);
        try {
            (w.loading() ? loads : turns).execute(() -> run(w, opened));
        } catch (RejectedExecutionException e) { // stopping
            inTurn.remove(w);
        }
    }

    /** A turn; a table with more to do at once queues again behind the others, else it waits for a tick. */
    private void run(TableWorker w, TableWorker.Opened opened) {
        boolean again = false;
        try {
            w.turn(opened);
            again = w.moreNow() && !Thread.currentThread().isInterrupted();
            if (again) {
                turns.execute(() -> run(w, null));
            }
        } catch (RejectedExecutionException e) {
            again = false;
        } finally {
            if (!again) {
                inTurn.remove(w);
            }
        }
    }
}
