package io.hanacdc.source.postgres;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * SELECT and TRIGGER on every subscribed table, and the rights in the CDC schema (USAGE and CREATE;
 * CREATE on the database while the schema does not exist yet), read with PostgreSQL's privilege
 * functions as the configured user. Each missing right is named with the GRANT that gives it.
 */
final class PostgresPrivilegesProbe implements Probe {
    private static final String TABLE = "SELECT has_table_privilege(c.oid, 'SELECT'), has_table_privilege(c.oid, 'TRIGGER')"
            + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relname = ?";
    private static final String SCHEMA = "SELECT has_schema_privilege(oid, 'USAGE'), has_schema_privilege(oid, 'CREATE')"
            + " FROM pg_namespace WHERE nspname = ?";
    private static final String DATABASE = "SELECT has_database_privilege(current_database(), 'CREATE'), current_database(), current_user";

    @Override
    public String name() {
        return "source privileges";
    }

    @Override
    public boolean guardsData() {
        return true;
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        List<String> grants = new ArrayList<>();
        try (Connection c = ctx.source().getConnection()) {
            Database db = database(c);
            String user = Identifiers.ansi(db.user());
            for (SourceTable t : ctx.tables()) {
                String table = Identifiers.ansi(t.id().schema()) + "." + Identifiers.ansi(t.id().name());
                boolean[] rights = rights(c, TABLE, t.id().schema(), t.id().name());
                if (rights != null && !rights[0]) {
                    grants.add("GRANT SELECT ON " + table + " TO " + user + " (snapshot and re-reads read the table)");
                }
                if (rights != null && !rights[1] && !ctx.captured().contains(t.id())) { // installed capture needs no TRIGGER to run
                    grants.add("GRANT TRIGGER ON " + table + " TO " + user + " (capture is a set of triggers on the table)");
                }
            }
            String schema = Identifiers.ansi(ctx.names().cdcSchema());
            boolean[] inSchema = rights(c, SCHEMA, ctx.names().cdcSchema());
            if (inSchema == null && !db.mayCreate()) {
                grants.add("GRANT CREATE ON DATABASE " + Identifiers.ansi(db.name()) + " TO " + user
                        + " (install creates the CDC schema " + schema + "), or create the schema for the user");
            } else if (inSchema != null && !(inSchema[0] && (inSchema[1] || !ctx.installs()))) {
                grants.add("GRANT USAGE" + (ctx.installs() ? ", CREATE" : "") + " ON SCHEMA " + schema + " TO " + user + " (the CDC tables and triggers live there)");
            }
        }
        String checked = "SELECT and TRIGGER on " + ctx.tables().size() + " subscribed table(s), rights in CDC schema " + ctx.names().cdcSchema();
        return grants.isEmpty() ? ProbeResult.pass(this, checked)
                : ProbeResult.fail(this, checked, "capture cannot be installed or tables cannot be read; run as a DBA: " + String.join("; ", grants));
    }

    /** The connected database, whether the user may create schemas in it, and the user's name. */
    private record Database(boolean mayCreate, String name, String user) {}

    private static Database database(Connection c) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(DATABASE); ResultSet rs = s.executeQuery()) {
            rs.next();
            return new Database(rs.getBoolean(1), rs.getString(2), rs.getString(3));
        }
    }

    /** The two rights the query reads, or null when the object does not exist. */
    private static boolean[] rights(Connection c, String sql, String... names) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < names.length; i++) {
                s.setString(i + 1, names[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new boolean[] {rs.getBoolean(1), rs.getBoolean(2)} : null;
            }
        }
    }
}
