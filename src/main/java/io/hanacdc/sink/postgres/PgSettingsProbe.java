package io.hanacdc.sink.postgres;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sql.Identifiers;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The target server and the settings the task's writes rely on, as its own session sees them (a role's or database's
 * settings included): a primary that takes writes, UTF-8 (any text the sources hold fits), and the target's own
 * triggers and foreign keys firing for the task's writes as for anyone's. Timeouts only slow a table down (a cancelled
 * batch is retried), so they are reported, not failed.
 */
final class PgSettingsProbe implements Probe {
    private static final String SETTINGS = "SELECT current_setting('server_version'), pg_is_in_recovery(), current_setting('transaction_read_only'),"
            + " current_setting('server_encoding'), current_setting('session_replication_role'), current_setting('statement_timeout'),"
            + " current_setting('lock_timeout'), current_user, current_database()";
    private final PostgresTarget target;

    PgSettingsProbe(PostgresTarget target) {
        this.target = target;
    }

    @Override
    public String name() {
        return "target settings";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        List<String> problems = new ArrayList<>();
        String checked;
        try (TargetSession s = target.session(); Statement st = PgSession.of(s).createStatement(); ResultSet rs = st.executeQuery(SETTINGS)) {
            rs.next();
            String user = Identifiers.ansi(rs.getString(8));
            String db = Identifiers.ansi(rs.getString(9));
            if (rs.getBoolean(2)) {
                problems.add("the server is a standby (in recovery), which takes no writes: point hanacdc.target.url at the primary");
            } else if ("on".equals(rs.getString(3))) {
                problems.add("the task's sessions are read-only (default_transaction_read_only): ALTER ROLE " + user
                        + " SET default_transaction_read_only = off (or ALTER DATABASE " + db + " …)");
            }
            if (!"UTF8".equals(rs.getString(4))) {
                problems.add("the database's encoding is " + rs.getString(4) + ", not UTF8: a character outside it stops its table;"
                        + " create the target database WITH ENCODING 'UTF8' (TEMPLATE template0)");
            }
            if ("replica".equals(rs.getString(5))) { // "local" still fires ordinary triggers and foreign keys
                problems.add("session_replication_role is " + rs.getString(5) + ": the target's own triggers and foreign keys (cascades, checks)"
                        + " do not fire for the task's writes; ALTER ROLE " + user + " RESET session_replication_role, unless that is meant");
            }
            String timeouts = "0".equals(rs.getString(6)) && "0".equals(rs.getString(7)) ? "no statement or lock timeout"
                    : "statement_timeout " + rs.getString(6) + ", lock_timeout " + rs.getString(7)
                    + " (a batch or schema change running longer is cancelled and retried: a large one may never finish)";
            checked = "PostgreSQL " + rs.getString(1) + (rs.getBoolean(2) ? ", standby" : ", primary") + ", read-only " + rs.getString(3) + ", encoding " + rs.getString(4) + ", session_replication_role "
                    + rs.getString(5) + ", " + timeouts;
        }
        return problems.isEmpty() ? ProbeResult.pass(this, checked) : ProbeResult.fail(this, checked, String.join("; ", problems));
    }
}
