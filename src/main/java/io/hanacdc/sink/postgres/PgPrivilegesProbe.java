package io.hanacdc.sink.postgres;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.common.CdcException;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
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
 * and delete, and own them (schema changes, re-loads). A refused statement is named with the GRANT that allows it.
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
                refused.addAll(onExisting(c, t, user));
            }
        }
        String checked = "CREATE, ALTER, INSERT, UPDATE, DELETE, SELECT, DROP in schema " + String.join(" and ", schemas)
                + "; temporary tables; SELECT, INSERT, UPDATE, DELETE and ownership of the task's existing tables";
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
                refusal(c, "DROP TABLE IF EXISTS " + t);
                break; // the next statements need this one's effect
            }
        }
        return refused;
    }

    /**
     * What the task needs on a table that exists already, read from the catalog by the table's oid (which needs no
     * USAGE on its schema): SELECT, INSERT, UPDATE and DELETE for the rows, and the owner's rights for a schema change
     * (ALTER TABLE) and a re-load (which creates the table again). Empty when it has them, or there is no such table.
     */
    private static List<String> onExisting(Connection c, PgTable t, String user) throws SQLException {
        String sql = "SELECT has_table_privilege(c.oid, 'SELECT'), has_table_privilege(c.oid, 'INSERT'), has_table_privilege(c.oid, 'UPDATE'),"
                + " has_table_privilege(c.oid, 'DELETE'), pg_has_role(c.relowner, 'USAGE') FROM pg_class c"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relname = ?";
        List<String> refused = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, t.schema());
            ps.setString(2, t.name());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return refused;
                }
                List<String> lacking = new ArrayList<>();
                List<String> rights = List.of("SELECT", "INSERT", "UPDATE", "DELETE");
                for (int i = 0; i < rights.size(); i++) {
                    if (!rs.getBoolean(i + 1)) {
                        lacking.add(rights.get(i));
                    }
                }
                if (!lacking.isEmpty()) {
                    refused.add("on " + t.qualifiedName() + ": GRANT " + String.join(", ", lacking) + " ON " + t.qualifiedName() + " TO " + user);
                }
                if (!rs.getBoolean(5)) {
                    refused.add(t.qualifiedName() + " is not the target user's: a schema change alters it and a re-load creates it again, which"
                            + " only its owner may: ALTER TABLE " + t.qualifiedName() + " OWNER TO " + user);
                }
            }
        }
        return refused;
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
