package io.hanacdc.sink.mysql;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The target user's rights in the target database and the control database (positions), by doing in
 * a scratch table what the task does: create, alter (schema changes), write, read, stage in a
 * temporary table, drop. A refused statement is named with the GRANT that allows it.
 */
final class PrivilegesProbe implements Probe {
    private static final String SCRATCH = "hanacdc_check_rights";
    private final MySqlTarget target;

    PrivilegesProbe(MySqlTarget target) {
        this.target = target;
    }

    @Override
    public String name() {
        return "target privileges";
    }

    @Override
    public boolean guardsData() {
        return true;
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        Set<String> databases = new LinkedHashSet<>(List.of(target.database()));
        if (!ctx.config().controlDatabase().isEmpty()) {
            databases.add(ctx.config().controlDatabase());
        }
        List<String> refused = new ArrayList<>();
        try (Connection c = target.connection()) {
            for (String db : databases) {
                refused.addAll(tryIn(c, db, "_" + ctx.scratchSuffix()));
            }
        }
        String checked = "CREATE, ALTER, INSERT, UPDATE, DELETE, SELECT, CREATE TEMPORARY TABLES, DROP in " + String.join(" and ", databases);
        return refused.isEmpty() ? ProbeResult.pass(this, checked) : ProbeResult.fail(this, checked, String.join("; ", refused));
    }

    /** A statement the task runs and the privilege it needs. */
    private record Step(String privilege, String sql) {}

    private static List<String> tryIn(Connection c, String db, String suffix) throws SQLException {
        String t = Identifiers.backtick(db) + "." + Identifiers.backtick(SCRATCH + suffix);
        String tmp = Identifiers.backtick(db) + "." + Identifiers.backtick(SCRATCH + suffix + "_stage");
        List<Step> steps = List.of(new Step("CREATE", "CREATE TABLE " + t + " (k INT PRIMARY KEY)"),
                new Step("ALTER", "ALTER TABLE " + t + " ADD COLUMN v INT NULL"), new Step("INSERT", "INSERT INTO " + t + " VALUES (1, 1)"),
                new Step("UPDATE", "UPDATE " + t + " SET v = 2"), new Step("SELECT", "SELECT * FROM " + t),
                new Step("DELETE", "DELETE FROM " + t), new Step("CREATE TEMPORARY TABLES", "CREATE TEMPORARY TABLE " + tmp + " (k INT)"),
                new Step("CREATE TEMPORARY TABLES", "DROP TEMPORARY TABLE IF EXISTS " + tmp), new Step("DROP", "DROP TABLE IF EXISTS " + t));
        List<String> refused = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + t);
            for (Step step : steps) {
                try {
                    s.execute(step.sql());
                } catch (SQLException e) {
                    refused.add(step.privilege() + " in " + db + " refused (" + e.getMessage() + "): GRANT " + step.privilege() + " ON "
                            + Identifiers.backtick(db) + ".* TO the target user");
                    if (step.privilege().equals("CREATE")) {
                        break; // nothing else can be tried without the table
                    }
                }
            }
        }
        return refused;
    }
}
