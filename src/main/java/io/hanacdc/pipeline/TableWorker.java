package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureVersions;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.StalePositionException;
import io.hanacdc.db.Prefetch;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sink.Positions;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Replicates one table: records the start position, runs the initial load, then applies safe
 * batches (and re-snapshot chunks when asked), now and then checking for rows that vanished past
 * capture (VanishCheck). Driven by the task's tick (TickScheduler), which gives it a turn when it has
 * work and moves a quiet table with no row in its window on without one; replicas sharing the task each drive
 * the tables the leader gave them. A full batch is followed at once by the next, an empty one waits for the next tick. Operator commands
 * queue up and run on this thread between batches. After a failure the position is re-read from the
 * target (the failed commit may or may not have happened) and the table retries with exponential
 * backoff; other tables are not affected. A position found moved by another process (see
 * PositionStore) is re-read at once. Its state (TableState, with back-off and ownership: WorkerState) is one value,
 * swapped whole.
 */
public final class TableWorker {
    private static final Logger LOG = LoggerFactory.getLogger(TableWorker.class);

    private record Pending(TableCommands.Command command, CompletableFuture<Position> result) {}

    /** A window the task's tick read while the table stood at {@code at}, the table's next if it still does. */
    record Opened(Position at, Watermark window, Instant readAt) {}

    /** What the task's tick may do with the table: leave it, judge it by the task's watermark (quiet), or give it a turn. */
    enum Need { NOTHING, WATERMARK, TURN }

    /** How much of an initial load a turn may copy: none (the turn ends where it would begin), a turn's worth, or all of it. */
    enum Load { NONE, A_TURN, ALL }

    private final SourceTable table;
    /** database.table the rows go to, for status. */
    private final String targetName;
    private final DataSource source;
    private final Target target;
    private final StreamStep stream;
    private final StreamSlots slots;
    private final Resnapshot resnapshot;
    private final VanishCheck vanishCheck;
    private final Positions store;
    private final TableCommands.Context commandContext;
    private final TableObserver observer;
    private final Executor readers;
    private final ConcurrentLinkedQueue<Pending> commands = new ConcurrentLinkedQueue<>();
    private final AtomicReference<WorkerState> state = new AtomicReference<>(WorkerState.START);
    /** What serves as the table's key, as status shows it: its primary key, or the unique index standing in for one. */
    private final String key;
    private volatile Position position;
    /** The base high of the last position held before a failure made the table reload it; -1: none. */
    private volatile long heldHigh = -1;
    /** Source time up to which the target is known complete: lag is now minus this. */
    private volatile Instant freshAsOf;

    TableWorker(SourceTable table, String targetName, Optional<String> keyIndex, DataSource source, Target target, StreamStep stream,
                StreamSlots slots, Resnapshot resnapshot, VanishCheck vanishCheck, TableCommands.Context commandContext, TableObserver observer,
                Executor readers) {
        this.table = table;
        this.targetName = targetName;
        this.key = keyIndex.map(i -> "unique index " + i).orElse("primary key") + " (" + String.join(", ", table.primaryKey()) + ")";
        this.source = source;
        this.target = target;
        this.stream = stream;
        this.slots = slots;
        this.resnapshot = resnapshot;
        this.vanishCheck = vanishCheck;
        this.store = target.positions();
        this.commandContext = commandContext;
        this.observer = observer;
        this.readers = readers;
    }

    public SourceTable table() {
        return table;
    }

    /** The table's capture versions. */
    public CaptureVersions versions() {
        return stream.shapes().versions();
    }

    /** Queues a command; it runs on the table's thread at its next tick. The future completes with the stored position. */
    public CompletableFuture<Position> submit(TableCommands.Command command) {
        CompletableFuture<Position> result = new CompletableFuture<>();
        commands.add(new Pending(command, result));
        return result;
    }

    /** One tick of the table's route: reading its own watermark, loading the table whole if it must. Never throws: failures are logged, reported in status and retried. */
    public void poll() {
        turn(null, Load.ALL);
    }

