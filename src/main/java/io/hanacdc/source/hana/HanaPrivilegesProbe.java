package io.hanacdc.source.hana;

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
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * SELECT and TRIGGER on every subscribed table (granted on the table or its schema), the rights in the
 * CDC schema (its owner, or CREATE ANY and the DML rights on it; CREATE SCHEMA while it does not exist)
 * and CATALOG READ, read from SYS.EFFECTIVE_PRIVILEGES, which needs an equal predicate on USER_NAME.
 * Without CATALOG READ the task falls back to the gap-probe watermark: said, not failed.
 */
final class HanaPrivilegesProbe implements Probe {
    static final String ON_TABLE = "SELECT DISTINCT PRIVILEGE FROM SYS.EFFECTIVE_PRIVILEGES WHERE USER_NAME = CURRENT_USER"
            + " AND IS_VALID = 'TRUE' AND ((OBJECT_TYPE = 'TABLE' AND SCHEMA_NAME = ? AND OBJECT_NAME = ?)"
            + " OR (OBJECT_TYPE = 'SCHEMA' AND SCHEMA_NAME = ?))";
    static final String SYSTEM = "SELECT DISTINCT PRIVILEGE FROM SYS.EFFECTIVE_PRIVILEGES WHERE USER_NAME = CURRENT_USER"
            + " AND IS_VALID = 'TRUE' AND OBJECT_TYPE = 'SYSTEMPRIVILEGE'";
    static final String SCHEMA_OWNER = "SELECT SCHEMA_OWNER, CURRENT_USER FROM SYS.SCHEMAS WHERE SCHEMA_NAME = ?";
    private static final List<String> IN_CDC_SCHEMA = List.of("CREATE ANY", "SELECT", "INSERT", "UPDATE", "DELETE");

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
        String note = "";
        try (Connection c = ctx.source().getConnection()) {
            for (SourceTable t : ctx.tables()) {
                Set<String> have = privileges(c, ON_TABLE, t.id().schema(), t.id().name(), t.id().schema());
                for (String p : ctx.captured().contains(t.id()) ? List.of("SELECT") : List.of("SELECT", "TRIGGER")) { // installed capture needs no TRIGGER to run
                    if (!have.contains(p)) {
                        grants.add("GRANT " + p + " ON " + ctx.dialect().qualified(t.id().schema(), t.id().name()) + " TO <user>");
                    }
                }
            }
            Set<String> system = privileges(c, SYSTEM);
            String cdc = ctx.names().cdcSchema();
            Optional<Boolean> owned = ownedByUser(c, cdc);
            if (owned.isEmpty() && !system.contains("CREATE SCHEMA")) {
                grants.add("CREATE SCHEMA " + Identifiers.ansi(cdc) + " OWNED BY <user> (or GRANT CREATE SCHEMA TO <user>)");
            } else if (owned.isPresent() && !owned.get()) {
                Set<String> have = privileges(c, ON_TABLE, cdc, "", cdc);
                List<String> missing = IN_CDC_SCHEMA.stream().filter(p -> !have.contains(p) && (ctx.installs() || !p.equals("CREATE ANY"))).toList();
                if (!missing.isEmpty()) {
                    grants.add("GRANT " + String.join(", ", missing) + " ON SCHEMA " + Identifiers.ansi(cdc) + " TO <user>");
                }
            }
            if (!system.contains("CATALOG READ")) {
                note = "; no CATALOG READ: the slower gap-probe watermark will be used (GRANT CATALOG READ TO <user> for the open-transactions one)";
            }
        }
        String checked = "SELECT and TRIGGER on " + ctx.tables().size() + " subscribed table(s), rights in CDC schema " + ctx.names().cdcSchema() + note;
        return grants.isEmpty() ? ProbeResult.pass(this, checked)
                : ProbeResult.fail(this, checked, "capture cannot be installed or tables cannot be read; run as a DBA (see sql/hana-privileges.sql): "
                        + String.join("; ", grants));
    }

    private static Set<String> privileges(Connection c, String sql, String... params) throws SQLException {
        Set<String> out = new HashSet<>();
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setString(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    /** Whether the current user owns the schema; empty when the schema does not exist (or the user may not see it). */
    private static Optional<Boolean> ownedByUser(Connection c, String schema) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(SCHEMA_OWNER)) {
            s.setString(1, schema);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1).equals(rs.getString(2))) : Optional.empty();
            }
        }
    }
}
