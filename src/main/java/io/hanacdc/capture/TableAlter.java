package io.hanacdc.capture;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SchemaDiff;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.LockWithoutQueueing;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceTransaction;
import io.hanacdc.source.TableStamp;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code alter} command: a captured table's ALTER with capture following it in the same source
 * transaction, so no business write ever meets triggers the ALTER broke (on HANA, error 465). Under the
 * table's exclusive lock: the capture triggers dropped, the ALTER, then the move to the next capture
 * version that {@link CaptureEvolver} makes for any change (new CDC columns, triggers, version and
 * switch point recorded). Writers wait on the lock; any failure rolls all of it back, since DDL joins
 * the transaction ({@link SourceDialect#inTransaction}). A running task takes the version as one another
 * process recorded. No row of the old version can be written after the ALTER, so its re-read finds
 * nothing, unless the table had changed before without capture following: then every key the old
 * version captured is re-read, as that change's window is not known. A clause that changes no column
 * keeps the version, its triggers re-created as they were.
 */
public final class TableAlter {
    private static final Logger LOG = LoggerFactory.getLogger(TableAlter.class);
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final CaptureSql sql;
    private final CaptureRegistry registry;
    private final CaptureVersionStore versionStore;
    private final CaptureEvolver evolver;
    private final Duration lockTimeout;

    public TableAlter(SourceDialect dialect, CaptureNames names, Duration lockTimeout) {
        this.dialect = dialect;
        this.names = names;
        this.sql = dialect.captureSql(names);
        this.registry = new CaptureRegistry(dialect, names);
        this.versionStore = new CaptureVersionStore(dialect, names);
        this.evolver = new CaptureEvolver(dialect, names, lockTimeout);
        this.lockTimeout = lockTimeout;
    }

    /** Runs the ALTER clause on the table with capture moved to its next version; returns that version. */
    public CaptureVersion alter(Connection c, TableId id, String clause) throws SQLException {
        if (clause.isBlank()) {
            throw new CdcException("no ALTER clause given for " + id);
        }
        if (!registry.exists(c)) {
            throw new CdcException("no capture is installed in schema " + names.cdcSchema() + ": alter " + id + " directly");
        }
        var refused = dialect.alterRefusal(c, id, clause);
        if (refused.isPresent()) {
            throw new CdcException("alter of " + id + " refused, nothing was changed: " + refused.get());
        }
        CaptureVersion done;
        try {
            done = dialect.inTransaction(c, lockTimeout, tx -> {
                int captureVersion = registry.lockCaptureVersion(tx, id);
                List<CaptureVersion> versions = versionStore.load(tx, id);
                if (captureVersion == 0 || versions.isEmpty()) {
                    throw new CdcException("table " + id + " is not captured (no capture of it in schema " + names.cdcSchema() + "): alter it directly");
                }
                if (dialect.describe(tx, id).isEmpty()) {
                    throw new CdcException("table " + id + " does not exist at the source");
                }
                LockWithoutQueueing.lock(dialect, tx, sql.lockSource(id), id, lockTimeout);
                CaptureVersion current = versions.get(versions.size() - 1);
                boolean followedBefore = followed(tx, current);
                long windowFrom = followedBefore ? dialect.readHighWaterMark(tx, names) : current.switchHigh();
                SourceTransaction.keepingSchema(tx, session -> {
                    CaptureInstaller.execute(session, first(id, clause));
                    return null;
                });
                if (dialect.describe(tx, id).isEmpty()) {
                    throw new CdcException("the clause renames or drops the table; alter changes a captured table's columns only");
                }
                if (followedBefore && followed(tx, current)) {
                    // no column changed (a constraint, storage): capture stays at its version (DESIGN §5)
                    CaptureInstaller.execute(tx, sql.installTriggers(current.layout()));
                    return current;
                }
                return evolver.make(tx, withoutDrops(evolver.plan(tx, versions, windowFrom))).captureVersion();
            });
        } catch (SQLException | CdcException e) {
            throw new CdcException("alter of " + id + " failed, nothing was changed (table and capture as before): " + e.getMessage(), e);
        }
        LOG.info("table {} altered ({}): capture version {} installed in the same transaction", id, clause, done.number());
        return done;
    }

    /**
     * The statements as one transaction (the SQL {@link #alter} runs, with the re-read window given): pins
     * the statement sequence where no source can run it.
     */
    public List<String> script(List<CaptureVersion> versions, SourceTable after, TableStamp stamp, String clause, long windowFrom) {
        return evolver.script(withoutDrops(evolver.plan(versions, after, stamp, windowFrom)), first(after.id(), clause));
    }

    /** The move without dropping the triggers again: they went before the ALTER. */
    private CaptureEvolver.Move withoutDrops(CaptureEvolver.Move move) {
        List<String> drops = sql.uninstallTriggers(move.captureVersion().layout().table().id());
        return new CaptureEvolver.Move(move.captureVersion(), move.statements().stream().filter(s -> !drops.contains(s)).toList(), move.change());
    }

    /** The capture triggers dropped before the ALTER, so no write in this transaction meets the ones it breaks. */
    private List<String> first(TableId id, String clause) {
        List<String> out = new ArrayList<>(sql.uninstallTriggers(id));
        out.addAll(sql.alterTable(id, clause));
        return out;
    }

    /** Whether capture is at the table's shape as it is now (no earlier ALTER waits to be followed). */
    private boolean followed(Connection tx, CaptureVersion current) throws SQLException {
        TableId id = current.layout().table().id();
        SourceTable now = dialect.describe(tx, id).orElseThrow();
        TableStamp stamp = dialect.stamps(tx, List.of(id)).get(id);
        return stamp != null && !current.recreatedAs(stamp) && !dialect.ddlCuts(tx, names).containsKey(id)
                && SchemaDiff.of(current.layout().table(), current.columnIds(), now, stamp.columnIds(), dialect.columnIdsSurviveRenames()).isEmpty();
    }
}
