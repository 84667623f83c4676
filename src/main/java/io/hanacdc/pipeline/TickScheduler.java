package io.hanacdc.pipeline;

import io.hanacdc.common.StartupTimeline;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.WatermarkReader;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Drives every table of a task from one timer, so the source's load at idle does not grow with the number of
 * tables. Each tick: tables with work (a command, a load, a window being drained, a re-snapshot, a schema step,
 * a retry due) get a turn; the quiet ones are judged together (QuietTables): those with a row in their window get
 * a turn that opens the task's watermark, the others move to it in memory. Turns run on {@code parallel-tables} threads; initial loads, a
 * turn's worth of chunks at a time, queue on as many of their own, and both take the task's StreamSlots to run, so
 * loads and streams share them. The quiet tables are judged at the pace TickPace sets: every tick while changes keep coming. A table with more to do at once goes to the back of its queue, and a table is in at
 * most one turn at a time. With gap probing, whose watermark belongs to each table, every table with work gets a turn.
 */
public final class TickScheduler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TickScheduler.class);
    /** How long stopping waits for the turns under way (each ends after its batch) before interrupting them. */
    private static final long STOP_WAIT_SECONDS = 30;
    private final List<TableWorker> workers;
    /** Empty with gap probing, whose watermark belongs to each table. */
    private final Optional<QuietTables> quietTables;
    private final TickPace pace;
    private final ExecutorService turns;
    private final ExecutorService loads;
    private final Set<TableWorker> inTurn = ConcurrentHashMap.newKeySet();
    /** Set once stopping: a turn still queued then starts nothing (the pools run what is queued after shutdown()). */
    private volatile boolean closing;

    TickScheduler(List<TableWorker> workers, DataSource source, Optional<WatermarkReader> taskWide, SourceDialect dialect, CaptureNames names,
                  TickPace pace, ExecutorService turns, ExecutorService loads) {
        this.workers = workers;
        this.quietTables = taskWide.map(w -> new QuietTables(workers, source, w, dialect,
                workers.stream().map(t -> names.captureTables(dialect, t.table().id())).toList(), dialect.captureSql(names).heartbeatTable().id()));
        this.pace = pace;
        this.turns = turns;
        this.loads = loads;
    }

    /** One tick of the task, called by its timer route. Never throws: a failed read of W leaves the quiet tables for the next tick. */
    public void tick() {
        StartupTimeline.once("first tick");
        long now = System.nanoTime();
        boolean judging = pace.due(now);
        List<Integer> quiet = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            TableWorker w = workers.get(i);
            if (inTurn.contains(w)) {
                continue;
            }
            if (w.commandsQueued()) { // at once, not behind the turns queued for tables with a backlog
                w.runCommands();
            }
            switch (w.need()) {
                case TURN -> dispatch(w, null);
                case WATERMARK -> {
                    if (!judging) {
                        continue;
                    }
                    if (quietTables.isPresent()) {
                        quiet.add(i);
                    } else {
                        dispatch(w, null);
                    }
                }
                case NOTHING -> { }
            }
        }
        if (!judging) {
            return;
        }
        boolean rows = false;
        if (!quiet.isEmpty()) {
            try {
                rows = quietTables.orElseThrow().judge(quiet, this::dispatch);
            } catch (SQLException | RuntimeException e) {
                LOG.warn("reading which tables have changes failed (tried again at the next tick): {}", e.getMessage());
            }
        }
        pace.judged(now, rows);
    }

    /** Tables in a turn now, or queued for one. */
    int inTurn() {
        return inTurn.size();
    }

    /** Whether the table is in a turn now, or queued for one. */
    boolean busy(TableWorker w) {
        return inTurn.contains(w);
    }

    /**
     * Called once the tick's route has stopped, before the task's pools close: the turns under way end after their
     * batch, no new one starts (a queued one returns at once); a load still copying after the wait is interrupted.
     */
    @Override
    public void close() throws InterruptedException {
        closing = true;
        turns.shutdown();
        loads.shutdown();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_WAIT_SECONDS);
        for (ExecutorService pool : List.of(turns, loads)) {
            if (!pool.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                pool.shutdownNow();
                pool.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
            }
        }
    }

    private void dispatch(TableWorker w, TableWorker.Opened opened) {
        inTurn.add(w);
        try {
            boolean load = w.loading();
            (load ? loads : turns).execute(() -> run(w, opened, load));
        } catch (RejectedExecutionException e) { // stopping
            inTurn.remove(w);
        }
    }

    /**
     * A turn (on the loads' threads: one that may load the table). A table found to need its load goes to the loads'
     * queue; one with more to do at once queues again behind the others; else it waits for a tick.
     */
    private void run(TableWorker w, TableWorker.Opened opened, boolean load) {
        boolean again = false;
        try {
            if (closing) {
                return;
            }
            w.turn(opened, load ? TableWorker.Load.A_TURN : TableWorker.Load.NONE);
            w.runCommands(); // those that came during the turn, before the table queues again
            if (!Thread.currentThread().isInterrupted() && (w.loading() || w.moreNow())) {
                boolean nextLoad = w.loading();
                (nextLoad ? loads : turns).execute(() -> run(w, null, nextLoad));
                again = true;
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