    /**
     * What the tick may do now: a quiet table streams, caught up, with nothing else to do (no command, load,
     * re-snapshot, schema step or vanish check due), so only rows in its next window would give it work.
     */
    Need need() {
        WorkerState st = state.get();
        if (st.state() == TableState.STANDBY) {
            return Need.NOTHING;
        }
        if (!commands.isEmpty()) {
            return Need.TURN;
        }
        Position p = position;
        if (st.stopReason() != null || st.backingOff(System.nanoTime()) || p != null && p.paused()) {
            return Need.NOTHING;
        }
        boolean quiet = p != null && p.phase() == Position.Phase.STREAMING && p.range().window() == null
                && versions().latest().number() == p.captureVersion() && !vanishCheck.due(p);
        return quiet ? Need.WATERMARK : Need.TURN;
    }

    /** The slots the task's loads and streams share. */
    StreamSlots slots() {
        return slots;
    }

    /** The position the tick judges a quiet table by. */
    Position position() {
        return position;
    }

    /**
     * The tick found no row in the window {@code o} opens (PendingTablesQuery): the table moves to it as an empty,
     * drained batch would move it, in memory. Called only while the table has no turn.
     */
    void advanceIdle(Opened o) {
        if (position == o.at()) {
            position = o.at().withRange(StreamRange.at(o.window()));
            freshAsOf = o.readAt();
        }
    }

    /** Whether the table has more to do at once: a window not drained, or a re-snapshot under way. */
    boolean moreNow() {
        Position p = position;
        WorkerState st = state.get();
        return st.state() != TableState.STANDBY && st.stopReason() == null && p != null && !p.paused() && !st.backingOff(System.nanoTime())
                && (p.range().window() != null || p.phase() == Position.Phase.RESNAPSHOT);
    }

    /** Whether the table is in its initial load: its turns are queued apart from the streaming ones. */
    boolean loading() {
        Position p = position;
        return !standby() && p != null && p.phase() == Position.Phase.SNAPSHOT && !p.paused();
    }

    /** Whether an operator command waits for the table. */
    boolean commandsQueued() {
        return !commands.isEmpty();
    }

    /**
     * One turn: commands, the load (as much as {@code load} says; the turn ends while the load is not done), then
     * streaming. {@code opened}: the window the tick read for the table (null: read its own). Never throws:
     * failures are logged, reported in status and retried.
     */
    void turn(Opened opened, Load load) {
        if (!standby()) { // else a tick already under way when the owner changed
            ownedTurn(opened, load);
        }
        if (standby()) {
            position = null; // what the turn under way when the table was given up stored: the new owner's to move on
        }
    }

    private void ownedTurn(Opened opened, Load load) {
        if (state.get().reload()) { // given the table (back): what another replica stored since is read anew
            update(WorkerState::reloaded);
            position = null;
        }
        runCommands();
        WorkerState st = state.get();
        if (st.stopReason() != null || st.backingOff(System.nanoTime())) {
            return;
        }
        try {
            if (position == null) {
                position = loadOrStart();
            }
            if (position.paused()) {
                update(s -> s.working(TableState.PAUSED).succeeded());
                return;
            }
            if (position.phase() == Position.Phase.SNAPSHOT) {
                update(s -> s.working(TableState.SNAPSHOT));
                if (load == Load.NONE) {
                    return;
                }
                try (StreamSlots.Turn turn = slots.take()) { // loads and streams share the task's slots
                    if (!standby()) { // given up while it waited for the slot: the new owner loads on
                        snapshot(load == Load.A_TURN ? turn::over : () -> false);
                    }
                }
                if (position.phase() == Position.Phase.SNAPSHOT) {
                    update(WorkerState::succeeded); // chunks were committed
                    return; // its turn is over: the load goes on at the next
                }
            }
            TableState working = position.phase() == Position.Phase.RESNAPSHOT ? TableState.RESNAPSHOT : TableState.STREAMING;
            update(s -> s.working(working));
            advance(opened != null && opened.at() == position ? opened : null);
            if (!standby() && vanishCheck.due(position)) {
                try (Connection s = source.getConnection(); TargetSession t = target.session()) {
                    position = vanishCheck.run(s, t, position);
                }
            }
            update(WorkerState::succeeded);
        } catch (StalePositionException e) { // another process moved the table on: follow it, no backoff, not a failure
            position = null;
            update(s -> s.working(TableState.RELOADING));
            LOG.info(e.getMessage());
        } catch (SQLException | RuntimeException e) {
            heldHigh = position == null ? heldHigh : position.range().base().high();
            position = null;
            WorkerState failed = update(s -> s.failed(e.getMessage(), System.nanoTime()));
            observer.failed(table.id());
            LOG.warn("table {}: {} (attempt {}, retrying in {} ms)", table.id(), e.getMessage(), failed.failures(),
                    WorkerState.backoffMillis(failed.failures()));
        }
    }

