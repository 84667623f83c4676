package io.hanacdc.source.hana;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.check.ScratchCapture;
import io.hanacdc.source.CdcColumns;
import io.hanacdc.watermark.OpenTransactionsWatermark;
import io.hanacdc.watermark.Watermark;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The id a capture trigger records (CURRENT_UPDATE_TRANSACTION()) is the open transaction's
 * M_TRANSACTIONS.UPDATE_TRANSACTION_ID, and the status M_TRANSACTIONS shows for it is one the
 * watermark's own open-transactions read counts as open: otherwise its rows would be skipped for good. On a column
 * table, and on a row table too when a subscribed table is one.
 */
final class HanaTransactionIdProbe implements Probe {
    static final String OWN_TRANSACTION = "SELECT UPDATE_TRANSACTION_ID, TRANSACTION_STATUS FROM SYS.M_TRANSACTIONS"
            + " WHERE CONNECTION_ID = CURRENT_CONNECTION AND UPDATE_TRANSACTION_ID > 0";

    @Override
    public String name() {
        return "transaction ids";
    }

    @Override
    public boolean guardsData() {
        return true;
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        String checked = "CURRENT_UPDATE_TRANSACTION() in a trigger = M_TRANSACTIONS.UPDATE_TRANSACTION_ID, and its status counts as open";
        try (Connection c = ctx.source().getConnection()) {
            var unreadable = ctx.dialect().openTransactionsUnreadable(c);
            if (unreadable.isPresent() || ctx.config().watermark().equals("gap-probe")) {
                return ProbeResult.skip(this, checked, "the gap-probe watermark is used, which does not read M_TRANSACTIONS"
                        + unreadable.map(u -> " (" + u + ")").orElse(""));
            }
        }
        List<String> seen = new ArrayList<>();
        try (Connection c = ctx.source().getConnection()) {
            for (ScratchCapture.Spec spec : HanaStorages.of(ctx, c, ScratchCapture.Spec.of(ctx.dialect(), ""))) {
                String failed = check(ctx, c, spec, seen);
                if (failed != null) {
                    return ProbeResult.fail(this, checked, "on a " + HanaStorages.describe(spec) + ": " + failed);
                }
            }
        }
        return ProbeResult.pass(this, checked + " (" + String.join("; ", seen) + ")");
    }

    /** The check on one scratch table; what failed, or null (then what was seen is added to {@code seen}). */
    private static String check(CheckContext ctx, Connection c, ScratchCapture.Spec spec, List<String> seen) throws SQLException {
        try (ScratchCapture scratch = new ScratchCapture(ctx, c, spec); Connection open = ctx.source().getConnection()) {
            open.setAutoCommit(false);
            try (Statement s = open.createStatement()) {
                s.execute(scratch.insert(1));
                long recorded = single(s, "SELECT MAX(" + ctx.dialect().quote(CdcColumns.TRANSACTION_ID) + ") FROM "
                        + ctx.dialect().qualified(ctx.names().cdcSchema(), ctx.names().cdcTable(scratch.table().id())));
                long listed;
                String status;
                try (ResultSet rs = s.executeQuery(OWN_TRANSACTION)) {
                    if (!rs.next()) {
                        return "M_TRANSACTIONS does not list the open write transaction that recorded id " + recorded
                                + ": the watermark cannot see open transactions; report this with the HANA version";
                    }
                    listed = rs.getLong(1);
                    status = rs.getString(2);
                }
                Watermark w = new OpenTransactionsWatermark(ctx.dialect(), ctx.names()).now(c);
                if (recorded != listed || !w.isOpen(recorded)) {
                    return "the trigger recorded " + recorded + ", M_TRANSACTIONS shows " + listed + " with status " + status
                            + ", the watermark read " + w + ": rows of open transactions would be skipped for good;"
                            + " do not run the task on this system, report it with the HANA version";
                }
                seen.add(HanaStorages.describe(spec) + ": id " + recorded + ", status " + status);
                return null;
            } finally {
                open.rollback();
                open.setAutoCommit(true);
            }
        }
    }

    private static long single(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
