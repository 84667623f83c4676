package io.hanacdc.capture;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.CatalogReads;
import io.hanacdc.source.LockWithoutQueueing;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SqlWork;
import io.hanacdc.source.TableStamp;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Installs and removes capture. Each table's install (CDC table, triggers, registry row, subscription)
 * is one atomic unit: a failure leaves nothing of that table behind. Capture is shared by the tasks
 * that subscribe to a table; uninstall removes a task's subscriptions and then every capture object no
 * other task still reads, and the shared objects once no table is captured any more.
 */
public final class CaptureInstaller {
    private static final Logger LOG = LoggerFactory.getLogger(CaptureInstaller.class);
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final CaptureSql sql;
    private final CaptureRegistry registry;
    private final String task;
    private final Duration lockTimeout;
    private final CaptureVersionStore versionStore;
    private final CaptureEvolver evolver;
    private final RemovalScript removal;
    static final String KEYS_ONLY = "keys-only: ";

    public CaptureInstaller(SourceDialect dialect, CaptureNames names, String task, Duration lockTimeout) {
        this.dialect = dialect;
        this.names = names;
        this.sql = dialect.captureSql(names);
        this.registry = new CaptureRegistry(dialect, names);
        this.task = task;
        this.lockTimeout = lockTimeout;
        this.versionStore = new CaptureVersionStore(dialect, names);
        this.evolver = new CaptureEvolver(dialect, names, lockTimeout);
        this.removal = new RemovalScript(dialect, names, task);
    }

    /** The full install script, for a DBA to review (install --print-sql). Capture versions are 1 for tables not yet installed. */
    public List<String> script(List<SourceTable> tables) {
        return script(tables, List.of());
    }

    /** The install script followed by {@code after} (the grants of a runtime user), all in one transaction. */
    public List<String> script(List<SourceTable> tables, List<String> after) {
        List<String> out = new ArrayList<>(sql.installShared());
        for (SourceTable t : withHeartbeat(tables)) {
            out.addAll(installStatements(t, false));
            out.add(versionStore.insertSql(firstVersion(t, null, 0))); // object and column ids are filled in by the first schema check
        }
        out.addAll(after);
        return sql.asOneTransaction(out);
    }

    /** A new table's capture at version 1: CDC table, triggers, history, registry, subscription. */
    private List<String> installStatements(SourceTable t, boolean createdSchema) {
        List<String> statements = new ArrayList<>(sql.installTable(CaptureLayout.initial(t, keysOnly())));
        statements.add(registry.insertSql(t, keysOnly(), 1, createdSchema));
        statements.add(registry.subscribeSql(task, t.id()));
        return statements;
    }

    private CaptureVersion firstVersion(SourceTable t, TableStamp stamp, long switchHigh) {
        return new CaptureVersion(CaptureLayout.initial(t, keysOnly()), stamp == null ? Map.of() : stamp.columnIds(),
                stamp == null ? 0 : stamp.objectId(), switchHigh);
    }

    /** The given tables and the heartbeat table, which is captured like any other. */
    private List<SourceTable> withHeartbeat(List<SourceTable> tables) {
        List<SourceTable> all = new ArrayList<>(tables);
        all.add(sql.heartbeatTable());
        return all;
    }

    /**
     * Installs what is missing, for the given tables and the heartbeat table. Each table on its own: one
     * that fails is left as it was and returned with its error, the others are installed. The shared
     * objects and the heartbeat table are needed by every table: their failure is thrown.
     */
    public Map<TableId, CdcException> install(Connection c, List<SourceTable> userTables) throws SQLException {
        List<SourceTable> tables = withHeartbeat(userTables);
        boolean schemaExisted = schemaExists(c);
        if (CatalogReads.number(c, sql.sharedMissing()) > 0) { // re-creating what exists would need rights a runtime user lacks
            run(c, sql.installShared(), "the shared capture objects in schema " + names.cdcSchema());
        }
        boolean createdSchema = !schemaExisted || registry.schemaCreatedByUs(c);
        Map<TableId, CaptureRegistry.Entry> installed = registry.entries(c);
        Map<TableId, TableStamp> stamps = dialect.stamps(c, tables.stream().map(SourceTable::id).toList());
        Map<TableId, Long> cuts = dialect.ddlCuts(c, names);
        Map<TableId, CdcException> failed = new LinkedHashMap<>();
        for (SourceTable t : tables) {
            try {
                installTable(c, t, installed.get(t.id()), createdSchema, stamps.get(t.id()), cuts.get(t.id()));
            } catch (CdcException e) {
                if (t.id().schema().equals(names.cdcSchema())) {
                    throw e; // the heartbeat table
                }
                failed.put(t.id(), e);
            }
        }
        return failed;
    }