    private WorkerState update(UnaryOperator<WorkerState> change) {
        return state.updateAndGet(change);
    }

    /** Runs the queued operator commands; only from the thread the table's turns run on, or while it has none. */
    void runCommands() {
        for (Pending pending = commands.poll(); pending != null; pending = commands.poll()) {
            try (Connection s = source.getConnection(); TargetSession t = target.session()) {
                Position current = position != null ? position : store.load(t, table.id())
                        .orElseThrow(() -> new IllegalStateException("table " + table.id() + " has not started yet"));
                Position next = store.save(t, pending.command().apply(commandContext, s, current));
                position = next;
                update(WorkerState::retryNow); // an operator acted: try again at once
                pending.result().complete(next);
                LOG.info("table {}: position now {}{}", table.id(), next.range().base(), next.paused() ? " (paused)" : "");
            } catch (SQLException | RuntimeException e) {
                pending.result().completeExceptionally(e);
            }
        }
    }

    private Position loadOrStart() throws SQLException {
        try (TargetSession t = target.session()) {
            var stored = store.load(t, table.id());
            if (stored.isPresent()) {
                if (freshAsOf == null) { // until the first drained poll, the target is known complete only up to now
                    freshAsOf = Instant.now();
                }
                return stored.get();
            }
            Position start;
            try (Connection s = source.getConnection()) {
                var latest = stream.shapes().versions().latest();
                start = Position.startSnapshot(table.id(), StreamRange.at(stream.watermarks().start(s, latest.switchHigh())), latest.number());
            }
            start = store.save(t, start); // the start position is durable before the first row is copied
            freshAsOf = Instant.now();
            LOG.info("table {}: initial load starts at {}", table.id(), start.range().base());
            return start;
        }
    }

    /**
     * The initial load; a table whose shape changed meanwhile is loaded again from the start in its new shape.
     * A target that keeps every change is loaded as a re-snapshot is (see Target#keepsEveryChange).
     */
    private void snapshot(BooleanSupplier turnOver) throws SQLException {
        try (Connection s = source.getConnection(); TargetSession t = target.session()) {
            if (target.keepsEveryChange()) {
                position = store.save(t, position.resnapshot());
                return;
            }
            if (stream.shapes().versions().latest().number() != position.captureVersion()) {
                position = stream.commit(t, stream.restartLoad(s, position));
                LOG.info("table {}: its shape changed during the initial load, which starts again", table.id());
            }
            position = stream.shapes().get(s, position.captureVersion()).copier().copy(s, t, position, (p, estimate) -> position = p, turnOver);
        }
    }

    /**
     * Streams until the window is drained, then copies one re-snapshot chunk if one is under way. While
     * a batch is written to the target, the next one is already read from the source. All of it in one
     * turn of a stream slot: when the turn is over, the table stops after the batch under way (without
     * reading ahead) and goes on at its next poll.
     */
    private void advance(Opened opened) throws SQLException {
        try (StreamSlots.Turn turn = slots.take(); Connection s = source.getConnection(); TargetSession t = target.session()) {
            StreamStep.Batch batch = opened != null ? stream.read(s, position, opened.window(), opened.readAt()) : stream.read(s, position);
            while (true) {
                boolean lastOfTurn = turn.over();
                // after a schema step the stored position may differ from the step's (re-snapshot, fresh start): read anew
                boolean readAhead = !batch.drained() && batch.schema() == null && !lastOfTurn;
                Prefetch<StreamStep.Batch> next = readAhead ? Prefetch.start(readers, readAfter(s, batch.next())) : null;
                Position stored;
                try {
                    stored = stream.commit(t, batch);
                } finally {
                    if (next != null) {
                        next.settle(); // the read uses s, which must not go back to the pool under it
                    }
                }
                position = stored;
                if (batch.drained()) {
                    freshAsOf = batch.windowReadAt() != null ? batch.windowReadAt() : freshAsOf;
                } else if (!batch.rows().isEmpty()) {
                    freshAsOf = batch.rows().get(batch.rows().size() - 1).createTime().toInstant(ZoneOffset.UTC);
                }
                if (batch.schema() != null || lastOfTurn && !batch.drained()) {
                    return;
                }
                if (next == null) {
                    break;
                }
                if (Thread.currentThread().isInterrupted() || standby()) {
                    return; // stopping: the prefetched batch is simply not applied
                }
                batch = next.get().over(stored); // read before its predecessor was stored: takes on the stored revision
            }
            // chunks while the turn lasts; a step that finds the window not drained returns the position as it was
            Position p = position;
            while (p != null && p.phase() == Position.Phase.RESNAPSHOT && !turn.over() && !standby() && !Thread.currentThread().isInterrupted()) {
                Position next = resnapshot.step(s, t, p);
                if (next == p) {
                    break;
                }
                p = next;
                position = p;
            }
        }
    }

