package io.hanacdc.capture;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SchemaDiff;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.LockWithoutQueueing;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.TableStamp;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a table's capture to a new version after its source shape changed (DESIGN §5), in one source
 * transaction: new CDC columns, the triggers re-created under version v+1, the version recorded, and
 * a re-read row of v+1 for every key that rows of v captured after {@code windowFrom} (the changes made
 * between the source ALTER and now, whose images may lack what the ALTER changed). The new shape is
 * read under the lock the move takes on the source table, so no ALTER comes between it and the triggers
 * made for it. The triggers' re-creation waits for writers in flight, so every row of v has a data id
 * at most the high water mark read after it: the version's switch point. When the source user may not
 * make the move, the table stops with the script that makes it.
 */
public final class CaptureEvolver {
    private static final Logger LOG = LoggerFactory.getLogger(CaptureEvolver.class);
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final CaptureSql sql;
    private final CaptureRegistry registry;
    private final CaptureVersionStore versionStore;
    private final Duration lockTimeout;

    /** A move to the next version: the version it records (switch point not yet known), what it runs, and what it says about the change. */
    record Move(CaptureVersion captureVersion, List<String> statements, String change) {}

    public CaptureEvolver(SourceDialect dialect, CaptureNames names, Duration lockTimeout) {
        this.dialect = dialect;
        this.names = names;
        this.sql = dialect.captureSql(names);
        this.registry = new CaptureRegistry(dialect, names);
        this.versionStore = new CaptureVersionStore(dialect, names);
        this.lockTimeout = lockTimeout;
    }

    /**
     * Records the table's shape as it is now as the next version; keys captured after {@code windowFrom},
     * or after the cut an ALTER recorded if that is earlier, are re-read. Returns the version now in force,
     * which is another process's when it moved capture on first (then nothing is done here).
     *
     * @throws CaptureBlockedException the source user may not make the move; the message holds the script
     */
    public CaptureVersion evolve(Connection c, List<CaptureVersion> versions, long windowFrom) throws SQLException {
        CaptureVersion current = versions.get(versions.size() - 1);
        TableId id = current.layout().table().id();
        Move done;
        try {
            done = dialect.inTransaction(c, lockTimeout, tx -> {
                if (registry.lockCaptureVersion(tx, id) != current.number()) {
                    return null; // another process moved capture on meanwhile
                }
                LockWithoutQueueing.lock(dialect, tx, sql.lockSource(id), id, lockTimeout);
                return make(tx, plan(tx, versions, windowFrom));
            });
        } catch (SQLException e) {
            if (!dialect.isMissingPrivilege(e)) {
                throw e;
            }
            throw new CaptureBlockedException(id, "its capture must move to version " + (current.number() + 1) + " after a change of its columns",
                    e, script(plan(c, versions, windowFrom), List.of()));
        }
        if (done == null) {
            LOG.info("capture of {} was moved to a new version by another process", id);
            return versionStore.load(c, id).get(versions.size());
        }
        LOG.info("table {} changed at the source ({}): capture version {} installed", id, done.change(), done.captureVersion().number());
        return done.captureVersion();
    }

    /**
     * Runs the move in the caller's transaction, which holds the lock on the source table, and records
     * the version with its switch point, read after the triggers were made.
     */
    Move make(Connection tx, Move move) throws SQLException {
        CaptureInstaller.execute(tx, move.statements());
        CaptureVersion planned = move.captureVersion();
        CaptureVersion v = new CaptureVersion(planned.layout(), planned.columnIds(), planned.tableOid(), dialect.readHighWaterMark(tx, names),
                planned.state());
        versionStore.insert(tx, v);
        CaptureInstaller.execute(tx, List.of(registry.updateSql(v.layout().table(), keysOnly(), v.number())));
        return new Move(v, move.statements(), move.change());
    }

