package io.hanacdc.sink.postgres;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.common.CdcException;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The target user's rights where the task writes, by doing what the task does: in each schema of its tables and in
 * the positions' schema, create a scratch table, alter it (schema changes), write, read and drop it; stage in a
 * temporary table (the bulk path); and on the task's tables that exist already (a DBA's), read, insert, update
 * and delete. A refused statement is named with the GRANT that allows it.
 */
final class PgPrivilegesProbe implements Probe {
    private static final String SCRATCH = "hanacdc_check_rights_";
    private final PostgresTarget target;

    PgPrivilegesProbe(PostgresTarget target) {
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
        List<PgTable> tables = new ArrayList<>();
        try {
            for (TargetTable t : target.tables(ctx.tables())) {
                tables.add((PgTable) t);
            }
        } catch (CdcException e) { // a schema the task would write to is missing
            return ProbeResult.fail(this, "the target schemas", e.getMessage());
        }
        Set<String> schemas = new LinkedHashSet<>();
        tables.forEach(t -> schemas.add(t.schema()));
        schemas.add(target.controlSchema());
        List<String> refused = new ArrayList<>();
        try (TargetSession s = target.session()) {
            Connection c = PgSession.of(s);
            String user = Identifiers.ansi(one(c, "SELECT current_user"));
            String scratch = SCRATCH + ctx.scratchSuffix();
            for (String schema : schemas) {
                refused.addAll(inSchema(c, schema, scratch, user));
            }
            String stage = Identifiers.ansi(scratch + "_stage");
            String temp = refusal(c, "CREATE TEMPORARY TABLE " + stage + " (k int)");
            if (temp != null) {
                refused.add("temporary tables refused (" + temp + "): GRANT TEMPORARY ON DATABASE "
                        + Identifiers.ansi(one(c, "SELECT current_database()")) + " TO " + user);
            } else {
                refusal(c, "DROP TABLE " + stage);
            }
            for (PgTable t : tables) {
                String lacking = lacking(c, t);
                if (!lacking.isEmpty()) {
                    refused.add("on " + t.qualifiedName() + ": GRANT " + lacking + " ON " + t.qualifiedName() + " TO " + user);
                }
            }
        }
        String checked = "CREATE, ALTER, INSERT, UPDATE, DELETE, SELECT, DROP in schema " + String.join(" and ", schemas)
                + "; temporary tables; SELECT, INSERT, UPDATE, DELETE on the task's existing tables";
        return refused.isEmpty() ? ProbeResult.pass(this, checked) : ProbeResult.fail(this, checked, String.join("; ", refused));
    }

    /** What the task does in a schema, on a scratch table; without CREATE nothing else can be tried. */
    private static List<String> inSchema(Connection c, String schema, String scratch, String user) throws SQLException {
        String t = Identifiers.ansi(schema) + "." + Identifiers.ansi(scratch);
        refusal(c, "DROP TABLE IF EXISTS " + t);
        String create = refusal(c, "CREATE TABLE " + t + " (k int PRIMARY KEY)");
        if (create != null) {
            return List.of("CREATE in schema " + schema + " refused (" + create + "): GRANT USAGE, CREATE ON SCHEMA " + Identifiers.ansi(schema)
                    + " TO " + user);
        }
        List<String> refused = new ArrayList<>();
        for (String sql : List.of("ALTER TABLE " + t + " ADD COLUMN v int", "INSERT INTO " + t + " VALUES (1, 1)", "UPDATE " + t + " SET v = 2",
                "SELECT * FROM " + t, "DELETE FROM " + t, "DROP TABLE " + t)) {
            String why = refusal(c, sql);
            if (why != null) { // on a table of its own: a server setting or an event trigger, which no GRANT changes
                refused.add(sql.substring(0, sql.indexOf(' ')) + " in schema " + schema + " refused on a table the target user created (" + why + ")");
            }
        }
        return refused;
    }

    /** The rights the task needs on an existing table that the user lacks, as a GRANT's list; empty when none or no such table. */
    private static String lacking(Connection c, PgTable t) throws SQLException {
        String name = Identifiers.literal(t.qualifiedName());
        List<String> lacking = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT to_regclass(" + name + ") IS NOT NULL")) {
            rs.next();
            if (!rs.getBoolean(1)) {
                return "";
            }
        }
        for (String right : List.of("SELECT", "INSERT", "UPDATE", "DELETE")) {
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT has_table_privilege(" + name + ", " + Identifiers.literal(right) + ")")) {
                rs.next();
                if (!rs.getBoolean(1)) {
                    lacking.add(right);
                }
            }
        }
        return String.join(", ", lacking);
    }

    /** Runs a statement (autocommit: a refusal leaves no transaction aborted); null, or the server's reason for refusing it. */
    private static String refusal(Connection c, String sql) {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
            return null;
        } catch (SQLException e) {
            return e.getMessage().lines().findFirst().orElse(""); // pgjdbc adds lines (the statement's position)
        }
    }

    private static String one(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
