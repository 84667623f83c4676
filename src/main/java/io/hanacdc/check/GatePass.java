package io.hanacdc.check;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.control.ControlSql;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The gate's pass, recorded once per installed capture: the gating probes prove what the installed capture and the
 * settings they read rely on, so a start with the same capture (each table's version and install time), the same
 * settings and the same product version need not prove it again. The pass is recorded per task as a fingerprint of
 * those in the CDC schema's gate table; a table still to be installed always runs the probes. Reading or writing a
 * pass that cannot be kept (a CDC schema made by a version without the gate table) just runs the probes each start.
 */
final class GatePass {
    private final CdcConfig cfg;
    private final ControlSql sql;

    GatePass(CdcConfig cfg, SourceDialect dialect, CaptureNames names) {
        this.cfg = cfg;
        this.sql = new ControlSql(dialect, names);
    }

    /** The fingerprint of this start: the probes that would run, the settings they read, each subscribed table's capture. */
    String fingerprint(Connection c, List<Probe> gating, Collection<TableId> tables) throws SQLException {
        List<String> parts = new ArrayList<>();
        parts.add("product " + Optional.ofNullable(GatePass.class.getPackage().getImplementationVersion()).orElse("dev"));
        gating.forEach(p -> parts.add("probe " + p.name()));
        parts.addAll(settings(cfg));
        TreeSet<String> captures = new TreeSet<>();
        try (PreparedStatement ps = c.prepareStatement(sql.registryStamps()); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                if (tables.contains(new TableId(rs.getString(1), rs.getString(2)))) {
                    captures.add(rs.getString(1) + "." + rs.getString(2) + " v" + rs.getInt(3) + " at " + rs.getTimestamp(4));
                }
            }
        }
        parts.addAll(captures);
        return sha256(String.join("\n", parts));
    }

    /** What the probes read of the settings: where and as whom they connect, which tables, how capture and watermark work. */
    static List<String> settings(CdcConfig cfg) {
        return List.of("task " + cfg.task(), "source " + cfg.source().url() + " as " + cfg.source().user(),
                "target " + cfg.target().url() + " as " + cfg.target().user(), "tables " + cfg.tables(), "cdc schema " + cfg.cdcSchema(),
                "control database " + cfg.controlDatabase(), "target names " + cfg.targetNames(), "lock timeout " + cfg.lockTimeout(),
                "capture " + cfg.capture(), "watermark " + cfg.watermark(), "probe timeout " + cfg.probeTimeout(),
                "probes per poll " + cfg.probesPerPoll());
    }

    /** Whether this task's recorded pass has this fingerprint; false when none is recorded or none can be. */
    boolean recorded(Connection c, String fingerprint) {
        try (PreparedStatement ps = c.prepareStatement(sql.gatePassOf())) {
            ps.setString(1, cfg.task());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && fingerprint.equals(rs.getString(1));
            }
        } catch (SQLException e) {
            return false; // no gate table: the probes run
        }
    }

    /** Records a pass, replacing the task's earlier one, in one transaction; false when it cannot be kept. */
    boolean record(Connection c, String fingerprint) {
        try {
            c.setAutoCommit(false);
            try (PreparedStatement delete = c.prepareStatement(sql.gatePassDelete()); PreparedStatement insert = c.prepareStatement(sql.gatePassInsert())) {
                delete.setString(1, cfg.task());
                delete.executeUpdate();
                insert.setString(1, cfg.task());
                insert.setString(2, fingerprint);
                insert.executeUpdate();
                c.commit();
                return true;
            }
        } catch (SQLException e) {
            try {
                c.rollback();
            } catch (SQLException ignored) {
                // the connection is closed next
            }
            return false;
        }
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e); // every JVM has SHA-256
        }
    }
}