    private void installTable(Connection c, SourceTable t, CaptureRegistry.Entry existing, boolean createdSchema, TableStamp stamp, Long cut)
            throws SQLException {
        if (existing == null) {
            run(c, tx -> {
                LockWithoutQueueing.lock(dialect, tx, sql.lockSource(t.id()), t.id(), lockTimeout); // CREATE TRIGGER's lock, not queued for
                execute(tx, installStatements(t, createdSchema));
                // Creating the triggers waited for the table's open writers (a DDL lock on either source),
                // so every id a write of the table takes from now on is above this: where a new reader starts.
                versionStore.insert(tx, firstVersion(t, stamp, dialect.readHighWaterMark(tx, names)));
                return null;
            }, "capture for table " + t.id());
            LOG.info("installed capture for {} (CDC table {}.{})", t.id(), names.cdcSchema(), names.cdcTable(t.id()));
            return;
        }
        if (existing.columns().startsWith(KEYS_ONLY) != keysOnly()) {
            throw new CdcException("capture for " + t.id() + " was installed " + (keysOnly() ? "with full images" : "keys-only")
                    + " but hanacdc.capture.mode is " + (keysOnly() ? "keys-only" : "full") + " now; run 'uninstall' and 'install'"
                    + " again to change the mode");
        }
        follow(c, t, stamp, cut);
        if (!registry.isSubscribed(c, task, t.id())) {
            subscribe(c, t.id());
        }
    }

    /** Subscribes under the registry row's lock, so another task's uninstall cannot remove the capture in between. */
    private void subscribe(Connection c, TableId id) {
        run(c, tx -> {
            if (registry.lockCaptureVersion(tx, id) == 0) {
                throw new SQLException("capture of " + id + " was removed meanwhile"); // install is tried again
            }
            execute(tx, List.of(registry.subscribeSql(task, id)));
            return null;
        }, "subscription of task " + task + " to " + id);
    }

    /**
     * Brings capture of an installed table up to its current shape: a shape changed since the last
     * version (while no task ran), or an ALTER's recorded cut, becomes the next version, with every key
     * captured under the last version re-read (since when the change happened is unknown, unless the
     * cut says); working triggers are checked otherwise. A table whose capture the source user may not
     * move is left to the schema check, which stops it with the DBA's script.
     */
    private void follow(Connection c, SourceTable t, TableStamp stamp, Long cut) throws SQLException {
        List<CaptureVersion> versions = versionStore.load(c, t.id());
        if (versions.isEmpty()) {
            throw new CdcException("capture of " + t.id() + " was installed by an earlier release, without a schema history:"
                    + " run 'uninstall' and 'install' to reinstall it");
        }
        CaptureVersion latest = versions.get(versions.size() - 1);
        if (latest.state() == CaptureVersion.State.SUSPENDED) {
            LOG.warn("capture of {} is suspended: its triggers stay disabled until bin/hana-cdc resume", t.id());
            return;
        }
        boolean changed = !latest.layout().table().equals(t) || latest.recreatedAs(stamp) || cut != null;
        try {
            if (changed || !checkInstalled(c, latest, stamp, dialect.workingTriggers(c, t.id()))) {
                evolver.evolve(c, versions, cut != null ? cut : latest.switchHigh());
            }
        } catch (CaptureBlockedException e) {
            LOG.error(e.getMessage());
        } catch (SQLException e) {
            throw new CdcException("could not move capture of " + t.id() + " to its new shape (nothing of it was changed): "
                    + e.getMessage() + hint(e), e);
        }
    }