    private Prefetch.Read<StreamStep.Batch> readAfter(Connection s, Position after) {
        return () -> stream.read(s, after);
    }

    /**
     * Called when this replica gains or loses the table (replicas sharing the task). A new owner
     * re-reads the position the previous owner left; a former owner stops after its current batch.
     */
    public void ownerChanged(boolean owner) {
        WorkerState before = state.getAndUpdate(s -> (s.state() == TableState.STANDBY) == !owner ? s : s.owner(owner));
        if ((before.state() == TableState.STANDBY) == !owner) {
            return;
        }
        // the position is dropped on the table's own thread (turn): a turn under way still uses it until its batch ends
        freshAsOf = null;
        LOG.info("table {}: {}", table.id(), owner ? "this replica owns the table now" : "another replica owns the table");
    }

    /** Replicas sharing the task: the table waits, from the start, until this replica is given it. */
    public void awaitOwner() {
        update(s -> s.owner(false));
    }

    /** Stops the table until its capture is changed as the reason says; null lets it go on. */
    void stopFor(String reason) {
        update(s -> s.stopFor(reason));
    }

    /** Since when the table has been failing (retrying) or stopped, without a batch applied since; empty while it is not. */
    public Optional<Instant> troubleSince() {
        return Optional.ofNullable(state.get().troubleSince());
    }

    /** Whether another replica owns the table. */
    public boolean standby() {
        return state() == TableState.STANDBY;
    }

    /** What the table is doing now. */
    public TableState state() {
        return state.get().state();
    }

    /** How far behind the source the target is: zero-ish when idle, growing when the table is paused, stuck or behind. */
    public Duration lag() {
        if (standby()) {
            return Duration.ZERO; // the owner reports this table's lag
        }
        Instant fresh = freshAsOf;
        if (fresh == null) {
            Position p = position;
            fresh = p == null || p.lastSourceTime() == null ? null : p.lastSourceTime().toInstant(ZoneOffset.UTC);
        }
        return fresh == null ? Duration.ZERO : Duration.between(fresh, Instant.now());
    }

    /** The base of the applied position: every row it covers is applied, except those of its open transactions. */
    public Watermark appliedBase() {
        Position p = position;
        return p == null || standby() ? null : p.range().base(); // another replica's position may be behind this one's memory
    }

    /**
     * What the purge may take as applied, given the position as stored now: this process's base when the stored one is
     * still its own (it moves an idle table's base on in memory alone), else the stored one — another process stored
     * since (took the table over, reset it back), which this process has not seen yet. Null for another replica's table.
     */
    public Watermark purgeBase(Position stored) {
        Position p = position;
        if (p == null || standby() || stored == null) {
            return null;
        }
        return stored.revision() == p.revision() ? p.range().base() : stored.range().base();
    }

    /** The high-water mark of the table's stored position as this process last held it (also while it reloads it after a failure); -1: none. */
    public long storedHigh() {
        Position p = position;
        return standby() ? -1 : p != null ? p.range().base().high() : heldHigh;
    }

    /** The watermark the table's rows are being judged against: the open window, else the base; null before start. */
    public Watermark watermark() {
        Position p = position;
        return p == null ? null : p.range().window() != null ? p.range().window() : p.range().base();
    }

    public TableStatus status() {
        Position p = position;
        WorkerState st = state.get();
        return TableStatus.of(table.id().toString(), targetName, key, p, st.state(), lag(), st.shownError());
    }
}