    /** The move the table's shape as the connection sees it now calls for. */
    Move plan(Connection c, List<CaptureVersion> versions, long windowFrom) throws SQLException {
        TableId id = versions.get(0).layout().table().id();
        SourceTable now = dialect.describe(c, id).orElse(null);
        TableStamp stamp = dialect.stamps(c, List.of(id)).get(id);
        if (now == null || stamp == null) {
            throw new CdcException("table " + id + " was dropped while its capture was moving to a new version");
        }
        Long cut = dialect.ddlCuts(c, names).get(id);
        return plan(versions, now, stamp, cut == null ? windowFrom : Math.min(windowFrom, cut));
    }

    Move plan(List<CaptureVersion> versions, SourceTable now, TableStamp stamp, long windowFrom) {
        return plan(versions, now, stamp, windowFrom, CaptureVersion.State.CAPTURING);
    }

    /** A resumed version re-reads nothing: the stream loads the table anew there. */
    private Move plan(List<CaptureVersion> versions, SourceTable now, TableStamp stamp, long windowFrom, CaptureVersion.State state) {
        CaptureVersion current = versions.get(versions.size() - 1);
        boolean recreated = current.recreatedAs(stamp);
        SchemaDiff diff = SchemaDiff.of(current.layout().table(), current.columnIds(), now, stamp.columnIds(), dialect.columnIdsSurviveRenames());
        CaptureLayout next = new NextLayout(names, keysOnly()).of(versions, now, diff);
        List<SourceColumn> newCdcColumns = NextLayout.newCdcColumns(versions, next);
        List<String> statements = new ArrayList<>();
        if (!newCdcColumns.isEmpty()) {
            statements.addAll(sql.addCdcColumns(now.id(), newCdcColumns));
        }
        statements.addAll(sql.uninstallTriggers(now.id()));
        statements.addAll(sql.installTriggers(next));
        boolean reread = !recreated && !diff.keyChanged() && state == CaptureVersion.State.CAPTURING;
        if (reread) {
            statements.add(sql.resyncKeys(current.layout(), next, windowFrom));
        }
        String change = (state == CaptureVersion.State.RESUMED ? "capture resumed; " : "") + (recreated ? "dropped and re-created" : diff.toString())
                + (reread ? "; keys changed since data id " + windowFrom + " will be re-read" : "");
        return new Move(new CaptureVersion(next, stamp.columnIds(), stamp.objectId(), 0, state), statements, change);
    }

    /**
     * The move that resumes a suspended capture: the table's shape as it is now becomes the next version, marked
     * resumed, with its triggers re-created and nothing re-read (the stream loads the table anew at that version).
     */
    Move resumePlan(Connection c, List<CaptureVersion> versions) throws SQLException {
        TableId id = versions.get(0).layout().table().id();
        SourceTable now = dialect.describe(c, id).orElseThrow(() -> new CdcException("table " + id + " does not exist at the source"));
        TableStamp stamp = dialect.stamps(c, List.of(id)).get(id);
        return plan(versions, now, stamp, 0, CaptureVersion.State.RESUMED);
    }

    /**
     * What {@link #evolve} runs, as a script a DBA runs as it is when the source user may not: the
     * version's switch point is read by the script itself, after its triggers are made.
     */
    public List<String> script(List<CaptureVersion> versions, SourceTable now, TableStamp stamp, long windowFrom) {
        return script(plan(versions, now, stamp, windowFrom), List.of());
    }

    /** What {@link CaptureSuspension#resume} runs, as one transaction: pins its statements where no source can run them. */
    public List<String> resumeScript(List<CaptureVersion> versions, SourceTable now, TableStamp stamp) {
        return script(plan(versions, now, stamp, 0, CaptureVersion.State.RESUMED), List.of());
    }

    /** The move as one transaction, with what runs first under the table's lock. */
    List<String> script(Move move, List<String> first) {
        CaptureVersion v = move.captureVersion();
        List<String> out = new ArrayList<>(List.of(sql.lockSource(v.layout().table().id())));
        out.addAll(first);
        out.addAll(move.statements());
        out.add(versionStore.insertSql(v, dialect.highWaterMark(names)));
        out.add(registry.updateSql(v.layout().table(), keysOnly(), v.number()));
        return sql.asOneTransaction(out);
    }

    private boolean keysOnly() {
        return dialect.captureOptions().keysOnly();
    }
}
