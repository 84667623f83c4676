package io.hanacdc.admin;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.CdcException;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.PositionStore;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TablePattern;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.source.TableResolver;
import io.hanacdc.target.mysql.MySqlTarget;
import io.hanacdc.verify.Verifier;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The one-shot commands: install (or print its SQL), uninstall, status, verify. */
public final class Commands {
    private final CdcConfig cfg;
    private final PrintStream out;
    private final SourceDialect dialect;
    private final CaptureNames names;

    public Commands(CdcConfig cfg, PrintStream out) {
        this.cfg = cfg;
        this.out = out;
        this.dialect = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
        this.names = new CaptureNames(cfg.cdcSchema(), dialect.maxIdentifierBytes());
    }

    private CaptureInstaller installer() {
        return new CaptureInstaller(dialect, names, cfg.task(), cfg.lockTimeout());
    }

    public void install(boolean printOnly) throws SQLException {
        try (HikariDataSource source = CdcTask.sourcePool(cfg, dialect, 1);
             Connection c = source.getConnection()) {
            List<SourceTable> tables = new TableResolver(dialect, cfg.cdcSchema()).resolve(c, cfg.tables()).all();
            if (printOnly) {
                installer().script(tables).forEach(s -> out.println(s + ";\n"));
                return;
            }
            var failed = installer().install(c, tables);
            if (!failed.isEmpty()) {
                throw new CdcException(failed.values().stream().map(CdcException::getMessage).collect(java.util.stream.Collectors.joining("; ")));
            }
            out.println("capture installed for " + (tables.size() + 1) + " table(s) (with the heartbeat table) in schema " + cfg.cdcSchema());
        }
    }

    public void uninstall() throws SQLException {
        try (HikariDataSource source = CdcTask.sourcePool(cfg, dialect, 1);
             Connection c = source.getConnection()) {
            var removed = installer().uninstall(c);
            out.println("removed capture of " + removed.size() + " table(s); subscriptions of task " + cfg.task() + " removed");
        }
        try (MySqlTarget target = new MySqlTarget(cfg.target(), 1); Connection t = target.connection()) {
            PositionStore store = store(target);
            store.ensureTable(t);
            out.println("removed " + store.deleteTask(t) + " position(s) of task " + cfg.task() + " (target tables and their data are kept)");
        }
    }

    public void status() throws SQLException {
        try (MySqlTarget target = new MySqlTarget(cfg.target(), 1); Connection t = target.connection()) {
            PositionStore store = store(target);
            store.ensureTable(t);
            List<Position> positions = store.list(t);
            if (positions.isEmpty()) {
                out.println("task " + cfg.task() + " has no stored positions yet");
            }
            out.printf("%-32s %-10s %10s %10s %12s %14s %-26s %s%n", "table", "phase", "snapshot", "streamed", "last id", "last tx", "last source time", "watermark");
            for (Position p : positions) {
                out.printf("%-32s %-10s %10d %10d %12d %14d %-26s %s%n", p.table(), p.phase(), p.snapshotRows(), p.rowsApplied(),
                        p.lastDataId(), p.lastTransactionId(), p.lastSourceTime() == null ? "-" : p.lastSourceTime() + "Z",
                        p.range().base() + (p.range().window() == null ? "" : " -> " + p.range().window() + " @" + p.range().cursor()));
            }
        }
    }

    /**
     * Compares source and target (README "Verifying"); true when they are equal.
     *
     * @param tables hanacdc.tables syntax, default: the task's tables
     * @param waitSeconds how long differing keys are re-checked while the task may still apply them (default 30)
     */
    public boolean verify(Optional<String> tables, Optional<String> waitSeconds) throws SQLException, InterruptedException {
        Duration wait = Duration.ofSeconds(waitSeconds.map(Commands::seconds).orElse(30));
        var result = new Verifier(cfg, out, wait).run(tables.map(TablePattern::parseList).orElse(cfg.tables()));
        return result.differences() == 0;
    }

    private static int seconds(String text) {
        try {
            int n = Integer.parseInt(text);
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new CdcException("--wait-seconds " + text + " is not a whole number of seconds (0 or more)");
    }

    private PositionStore store(MySqlTarget target) {
        return new PositionStore(cfg.controlDatabase().isEmpty() ? target.database() : cfg.controlDatabase(), cfg.task());
    }
}
