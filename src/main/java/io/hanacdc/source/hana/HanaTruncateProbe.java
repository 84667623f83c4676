package io.hanacdc.source.hana;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.check.ScratchCapture;
import io.hanacdc.source.CdcColumns;
import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Whether TRUNCATE TABLE fires the capture triggers on this HANA (SAP's reference gives TRUNCATE no
 * trigger event): counted on a scratch table with capture, as the CDC rows TRUNCATE leaves. Reported,
 * not failed: it says which way TRUNCATE reaches the target on this system.
 */
final class HanaTruncateProbe implements Probe {
    static final String TRUNCATE = "TRUNCATE TABLE %s";

    @Override
    public String name() {
        return "truncate";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        try (Connection c = ctx.source().getConnection(); ScratchCapture scratch = new ScratchCapture(ctx, c); Statement s = c.createStatement()) {
            String cdc = ctx.dialect().qualified(ctx.names().cdcSchema(), ctx.names().cdcTable(scratch.table().id()));
            s.execute(scratch.insert(1));
            long before = count(s, cdc);
            s.execute(String.format(TRUNCATE, ctx.dialect().qualified(scratch.table().id().schema(), scratch.table().id().name())));
            long rows = count(s, cdc) - before;
            return ProbeResult.pass(this, "whether TRUNCATE TABLE fires capture triggers: " + (rows > 0
                    ? "it does (" + rows + " CDC row(s) for 1 row)" : "it does not: a TRUNCATE reaches the target only as the truncate handling detects it"));
        }
    }

    private static long count(Statement s, String cdc) throws SQLException {
        try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + cdc + " WHERE " + Identifiers.ansi(CdcColumns.OPERATION)
                + " IN (" + CdcColumns.OP_DELETE + ", " + CdcColumns.OP_TRUNCATE + ")")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
