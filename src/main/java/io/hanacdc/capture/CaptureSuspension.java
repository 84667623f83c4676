package io.hanacdc.capture;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.LockWithoutQueueing;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The emergency off-switch ({@code suspend}, {@code resume}): suspending a table disables its capture triggers, so
 * its writes can no longer fail because of capture, and records a version marked suspended, which every task and
 * schema check honours (the triggers are not re-created; the table stops with the reason). Resuming re-creates the
 * triggers for the table's shape as it is then, as the next version, marked resumed: the stream loads the table anew
 * there, since its changes while suspended were not captured. Each is one source transaction per table.
 */
public final class CaptureSuspension {
    private static final Logger LOG = LoggerFactory.getLogger(CaptureSuspension.class);
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final CaptureSql sql;
    private final CaptureRegistry registry;
    private final CaptureVersionStore versionStore;
    private final CaptureEvolver evolver;
    private final Duration lockTimeout;

    public CaptureSuspension(SourceDialect dialect, CaptureNames names, Duration lockTimeout) {
        this.dialect = dialect;
        this.names = names;
        this.sql = dialect.captureSql(names);
        this.registry = new CaptureRegistry(dialect, names);
        this.versionStore = new CaptureVersionStore(dialect, names);
        this.evolver = new CaptureEvolver(dialect, names, lockTimeout);
        this.lockTimeout = lockTimeout;
    }

    /** The tables a suspend or resume without --table acts on: every captured table but hana-cdc's own heartbeat. */
    public List<TableId> capturedTables(Connection c) throws SQLException {
        return registry.exists(c) ? registry.entries(c).keySet().stream().filter(id -> !id.schema().equals(names.cdcSchema())).sorted(
                Comparator.comparing(TableId::toString)).toList() : List.of();
    }

    /** Disables the table's capture triggers; false when its capture was suspended already. */
    public boolean suspend(Connection c, TableId id) throws SQLException {
        boolean done = dialect.inTransaction(c, lockTimeout, tx -> {
            CaptureVersion latest = latest(tx, id);
            if (latest.state() == CaptureVersion.State.SUSPENDED) {
                return false;
            }
            LockWithoutQueueing.lock(dialect, tx, sql.lockSource(id), id, lockTimeout);
            CaptureInstaller.execute(tx, sql.disableTriggers(id));
            // disabling the triggers waited for the table's writers: no row of the last version has a higher data id
            CaptureVersion suspended = new CaptureVersion(new CaptureLayout(latest.layout().table(), latest.number() + 1,
                    latest.layout().cdcColumns()), latest.columnIds(), latest.tableOid(), dialect.readHighWaterMark(tx, names), CaptureVersion.State.SUSPENDED);
            versionStore.insert(tx, suspended);
            CaptureInstaller.execute(tx, List.of(registry.updateSql(suspended.layout().table(), dialect.captureOptions().keysOnly(), suspended.number())));
            return true;
        });
        if (done) {
            LOG.warn("capture of {} suspended: its triggers are disabled and its changes are not captured until bin/hana-cdc resume", id);
        }
        return done;
    }

    /** Re-creates the table's capture triggers and marks the table to be loaded anew; false when its capture was not suspended. */
    public boolean resume(Connection c, TableId id) throws SQLException {
        boolean done = dialect.inTransaction(c, lockTimeout, tx -> {
            List<CaptureVersion> versions = versions(tx, id);
            if (versions.get(versions.size() - 1).state() != CaptureVersion.State.SUSPENDED) {
                return false;
            }
            LockWithoutQueueing.lock(dialect, tx, sql.lockSource(id), id, lockTimeout);
            evolver.make(tx, evolver.resumePlan(tx, versions));
            return true;
        });
        if (done) {
            LOG.info("capture of {} resumed: the table is loaded anew once the stream reaches the switch", id);
        }
        return done;
    }

    private CaptureVersion latest(Connection tx, TableId id) throws SQLException {
        List<CaptureVersion> versions = versions(tx, id);
        return versions.get(versions.size() - 1);
    }

    /** The table's versions under its registry row's lock (another process's capture change waits); refuses a table not captured. */
    private List<CaptureVersion> versions(Connection tx, TableId id) throws SQLException {
        int captureVersion = registry.lockCaptureVersion(tx, id);
        List<CaptureVersion> versions = versionStore.load(tx, id);
        if (captureVersion == 0 || versions.isEmpty()) {
            throw new CdcException("table " + id + " is not captured (no capture of it in schema " + names.cdcSchema() + ")");
        }
        return versions;
    }
}