    /**
     * For a table whose shape is the one captured: records the object and column ids if the version
     * was installed without them (from install --print-sql), so a later drop and re-create or rename is
     * recognised, and repairs the triggers. Returns false when the table changed since {@code stamp} was
     * read (an ALTER recorded its cut, or the catalog differs): then capture must move to a new version,
     * whose re-read a repair at this version would forget.
     *
     * @param working the table's working triggers, as {@link io.hanacdc.source.SourceDialect#workingTriggers} read them
     * @throws CaptureBlockedException the triggers need repair and the source user may not re-create them
     */
    public boolean checkInstalled(Connection c, CaptureVersion latest, TableStamp stamp, Set<String> working) throws SQLException {
        if (latest.tableOid() == 0 && stamp != null) {
            versionStore.recordIds(c, new CaptureVersion(latest.layout(), stamp.columnIds(), stamp.objectId(), latest.switchHigh(), latest.state()));
        }
        return repairTriggers(c, latest.layout(), stamp, working);
    }

    /**
     * Capture must never silently stop: a trigger someone dropped or disabled, or that the source marked
     * invalid, is reported and re-created (all three together, atomically, at the installed version) —
     * unless, under the lock the repair takes, the table turns out to have changed since {@code seen}.
     */
    private boolean repairTriggers(Connection c, CaptureLayout layout, TableStamp seen, Set<String> working) throws SQLException {
        TableId id = layout.table().id();
        List<String> broken = sql.triggerNames(id).stream().filter(n -> !working.contains(n)).toList();
        if (broken.isEmpty()) {
            return true;
        }
        List<String> statements = new ArrayList<>(List.of(sql.lockSource(id)));
        statements.addAll(sql.uninstallTriggers(id));
        statements.addAll(sql.installTriggers(layout));
        try {
            return run(c, tx -> {
                LockWithoutQueueing.lock(dialect, tx, statements.get(0), id, lockTimeout);
                // another process moved capture on (a suspend, say) before it let the lock go: its version decides
                if (changedSince(tx, id, seen) || registry.captureVersion(tx, id) != layout.captureVersion()) {
                    return false;
                }
                LOG.warn("capture trigger(s) {} of table {} are missing, disabled or invalid: re-creating them", broken, id);
                execute(tx, statements.subList(1, statements.size()));
                return true;
            }, "the capture triggers of table " + id);
        } catch (CdcException e) {
            if (e.getCause() instanceof SQLException cause && dialect.isMissingPrivilege(cause)) {
                throw new CaptureBlockedException(id, "its capture trigger(s) " + broken + " are missing, disabled or invalid and must be re-created",
                        cause, sql.asOneTransaction(statements));
            }
            throw e;
        }
    }

    /** Whether an ALTER recorded a cut for the table, or its catalog entry differs from {@code seen} (null: not known). */
    private boolean changedSince(Connection c, TableId id, TableStamp seen) throws SQLException {
        if (dialect.ddlCuts(c, names).containsKey(id)) {
            return true;
        }
        TableStamp now = dialect.stamps(c, List.of(id)).get(id);
        return seen != null && (now == null || now.objectId() != seen.objectId() || !now.fingerprint().equals(seen.fingerprint()));
    }

    /** Removes this task's subscriptions and the capture objects nobody else reads. Returns the tables whose capture was removed. */
    public List<TableId> uninstall(Connection c) throws SQLException {
        if (!schemaExists(c) || !registry.exists(c)) {
            LOG.info("no capture installed in schema {}", names.cdcSchema());
            return List.of();
        }
        run(c, List.of(registry.unsubscribeSql(task)), "subscriptions of task " + task);
        boolean createdSchema = registry.schemaCreatedByUs(c);
        List<TableId> removed = new ArrayList<>();
        for (TableId id : registry.entries(c).keySet()) {
            if (run(c, tx -> removeIfUnsubscribed(tx, id), "capture for table " + id)) {
                removed.add(id);
                LOG.info("removed capture for {}", id);
            }
        }
        if (registry.entries(c).isEmpty()) {
            run(c, removal.shared(createdSchema), "the shared capture objects in schema " + names.cdcSchema());
            LOG.info("removed the shared capture objects{}", createdSchema ? " and schema " + names.cdcSchema() : "");
        }
        return removed;
    }

    /**
     * Ends this task's reading of one table (uninstall --table): its subscription and, unless another
     * task still subscribes, the table's capture, in one atomic unit. Capture nobody subscribes to is
     * removed by any task. Returns whether the capture was removed (false: kept for the other tasks).
     */
    public boolean uninstall(Connection c, TableId id) throws SQLException {
        checkUninstall(c, id);
        boolean removed = run(c, tx -> {
            execute(tx, List.of(registry.unsubscribeSql(task, id)));
            return removeIfUnsubscribed(tx, id);
        }, "capture of table " + id + " for task " + task);
        if (removed) {
            LOG.info("removed capture for {}", id);
        } else {
            LOG.info("task {} no longer reads {}; its capture stays for the other tasks that read it", task, id);
        }
        return removed;
    }

