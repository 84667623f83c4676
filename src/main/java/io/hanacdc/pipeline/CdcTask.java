package io.hanacdc.pipeline;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.capture.CaptureSuspension;
import io.hanacdc.capture.CdcPurger;
import io.hanacdc.capture.UnreadCapture;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.cluster.OwnerStore;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.stream.HeldBackQuery;
import io.hanacdc.stream.PendingRowsQuery;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.watermark.Watermark;
import io.hanacdc.watermark.WatermarkChoice;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import javax.sql.DataSource;

/**
 * A running task, as TaskAssembler built it: pools, capture installed, target tables ready and one worker per table.
 * What the task's routes and the admin surface do with it: schema checks, purges, the heartbeat, the tick's scheduler.
 */
public final class CdcTask implements AutoCloseable {
    private final HikariDataSource source;
    private final Target target;
    private final List<TableWorker> workers;
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final String task;
    private final SchemaWatcher watcher;
    private final UnreadCapture unread;
    private final List<TableStatus> stopped;
    private final ExecutorService readers;
    private final WatermarkChoice watermarks;
    private final Heartbeat heartbeat;

    CdcTask(HikariDataSource source, Target target, List<TableWorker> workers, SourceDialect dialect, CaptureNames names,
                    String task, SchemaWatcher watcher, UnreadCapture unread, List<TableStatus> stopped, ExecutorService readers,
                    WatermarkChoice watermarks) {
        this.source = source;
        this.target = target;
        this.workers = workers;
        this.dialect = dialect;
        this.names = names;
        this.task = task;
        this.watcher = watcher;
        this.unread = unread;
        this.stopped = stopped;
        this.readers = readers;
        this.watermarks = watermarks;
        this.heartbeat = new Heartbeat(dialect, names, task);
    }

    /**
     * Checks the shapes of the tables this process runs (DESIGN §5), following changes, stops the tables
     * whose capture waits for a DBA, and finds the captured tables this task does not read; returns the
     * high water mark up to which purging cannot lose rows a later check would re-read.
     */
    public long checkSchemas() throws SQLException {
        try (Connection c = source.getConnection()) {
            long bound = watcher.check(c, workers.stream().filter(w -> !w.standby()).map(TableWorker::versions).toList(), storedHighs());
            workers.forEach(w -> w.stopFor(watcher.stopReason(w.table().id())));
            unread.refresh(c);
            return bound;
        }
    }

    /** The high-water mark of each table's position, for the tables whose position this process holds. */
    private Map<TableId, Long> storedHighs() {
        Map<TableId, Long> out = new HashMap<>();
        for (TableWorker w : workers) {
            if (w.storedHigh() >= 0) {
                out.put(w.table().id(), w.storedHigh());
            }
        }
        return out;
    }

    /** Captured tables nothing in this task applies, as of the last check. */
    public UnreadCapture unread() {
        return unread;
    }

    /** The purge route's: purger and breaker as the settings say (see below); returns rows deleted. */
    public long purge(CdcConfig cfg) throws SQLException {
        return purge(purger(cfg), breaker(cfg));
    }

    /**
     * Purges, for every table, the CDC rows all its subscribers have applied (and a schema check has seen); returns rows
     * deleted. A table whose CDC table still holds more rows than the breaker's limit has its capture suspended.
     */
    long purge(CdcPurger purger, CaptureBreaker breaker) throws SQLException {
        long deleted = purge(purger);
        try (Connection c = source.getConnection()) {
            if (!breaker.check(c, workers.stream().filter(w -> !w.standby()).map(w -> w.table().id()).toList()).isEmpty()) {
                checkSchemas(); // the suspended tables stop with the reason now
            }
        }
        return deleted;
    }

    /**
     * Purges, for every table, the CDC rows all its subscribers have applied (and a schema check has seen); returns rows
     * deleted. What this task applied is checked against the stored positions: a replica that has not yet seen another
     * take the table over (and reset it back) would otherwise publish its memory's base, beyond the replay.
     */
    public long purge(CdcPurger purger) throws SQLException {
        long deleted = 0;
        long checked = checkSchemas();
        Map<TableId, Position> stored = new HashMap<>();
        try (TargetSession t = target.session()) {
            target.positions().list(t).forEach(p -> stored.put(p.table(), p));
        }
        try (Connection c = source.getConnection()) {
            for (TableWorker w : workers) {
                Watermark base = w.purgeBase(stored.get(w.table().id()));
                if (base == null) { // another replica's, or not started: its owner publishes
                    continue;
                }
                Watermark bound = base.high() <= checked ? base : new Watermark(checked, base.open(), base.openFrom());
                deleted += purger.purge(c, w.table().id(), bound, names.captureTables(dialect, w.table().id()));
            }
        }
        return deleted;
    }

    CaptureBreaker breaker(CdcConfig cfg) {
        return new CaptureBreaker(dialect, names, new CaptureSuspension(dialect, names, cfg.lockTimeout()),
                cfg.maintenance().maxPendingRows());
    }

    public CdcPurger purger(CdcConfig cfg) {
        return new CdcPurger(dialect, names, task, cfg.maintenance().purgeRetention(), cfg.maintenance().purgeChunk());
    }

    /**
     * Writes this task's heartbeat row on the source; its capture and replication keep idle lag honest. Among replicas
     * only the one running the heartbeat table writes it: each row takes a data id, which makes every replica ask which
     * of its tables have rows.
     */
    public void beat() throws SQLException {
        if (workers.stream().noneMatch(w -> w.table().id().equals(heartbeat.table()) && w.standby())) {
            heartbeat.write(source);
        }
    }

    public List<TableWorker> workers() {
        return workers;
    }

    /** The tables that cannot be replicated: stopped at start, each with its reason (state "stopped", last error). */
    public List<TableStatus> stopped() {
        return stopped;
    }

    public DataSource source() {
        return source;
    }

    public Target target() {
        return target;
    }

    /**
     * One timer's driver of all the tables: turns on {@code turns} threads, loads on {@code loads} threads (both
     * shut down by the caller, which stops ticking first).
     */
    TickScheduler scheduler(TickPace pace, ExecutorService turns, ExecutorService loads) {
        return new TickScheduler(workers, source, watermarks.taskWide(), dialect, names, pace, turns, loads);
    }

    /** Where replicas sharing task {@code taskName} record who owns which table. */
    public OwnerStore ownerStore(String taskName) {
        return new OwnerStore(dialect, names, taskName);
    }

    /** The query of captured tables' rows above a data id each. */
    public PendingRowsQuery pendingRowsQuery(List<TableId> tables) {
        return new PendingRowsQuery(dialect, tables.stream().map(t -> names.captureTables(dialect, t)).toList());
    }

    /** The held-back-rows query of the task's tables' CDC tables, in the workers' order. */
    public HeldBackQuery heldBackQuery() {
        return new HeldBackQuery(dialect, workers.stream().map(w -> dialect.qualified(names.cdcSchema(), names.cdcTable(w.table().id()))).toList());
    }

    @Override
    public void close() {
        readers.shutdown();
        target.close();
        source.close();
    }
}
