package io.hanacdc.check;

import io.hanacdc.source.CatalogReads;
import io.hanacdc.source.CdcColumns;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Whose rights a capture trigger's body runs with: a user who may write a scratch table but holds nothing of
 * capture's objects (check --writer-user, e.g. the ABAP schema's owner) writes it, and the change must be captured
 * without a capture error. SAP's reference says the creator needs "the proper privilege on the base objects
 * referenced by the trigger" and nothing of the writer; PostgreSQL's capture functions are SECURITY DEFINER. When
 * the writer's rights decide, every user that writes a captured table would need rights on the CDC schema.
 */
final class WriterRightsProbe implements Probe {
    @Override
    public String name() {
        return "writer rights";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        String checked = "a user who may write a captured table but nothing of capture's objects has its write captured";
        if (ctx.writer().isEmpty()) {
            return ProbeResult.skip(this, checked, "give --writer-user NAME, a user that writes the captured tables (on SAP the ABAP schema's"
                    + " owner), with hanacdc.check.writer-password, to show whose rights the capture triggers run with");
        }
        SourceDialect d = ctx.dialect();
        String user = ctx.writer().get().user();
        try (Connection c = ctx.source().getConnection(); ScratchCapture scratch = new ScratchCapture(ctx, c); Statement s = c.createStatement()) {
            for (String grant : d.writeGrants(scratch.qualified(), ctx.names().cdcSchema(), d.captureSql(ctx.names()).grantee(user))) {
                s.execute(grant);
            }
            try (Connection w = ctx.writer().get().source().getConnection(); Statement ws = w.createStatement()) {
                ws.execute(scratch.insert(1));
            } catch (SQLException e) {
                return ProbeResult.fail(this, checked, user + "'s write failed (" + e.getMessage() + "): the capture triggers run with the writing"
                        + " user's rights, so every user that writes a captured table needs INSERT on its CDC tables and the use of the sequence"
                        + " (see the end of sql/hana-privileges.sql), or its writes fail");
            }
            long captured = CatalogReads.number(c, "SELECT COUNT(*) FROM " + d.qualified(ctx.names().cdcSchema(), ctx.names().cdcTable(scratch.table().id()))
                    + " WHERE " + d.quote(CdcColumns.OPERATION) + " = " + CdcColumns.OP_INSERT);
            long errors = d.recordsCaptureErrors()
                    ? CatalogReads.number(c, "SELECT COUNT(*) FROM " + d.qualified(ctx.names().cdcSchema(), ctx.names().errorTable(scratch.table().id()))) : 0;
            if (captured != 1 || errors > 0) {
                return ProbeResult.fail(this, checked, user + "'s write left " + captured + " CDC row(s) and " + errors + " capture error(s), not one"
                        + " row: the capture triggers run with the writing user's rights; grant every writing user INSERT on the CDC tables and the"
                        + " use of the sequence (see the end of sql/hana-privileges.sql)");
            }
            return ProbeResult.pass(this, checked + " (as " + user + ")");
        }
    }
}
