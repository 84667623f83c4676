package io.hanacdc.source.hana;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.check.ScratchCapture;
import io.hanacdc.source.CatalogReads;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A lock wait timeout inside a capture trigger reaches the writer as error 131, with no capture error recorded:
 * the trigger's exit handler re-signals it (HanaCaptureSql.ROLLED_BACK). SAP's reference does not say whether a
 * lock wait in a trigger body times out as 131, so it is made to happen: one session holds the scratch table's
 * CDC table in exclusive mode, another writes the scratch table with a one-second lock wait timeout.
 */
final class HanaTriggerLockWaitProbe implements Probe {
    static final String HOLD = "LOCK TABLE %s IN EXCLUSIVE MODE";
    static final String SHORT_WAIT = "SET TRANSACTION LOCK WAIT TIMEOUT 1000";

    @Override
    public String name() {
        return "trigger lock wait";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        String checked = "a lock wait timeout inside a capture trigger fails the write with error 131 and records no capture error";
        if (!ctx.dialect().recordsCaptureErrors()) {
            return ProbeResult.skip(this, checked, "hanacdc.capture.on-error=fail: the triggers have no exit handler");
        }
        try (Connection c = ctx.source().getConnection(); ScratchCapture scratch = new ScratchCapture(ctx, c);
             Connection holder = ctx.source().getConnection(); Connection writer = ctx.source().getConnection()) {
            String cdc = ctx.dialect().qualified(ctx.names().cdcSchema(), ctx.names().cdcTable(scratch.table().id()));
            String errors = ctx.dialect().qualified(ctx.names().cdcSchema(), ctx.names().errorTable(scratch.table().id()));
            int code;
            holder.setAutoCommit(false);
            writer.setAutoCommit(false);
            try (Statement h = holder.createStatement(); Statement w = writer.createStatement()) {
                h.execute(String.format(HOLD, cdc));
                w.execute(SHORT_WAIT);
                try {
                    w.execute(scratch.insert(1));
                    code = 0;
                } catch (SQLException e) {
                    code = e.getErrorCode();
                }
            } finally {
                holder.rollback();
                writer.rollback();
                try (Statement w = writer.createStatement()) {
                    w.execute(HanaTransactions.sessionLockWait());
                }
                holder.setAutoCommit(true);
                writer.setAutoCommit(true);
            }
            long recorded = CatalogReads.number(c, "SELECT COUNT(*) FROM " + errors);
            if (code != 131 || recorded > 0) {
                return ProbeResult.fail(this, checked, (code == 0 ? "the write went through" : "the write failed with error " + code)
                        + " and " + recorded + " capture error(s) were recorded: a writer whose transaction HANA rolled back could be told"
                        + " its write succeeded; report this with the HANA version");
            }
            return ProbeResult.pass(this, checked);
        }
    }
}
