package io.hanacdc.check;

import io.hanacdc.schema.TableId;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether a unit that changes capture is undone whole when a statement after its DDL fails, with a failed DML
 * statement and with a DDL statement that fails its syntax check (SAP's AUTOCOMMIT DDL page calls the latter
 * "DDL not executed", which does "not allow the transaction to fully roll back", without saying what is kept).
 * Two probes: the task's own transactions (install, capture moves, alter), and the scripts printed for a DBA run
 * by a runner that goes on after an error (hdbsql -I without -E, psql without ON_ERROR_STOP), with autocommit on
 * and off. Each case creates a scratch table in the CDC schema and must leave none.
 */
final class RollbackProbe implements Probe {
    static final String TABLE = "hanacdc_rollback";
    private final boolean scripts;

    private RollbackProbe(boolean scripts) {
        this.scripts = scripts;
    }

    static RollbackProbe ofTask() {
        return new RollbackProbe(false);
    }

    static RollbackProbe ofScripts() {
        return new RollbackProbe(true);
    }

    @Override
    public String name() {
        return scripts ? "script rollback" : "transaction rollback";
    }

    /** A half-done capture change leaves a table without capture: the task's own units are checked before install and run. */
    @Override
    public boolean guardsData() {
        return !scripts;
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        String checked = scripts
                ? "a printed script (one transaction) whose statement fails after its DDL leaves nothing, though the runner goes on after the error, with autocommit on and off"
                : "a capture change whose statement fails after its DDL (a DML error, a DDL syntax error) leaves nothing";
        SourceDialect d = ctx.dialect();
        TableId id = new TableId(ctx.names().cdcSchema(), TABLE + "_" + ctx.scratchSuffix());
        String table = d.qualified(id.schema(), id.name());
        String create = "CREATE TABLE " + table + " (" + d.quote("k") + " INTEGER NOT NULL PRIMARY KEY)";
        List<String> failures = List.of("INSERT INTO " + table + " (" + d.quote("k") + ") VALUES (NULL)", "ALTER TABLE " + table + " HANACDC_NOT_A_CLAUSE");
        List<String> kept = new ArrayList<>();
        try (Connection c = ctx.source().getConnection()) {
            ctx.shared().ensure(c);
            for (String failing : failures) {
                String what = failing.startsWith("INSERT") ? "a failed INSERT" : "a DDL syntax error";
                if (scripts) {
                    for (boolean autocommit : new boolean[] {true, false}) {
                        runOnAfterErrors(c, autocommit, d.captureSql(ctx.names()).asOneTransaction(List.of(create, failing)));
                        keptIf(c, d, id, table, kept, what + " with autocommit " + (autocommit ? "on" : "off"));
                    }
                } else {
                    try {
                        d.executeAtomically(c, List.of(create, failing), ctx.config().lockTimeout());
                        kept.add(what + ": the unit did not fail");
                    } catch (SQLException expected) {
                        // the failure under test
                    }
                    keptIf(c, d, id, table, kept, what);
                }
            }
        }
        if (!kept.isEmpty()) {
            return ProbeResult.fail(this, checked, "the scratch table stayed after " + String.join("; ", kept) + (scripts
                    ? ": a printed script that fails could commit half its work; run printed scripts only with the runner stopping at the"
                    + " first error and autocommit off (hdbsql -z -E 3 -I, psql -v ON_ERROR_STOP=1 -1 -f), and report this with the version"
                    : ": a failed capture change could leave a table without capture; do not run the task on this source, report it with the version"));
        }
        return ProbeResult.pass(this, checked);
    }

    /** Runs every statement, going on after errors, as a runner without stop-on-error does; the session's autocommit is restored. */
    private static void runOnAfterErrors(Connection c, boolean autocommit, List<String> script) throws SQLException {
        c.setAutoCommit(autocommit);
        try (Statement s = c.createStatement()) {
            for (String statement : script) {
                try {
                    s.execute(statement);
                } catch (SQLException e) {
                    // the runner goes on
                }
            }
        } finally {
            if (!autocommit) {
                c.rollback();
            }
            c.setAutoCommit(true);
        }
    }

    /** Notes and removes the scratch table when it is there. */
    private static void keptIf(Connection c, SourceDialect d, TableId id, String table, List<String> kept, String after) throws SQLException {
        if (d.describe(c, id).isPresent()) {
            kept.add(after);
            try (Statement s = c.createStatement()) {
                s.execute("DROP TABLE " + table);
            }
        }
    }
}