    /** Refuses, changing nothing, an uninstall --table of a table that is not captured, or captured only for other tasks. */
    public void checkUninstall(Connection c, TableId id) throws SQLException {
        if (id.schema().equals(names.cdcSchema())) {
            throw new CdcException(id + " is in the CDC schema " + names.cdcSchema() + ": it goes with the whole task ('uninstall' without --table)");
        }
        if (!schemaExists(c) || !registry.exists(c) || !registry.entries(c).containsKey(id)) {
            throw new CdcException("table " + id + " is not captured in schema " + names.cdcSchema()
                    + ": nothing to remove (names are case-sensitive; 'status' lists the captured tables this task does not read)");
        }
        List<String> subscribers = registry.subscribers(c, id);
        if (!subscribers.isEmpty() && !subscribers.contains(task)) {
            throw new CdcException("table " + id + " is captured for task(s) " + String.join(", ", subscribers) + ", not for task " + task
                    + ": run uninstall --table with hanacdc.task set to the task that should stop reading it");
        }
    }

    /** In the caller's transaction: removes the table's capture if no task subscribes to it (under its registry row's lock). */
    private boolean removeIfUnsubscribed(Connection tx, TableId id) throws SQLException {
        if (registry.lockCaptureVersion(tx, id) == 0 || registry.subscriberCount(tx, id) > 0) {
            return false;
        }
        execute(tx, removal.table(id));
        return true;
    }

    /** The capture tables of every table captured in the CDC schema (by any task): all take ids from the shared sequence. */
    public List<String> allCaptureTables(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        for (TableId id : registry.entries(c).keySet()) {
            out.add(dialect.qualified(names.cdcSchema(), names.cdcTable(id)));
            if (dialect.recordsCaptureErrors()) {
                out.add(dialect.qualified(names.cdcSchema(), names.errorTable(id)));
            }
        }
        return out;
    }

    private boolean keysOnly() {
        return dialect.captureOptions().keysOnly();
    }

    private boolean schemaExists(Connection c) throws SQLException {
        return schemaExists(c, names.cdcSchema());
    }

    /** Whether the shared capture objects (sequence, registry, ...) are installed. */
    public boolean sharedObjectsExist(Connection c) throws SQLException {
        return schemaExists(c) && registry.exists(c);
    }

    /** The tables whose capture is installed (none while the shared objects are missing). */
    public Set<TableId> installedTables(Connection c) throws SQLException {
        return sharedObjectsExist(c) ? registry.entries(c).keySet() : Set.of();
    }

    /** Whether the source has the schema (names are case-sensitive). */
    public static boolean schemaExists(Connection c, String schema) throws SQLException {
        try (ResultSet rs = c.getMetaData().getSchemas(null, null)) {
            while (rs.next()) {
                if (schema.equals(rs.getString("TABLE_SCHEM"))) {
                    return true;
                }
            }
        }
        return false;
    }

    private void run(Connection c, List<String> statements, String what) {
        run(c, tx -> {
            execute(tx, statements);
            return null;
        }, what);
    }

    static void execute(Connection c, List<String> statements) throws SQLException {
        try (var s = c.createStatement()) {
            for (String statement : statements) {
                s.execute(statement);
            }
        }
    }

    /** Runs the work as one atomic unit; a failure changes nothing and is reported naming what was installed or removed. */
    private <T> T run(Connection c, SqlWork<T> work, String what) {
        try {
            return dialect.inTransaction(c, lockTimeout, work);
        } catch (SQLException e) {
            throw new CdcException("could not install/remove " + what + " (nothing of it was changed): " + e.getMessage()
                    + hint(e), e);
        }
    }

    private static String hint(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.equals("42501")) {
            return ". The source user lacks a privilege: see docs/postgresql.md \"PostgreSQL privileges\" or docs/hana.md \"Privileges\"";
        }
        if (state.equals("55P03")) {
            return ". A long transaction holds a lock on the table: retry when it has finished, or raise hanacdc.install.lock-timeout-ms";
        }
        return "";
    }
}
