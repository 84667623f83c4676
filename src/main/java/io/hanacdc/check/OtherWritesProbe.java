package io.hanacdc.check;

import io.hanacdc.source.CatalogReads;
import io.hanacdc.source.CdcColumns;
import io.hanacdc.source.OtherWrite;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Each statement besides INSERT, UPDATE and DELETE that changes rows on this source ({@link SourceDialect#otherWrites};
 * on SAP HANA UPSERT, which ABAP's MODIFY runs, REPLACE and MERGE INTO) fires the capture triggers: run on a scratch
 * table, it must leave a CDC row with the row it made (or its deletion). A statement that changes rows without one
 * fails the probe, and install and run refuse: its writes would never reach the target.
 */
final class OtherWritesProbe implements Probe {
    @Override
    public String name() {
        return "other writes";
    }

    @Override
    public boolean guardsData() {
        return true;
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        SourceDialect d = ctx.dialect();
        List<OtherWrite> writes = d.otherWrites();
        String checked = "capture triggers fire for " + String.join(", ", writes.stream().map(OtherWrite::what).toList());
        List<String> wrong = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        try (Connection c = ctx.source().getConnection();
             ScratchCapture scratch = new ScratchCapture(ctx, c, ", " + d.quote("v") + " INTEGER"); Statement s = c.createStatement()) {
            String cdc = d.qualified(ctx.names().cdcSchema(), ctx.names().cdcTable(scratch.table().id()));
            boolean images = scratch.layout().capturedCdcColumns().contains("v");
            String latest = "SELECT " + d.quote(CdcColumns.OPERATION) + (images ? ", " + d.quote("v") : "") + " FROM " + cdc + " WHERE "
                    + d.quote(CdcColumns.DATA_ID) + " > ? AND " + d.quote("k") + " = ? ORDER BY " + d.quote(CdcColumns.DATA_ID) + " DESC";
            long before = 0;
            for (OtherWrite w : writes) {
                try {
                    s.execute(String.format(w.sql(), scratch.qualified()));
                } catch (SQLException e) {
                    if (!w.optional()) {
                        throw e;
                    }
                    unknown.add(w.what() + " (" + e.getMessage().lines().findFirst().orElse("") + ")");
                    continue;
                }
                String found = found(c, latest, before, w, images);
                if (found != null) {
                    wrong.add(w.what() + ": " + found);
                }
                before = CatalogReads.number(c, "SELECT COALESCE(MAX(" + d.quote(CdcColumns.DATA_ID) + "), 0) FROM " + cdc);
            }
        }
        if (!wrong.isEmpty()) {
            return ProbeResult.fail(this, checked, String.join("; ", wrong) + ": rows changed this way would never reach the target;"
                    + " do not run the task where applications write so (ABAP's MODIFY runs as UPSERT), report it with the version");
        }
        return ProbeResult.pass(this, checked + (unknown.isEmpty() ? "" : "; not known to this server, so not run: " + String.join(", ", unknown)));
    }

    /** What the newest CDC row of the key after {@code before} says, when it is not the row the write left; null when it is. */
    private static String found(Connection c, String latest, long before, OtherWrite w, boolean images) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(latest)) {
            ps.setLong(1, before);
            ps.setInt(2, w.key());
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    return "no CDC row (the capture triggers did not fire)";
                }
                int op = rs.getInt(1);
                if (w.value() == null) {
                    return op == CdcColumns.OP_DELETE ? null : "operation " + op + ", not a delete";
                }
                if (op != CdcColumns.OP_INSERT && op != CdcColumns.OP_UPDATE_AFTER) {
                    return "operation " + op + ", not an insert or update";
                }
                return !images || rs.getInt(2) == w.value() ? null : "v = " + rs.getInt(2) + " captured, " + w.value() + " written";
            }
        }
    }
}
