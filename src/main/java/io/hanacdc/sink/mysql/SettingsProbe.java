package io.hanacdc.sink.mysql;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The target server's version and the settings writes rely on, as a task's session sees them: strict
 * sql_mode (a value the column cannot hold fails instead of being cut), UTC time zone, a
 * max_allowed_packet that takes a batch statement; local_infile and the URL's allowLocalInfile only
 * decide whether the faster LOAD DATA path is used.
 */
final class SettingsProbe implements Probe {
    /** Batch statements stay under RowWriter's 4 MB; twice that leaves room for escaping and a larger row. */
    private static final long MIN_PACKET = 8L << 20;

    private final MySqlTarget target;

    SettingsProbe(MySqlTarget target) {
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
        try (Connection c = target.connection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT VERSION(), @@local_infile, @@SESSION.sql_mode, @@SESSION.time_zone, @@max_allowed_packet")) {
            rs.next();
            String mode = rs.getString(3);
            boolean infile = rs.getBoolean(2);
            long packet = rs.getLong(5);
            if (!mode.contains("STRICT_ALL_TABLES")) {
                problems.add("sql_mode '" + mode + "' is not strict (a value the column cannot hold would be cut silently):"
                        + " let the task's session set STRICT_ALL_TABLES (remove whatever forces sql_mode, e.g. init_connect)");
            }
            if (!"+00:00".equals(rs.getString(4))) {
                problems.add("time_zone is " + rs.getString(4) + ", not +00:00 (DATETIME values would be shifted): remove init_connect's time_zone");
            }
            if (packet < MIN_PACKET) {
                problems.add("max_allowed_packet " + packet + " is under " + MIN_PACKET + " (batches would fail):"
                        + " SET GLOBAL max_allowed_packet = 67108864 and in the server's configuration");
            }
            boolean loads = infile && target.flavor().loadsLocalFiles() && !ctx.config().target().url().contains("allowLocalInfile=false");
            checked = target.flavor() + " " + rs.getString(1) + ", sql_mode strict, time_zone +00:00, max_allowed_packet " + packet
                    + (loads ? ", LOAD DATA path on" : ", LOAD DATA path off (local_infile=" + (infile ? "ON" : "OFF")
                            + ", driver " + (target.flavor().loadsLocalFiles() ? "allows" : "not used for") + " local files): batches use"
                            + " the slower statement path; SET GLOBAL local_infile = ON to speed them up");
        }
        return problems.isEmpty() ? ProbeResult.pass(this, checked) : ProbeResult.fail(this, checked, String.join("; ", problems));
    }
}
