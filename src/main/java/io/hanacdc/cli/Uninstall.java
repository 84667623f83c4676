package io.hanacdc.cli;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.capture.RemovalScript;
import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.TableId;
import io.hanacdc.schema.TablePattern;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourcePools;
import io.hanacdc.sink.Positions;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetKind;
import io.hanacdc.sink.TargetResolver;
import io.hanacdc.sink.TargetSession;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * uninstall, of the task or of one table, and its script for a DBA. The source is all it needs: the
 * target only holds the positions, removed when it can be reached and otherwise named for later.
 */
final class Uninstall {
    private final CdcConfig cfg;
    private final PrintStream out;
    private final SourceDialect dialect;
    private final CaptureNames names;

    Uninstall(CdcConfig cfg, PrintStream out, SourceDialect dialect, CaptureNames names) {
        this.cfg = cfg;
        this.out = out;
        this.dialect = dialect;
        this.names = names;
    }

    private CaptureInstaller installer() {
        return new CaptureInstaller(dialect, names, cfg.task(), cfg.lockTimeout());
    }

    /**
     * Removes capture from the source, then the task's positions from the target. The source alone
     * suffices: with the target unreachable the positions stay, reported with how to remove them.
     */
    public void all() throws SQLException {
        try (HikariDataSource source = SourcePools.open(cfg, dialect, 1);
             Connection c = source.getConnection()) {
            var removed = installer().uninstall(c);
            out.println("removed capture of " + removed.size() + " table(s); subscriptions of task " + cfg.task() + " removed");
        }
        removePositions(Optional.empty()).ifPresent(n -> out.println("removed " + n + " position(s) of task " + cfg.task()
                + " (target tables and their data are kept)"));
    }

    /**
     * uninstall --table: ends the task's reading of one table, and its capture unless another task reads
     * it. Checked first, changing nothing on a refusal. The position goes before the subscription: a
     * failure in between leaves the table to be loaded anew if it is listed again, never resumed over
     * rows that were purged or never captured meanwhile.
     */
    public void table(String spec) throws SQLException {
        TableId id = TablePattern.table(spec);
        try (HikariDataSource source = SourcePools.open(cfg, dialect, 1); Connection c = source.getConnection()) {
            checkUninstall(c, id);
            boolean hadPosition = removePositions(Optional.of(id)).orElse(0) > 0;
            boolean removed = installer().uninstall(c, id);
            out.println("task " + cfg.task() + " no longer reads " + id + (hadPosition ? " (its position removed)" : "") + "; "
                    + (removed ? "its capture (triggers, CDC table, schema history) is removed" : "its capture stays for the other tasks that read it")
                    + "; the target table and its data are kept");
        }
    }

    /**
     * uninstall --print-sql [--table T]: what uninstall would remove from the source now, as one script
     * a DBA runs by hand (psql, hdbsql) when hana-cdc cannot start; changes nothing, reads only the source.
     */
    public void print(Optional<String> table) throws SQLException {
        Optional<TableId> id = table.map(TablePattern::table);
        try (HikariDataSource source = SourcePools.open(cfg, dialect, 1); Connection c = source.getConnection()) {
            if (id.isPresent()) {
                checkUninstall(c, id.get());
            }
            List<String> script = new RemovalScript(dialect, names, cfg.task()).script(c, id);
            if (script.isEmpty()) {
                out.println("-- no capture installed in schema " + cfg.cdcSchema() + ": nothing to remove");
                return;
            }
            out.println("-- removes the capture of task " + cfg.task() + (id.map(t -> " for table " + t).orElse("")) + " from the source,"
                    + " in one transaction (tables other tasks still read are kept)");
            out.println("-- then, on the target, the task's position(s): " + positionsSql(id) + ";");
            script.forEach(s -> out.println(s + ";\n"));
        }
    }

    /** The refusals of uninstall --table, before anything changes. */
    private void checkUninstall(Connection c, TableId id) throws SQLException {
        installer().checkUninstall(c, id);
        if (DirectCommands.listed(cfg, id)) {
            throw new CdcException("table " + id + " is in hanacdc.tables of task " + cfg.task() + ": take it out (on every replica)"
                    + " and restart the task first, or its capture is installed again at the next start");
        }
    }

    /**
     * Deletes the task's positions (of one table, or all) and returns how many; empty, with a warning
     * naming what to run later, when no target is configured or it cannot be reached.
     */
    private Optional<Integer> removePositions(Optional<TableId> id) {
        String reason = "no target configured (hanacdc.target.url)";
        if (!cfg.target().url().equals(CdcConfig.NO_TARGET)) {
            try (Target target = TargetResolver.open(cfg, 1); TargetSession t = target.session()) {
                Positions store = target.positions();
                store.ensure(t);
                return Optional.of(id.isPresent() ? (store.delete(t, id.get()) ? 1 : 0) : store.deleteTask(t));
            } catch (SQLException | CdcException e) {
                reason = e.getMessage().replaceAll("\\s+", " ");
            }
        }
        out.println("WARNING: the positions of task " + cfg.task() + " in the target were not removed: " + reason + "."
                + " A stale position would resume over rows never captured: before this task runs again, on the target: "
                + positionsSql(id) + (id.isEmpty() ? " (or run uninstall again with the target reachable)" : ""));
        return Optional.empty();
    }

    /**
     * The target's DELETE of the task's positions, for a DBA; without a target URL, or with one no target
     * kind takes, as a MySQL/MariaDB target writes it: the warning that carries it must never be lost.
     */
    private String positionsSql(Optional<TableId> id) {
        TargetKind kind;
        try {
            kind = TargetResolver.kind(cfg.target().url());
        } catch (CdcException e) {
            kind = TargetResolver.kind("jdbc:mysql:");
        }
        return kind.deletePositionsSql(cfg, id);
    }
}
