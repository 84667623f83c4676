package io.hanacdc.source.hana;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.check.ScratchCapture;
import io.hanacdc.source.CdcColumns;
import io.hanacdc.stream.BatchReader;
import io.hanacdc.watermark.OpenTransactionsWatermark;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The watermark across index servers: a scratch table at every index server (m-services-system-view-20c4ef8.md;
 * AT LOCATION: create-table-statement-data-definition-20d58a5.md), one transaction writing all of them and left open.
 * Every id its triggers recorded must be open in the task's watermark read, and after it commits every table must
 * deliver its row. SAP's reference does not say whether UPDATE_TRANSACTION_ID is one number for a distributed
 * transaction, nor whether M_TRANSACTIONS read on one host lists the others' transactions: this shows both on the
 * user's system. With one index server there is no distributed transaction to run: skipped.
 */
final class HanaScaleOutProbe implements Probe {
    static final String INDEX_SERVERS = "SELECT HOST, PORT FROM SYS.M_SERVICES WHERE SERVICE_NAME = 'indexserver' AND ACTIVE_STATUS = 'YES'"
            + " ORDER BY HOST, PORT";
    static final String AT = " AT LOCATION ('%s:%d')";

    @Override
    public String name() {
        return "scale-out transactions";
    }

    @Override
    public boolean guardsData() {
        return true;
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        String checked = "one transaction writing a scratch table at every index server is held back by the watermark, then delivered";
        List<String> servers = new ArrayList<>();
        try (Connection c = ctx.source().getConnection(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(INDEX_SERVERS)) {
            while (rs.next()) {
                servers.add(String.format(AT, rs.getString(1), rs.getInt(2)));
            }
            if (ctx.dialect().openTransactionsUnreadable(c).isPresent() || ctx.config().watermark().equals("gap-probe")) {
                return ProbeResult.skip(this, checked, "the gap-probe watermark is used, which does not read M_TRANSACTIONS");
            }
        }
        if (servers.size() < 2) {
            return ProbeResult.skip(this, checked, servers.size() + " index server(s) listed in M_SERVICES: no distributed transaction to run");
        }
        List<ScratchCapture> tables = new ArrayList<>();
        try (Connection c = ctx.source().getConnection(); Connection open = ctx.source().getConnection()) {
            try {
                for (int i = 0; i < servers.size(); i++) {
                    tables.add(new ScratchCapture(ctx, c, ScratchCapture.Spec.of(ctx.dialect(), "").named("hanacdc_check_at" + i, servers.get(i))));
                }
                return held(ctx, c, open, tables, servers, checked);
            } finally {
                for (ScratchCapture t : tables) {
                    t.close();
                }
            }
        }
    }

    private ProbeResult held(CheckContext ctx, Connection c, Connection open, List<ScratchCapture> tables, List<String> servers, String checked)
            throws SQLException {
        OpenTransactionsWatermark watermarks = new OpenTransactionsWatermark(ctx.dialect(), ctx.names());
        Watermark base = watermarks.now(c);
        List<Long> recorded = new ArrayList<>();
        Watermark held;
        open.setAutoCommit(false);
        try (Statement s = open.createStatement()) {
            for (ScratchCapture t : tables) {
                s.execute(t.insert(1));
            }
            for (ScratchCapture t : tables) {
                try (ResultSet rs = s.executeQuery("SELECT MAX(" + ctx.dialect().quote(CdcColumns.TRANSACTION_ID) + ") FROM "
                        + ctx.dialect().qualified(ctx.names().cdcSchema(), ctx.names().cdcTable(t.table().id())))) {
                    rs.next();
                    recorded.add(rs.getLong(1));
                }
            }
            held = watermarks.now(c);
            open.commit();
        } finally {
            open.rollback();
            open.setAutoCommit(true);
        }
        List<Long> notOpen = recorded.stream().filter(id -> !held.isOpen(id)).toList();
        if (!notOpen.isEmpty()) {
            return ProbeResult.fail(this, checked, "the triggers at " + servers + " recorded transaction ids " + recorded + ", of which " + notOpen
                    + " were not open in the watermark " + held + " read while the transaction was: rows of distributed transactions would be"
                    + " skipped; do not run the task on this system, report it with the HANA version and landscape");
        }
        Watermark after = watermarks.now(c);
        for (ScratchCapture t : tables) {
            var rows = new BatchReader(ctx.dialect(), ctx.names(), t.versions()).read(c, StreamRange.at(base).open(after), 10).rows();
            if (rows.size() != 1) {
                return ProbeResult.fail(this, checked, t.qualified() + " delivered " + rows.size() + " row(s) after the transaction committed, not 1;"
                        + " report this with the HANA version and landscape");
            }
        }
        return ProbeResult.pass(this, checked + " (" + servers.size() + " index servers, transaction ids " + recorded + ")");
    }
}
