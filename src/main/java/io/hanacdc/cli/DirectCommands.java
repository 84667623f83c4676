package io.hanacdc.cli;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.capture.CaptureSuspension;
import io.hanacdc.capture.RuntimeGrants;
import io.hanacdc.capture.TableAlter;
import io.hanacdc.capture.UnreadCapture;
import io.hanacdc.check.Preflight;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.cluster.OwnerStore;
import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.schema.TablePattern;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.source.SourcePools;
import io.hanacdc.source.TableResolver;
import io.hanacdc.stream.PendingRowsQuery;
import io.hanacdc.sink.Positions;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetResolver;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.verify.Verifier;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The one-shot commands: install (or print its SQL), uninstall (of the task or of one table), alter, status, verify. */
public final class DirectCommands {
    private final CdcConfig cfg;
    private final PrintStream out;
    private final SourceDialect dialect;
    private final CaptureNames names;

    public DirectCommands(CdcConfig cfg, PrintStream out) {
        this.cfg = cfg;
        this.out = out;
        this.dialect = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
        this.names = new CaptureNames(cfg.cdcSchema(), dialect);
    }

    private CaptureInstaller installer() {
        return new CaptureInstaller(dialect, names, cfg.task(), cfg.lockTimeout());
    }

    public void install(boolean printOnly) throws Exception {
        install(printOnly, Optional.empty());
    }

    /**
     * @param printOnly   print the script for a DBA instead of running it
     * @param runtimeUser with printOnly: add the grants this user needs to run the task the script installs
     */
    public void install(boolean printOnly, Optional<String> runtimeUser) throws Exception {
        if (!printOnly) {
            new Preflight(cfg).gate("install");
        }
        try (HikariDataSource source = SourcePools.open(cfg, dialect, 1);
             Connection c = source.getConnection()) {
            List<SourceTable> tables = new TableResolver(dialect, cfg.cdcSchema()).resolve(c, cfg.tables()).all();
            if (printOnly) {
                List<String> grants = runtimeUser.map(u -> new RuntimeGrants(dialect, names)
                        .statements(u, tables.stream().map(SourceTable::id).toList(), cfg.watermark().equals("gap-probe"))).orElse(List.of());
                installer().script(tables, grants).forEach(s -> out.println(s + ";\n"));
                return;
            }
            var failed = installer().install(c, tables);
            if (!failed.isEmpty()) {
                throw new CdcException(failed.values().stream().map(CdcException::getMessage).collect(Collectors.joining("; ")));
            }
            out.println("capture installed for " + (tables.size() + 1) + " table(s) (with the heartbeat table) in schema " + cfg.cdcSchema());
        }
    }

    /** Removes capture from the source, then the task's positions from the target (see {@link Uninstall}). */
    public void uninstall() throws SQLException {
        new Uninstall(cfg, out, dialect, names).all();
    }

    /** uninstall --table: ends the task's reading of one table (see {@link Uninstall}). */
    public void uninstallTable(String spec) throws SQLException {
        new Uninstall(cfg, out, dialect, names).table(spec);
    }

    /** uninstall --print-sql [--table T]: the removal script, changing nothing (see {@link Uninstall}). */
    public void printUninstall(Optional<String> table) throws SQLException {
        new Uninstall(cfg, out, dialect, names).print(table);
    }

    /**
     * alter: the table's ALTER with its capture moved to the next version in the same transaction, as
     * a user who may alter the table and the capture objects (docs/operations.md "Changing a captured table").
     */
    public void alter(String spec, String clause, CdcConfig.Endpoint as) throws SQLException {
        TableId id = TablePattern.table(spec);
        try (HikariDataSource source = SourcePools.open(as, dialect, 1); Connection c = source.getConnection()) {
            int captureVersion = new TableAlter(dialect, names, cfg.lockTimeout()).alter(c, id, clause).number();
            out.println("table " + id + " altered; its capture moved to version " + captureVersion + " in the same transaction");
        }
    }

