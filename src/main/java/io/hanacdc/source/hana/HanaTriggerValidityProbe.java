package io.hanacdc.source.hana;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.check.ScratchCapture;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Whether capture triggers stay valid when their table gains and loses a column they do not
 * reference. SAP's reference says only that a trigger becomes invalid "when its base objects are
 * changed" (SYS.TRIGGERS), per object, not per column: this settles it on the user's release, on a
 * scratch table with capture. Reported, not failed: it says whether keys-only capture keeps business
 * writes working through a plain ALTER of a non-key column, or only {@code hana-cdc alter} does.
 */
final class HanaTriggerValidityProbe implements Probe {
    static final String ADD = "ALTER TABLE %s ADD (\"HANACDC_UNREFERENCED\" INTEGER)";
    static final String DROP = "ALTER TABLE %s DROP (\"HANACDC_UNREFERENCED\")";

    @Override
    public String name() {
        return "trigger validity";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        try (Connection c = ctx.source().getConnection(); ScratchCapture scratch = new ScratchCapture(ctx, c); Statement s = c.createStatement()) {
            int triggers = ctx.dialect().workingTriggers(c, scratch.table().id()).size();
            String after = survives(ctx, c, s, scratch, "ADD COLUMN", ADD, 1) + "; " + survives(ctx, c, s, scratch, "DROP COLUMN", DROP, 2);
            return ProbeResult.pass(this, "whether the " + triggers + " capture trigger(s) of a scratch table stay valid through ALTERs of a column"
                    + " they do not reference: " + after);
        }
    }

    /** Runs the ALTER, then counts the working triggers and writes a row through them. */
    private static String survives(CheckContext ctx, Connection c, Statement s, ScratchCapture scratch, String clause, String alter, int key)
            throws SQLException {
        s.execute(String.format(alter, scratch.qualified()));
        int working = ctx.dialect().workingTriggers(c, scratch.table().id()).size();
        try {
            s.execute(scratch.insert(key));
        } catch (SQLException e) {
            return clause + ": the triggers became invalid and a write failed (" + e.getMessage() + "): change captured tables with 'hana-cdc alter'";
        }
        return clause + ": " + working + " trigger(s) still valid and a write went through";
    }
}