    /**
     * suspend / resume: capture of one table, or of every captured table, turned off at once (triggers disabled) or on
     * again (the tables loaded anew), as a user who may alter the tables (docs/operations.md "Emergency off-switch").
     */
    public void suspendOrResume(boolean suspend, Optional<String> table, CdcConfig.Endpoint as) throws SQLException {
        CaptureSuspension suspension = new CaptureSuspension(dialect, names, cfg.lockTimeout());
        try (HikariDataSource source = SourcePools.open(as, dialect, 1); Connection c = source.getConnection()) {
            List<TableId> tables = table.isPresent() ? List.of(TablePattern.table(table.get())) : suspension.capturedTables(c);
            if (tables.isEmpty() || !installer().sharedObjectsExist(c)) {
                throw new CdcException("no table is captured in schema " + cfg.cdcSchema());
            }
            List<String> failed = new ArrayList<>();
            for (TableId id : tables) { // one table's failure (a lock it could not get) leaves the others to go on
                try {
                    boolean changed = suspend ? suspension.suspend(c, id) : suspension.resume(c, id);
                    out.println("table " + id + ": " + (suspend ? changed ? "capture suspended (triggers disabled)" : "capture was suspended already"
                            : changed ? "capture resumed; the table is loaded anew" : "capture was not suspended"));
                } catch (SQLException | CdcException e) {
                    failed.add(id + " (nothing of it changed): " + e.getMessage());
                }
            }
            if (!failed.isEmpty()) {
                throw new CdcException((suspend ? "suspend" : "resume") + " failed for " + String.join("; ", failed) + "; run it again");
            }
        }
    }

    /** Whether this task's settings list the table; the heartbeat table is always read. */
    private boolean listed(TableId id) {
        return listed(cfg, id);
    }

    static boolean listed(CdcConfig cfg, TableId id) {
        return id.schema().equals(cfg.cdcSchema()) || cfg.tables().stream().anyMatch(p -> p.matches(id));
    }

    /** @param shared replicas share the task: each table's owner is shown (read from the source) */
    public void status(boolean shared) throws SQLException {
        Map<TableId, String> owners = shared ? owners() : Map.of();
        try (Target target = TargetResolver.open(cfg, 1); TargetSession t = target.session()) {
            Positions store = target.positions();
            store.ensure(t);
            List<Position> positions = store.list(t);
            if (positions.isEmpty()) {
                out.println("task " + cfg.task() + " has no stored positions yet");
            }
            out.printf("%-32s %-32s %-10s %10s %10s %12s %14s %-26s %s%n", "table", "target", "phase", "snapshot", "streamed", "last id", "last tx", "last source time", "watermark");
            for (Position p : positions) {
                out.printf("%-32s %-32s %-10s %10d %10d %12d %14d %-26s %s%n", p.table(), target.describe(p.table()), p.phase(),
                        p.snapshotRows(), p.rowsApplied(), p.lastDataId(), p.lastTransactionId(), p.lastSourceTime() == null ? "-" : p.lastSourceTime() + "Z",
                        p.range().base() + (p.range().window() == null ? "" : " -> " + p.range().window() + " @" + p.range().cursor())
                                + (shared ? "  owner " + owners.getOrDefault(p.table(), "none") : ""));
            }
        }
        unreadStatus();
    }

    /** Which replica owns each table; empty when the source cannot say (the status of the positions still answers). */
    private Map<TableId, String> owners() {
        Map<TableId, String> owners = new HashMap<>();
        try (HikariDataSource source = SourcePools.open(cfg, dialect, 1); Connection c = source.getConnection()) {
            new OwnerStore(dialect, names, cfg.task()).owners(c).forEach((id, o) -> owners.put(id, o.ownedBy() == null ? "none" : o.ownedBy()));
        } catch (SQLException | CdcException e) {
            out.println("owners not read (source not readable): " + e.getMessage());
        }
        return owners;
    }

    /** The captured tables this task does not read; status still answers when the source does not. */
    private void unreadStatus() {
        try (HikariDataSource source = SourcePools.open(cfg, dialect, 1); Connection c = source.getConnection()) {
            for (UnreadCapture.Table t : new UnreadCapture(dialect, names, cfg.task(), this::listed).find(c)) {
                Long pending = new PendingRowsQuery(dialect, List.of(names.captureTables(dialect, t.id()))).count(c, List.of(t.appliedHigh())).get(0);
                out.println("WARNING: " + t.warning() + " [" + (pending == null ? "its CDC rows could not be counted"
                        : (pending < PendingRowsQuery.LIMIT ? "" : "at least ") + pending + " CDC rows kept for it") + "]");
            }
        } catch (SQLException | CdcException e) {
            out.println("captured tables not checked (source not readable): " + e.getMessage());
        }
    }

    /**
     * Compares source and target (docs/operations.md "Verifying"); true when they are equal.
     *
     * @param tables hanacdc.tables syntax, default: the task's tables
     * @param wait how long differing keys are re-checked while the task may still apply them
     */
    public boolean verify(Optional<String> tables, Duration wait) throws SQLException, InterruptedException {
        var result = new Verifier(cfg, out, wait).run(tables.map(TablePattern::parseList).orElse(cfg.tables()));
        return result.differences() == 0;
    }
}
