package io.hanacdc.source.hana;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.check.ScratchCapture;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.SourceTransaction;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether capture triggers stay valid when their table changes as DDIC activations change ERP tables (transports,
 * support packages): a column they do not reference added, renamed, retyped and dropped, and a column they capture
 * widened. SAP's reference says only that a trigger becomes invalid "when its base objects are changed" (SYS.TRIGGERS),
 * per object, not per column: this settles it on the user's release, on a scratch table with capture. Reported, not
 * failed: it says which plain ALTERs leave the table's writes failing (error 465) until capture is re-created, and
 * whether keys-only capture shields writers from changes of non-key columns; {@code hana-cdc alter} keeps them working either way.
 */
final class HanaTriggerValidityProbe implements Probe {
    static final String ADD = "ALTER TABLE %s ADD (\"HANACDC_UNREFERENCED\" INTEGER)";
    static final String RENAME = "RENAME COLUMN \"HANACDC_UNREFERENCED\" TO \"HANACDC_RENAMED\"";
    static final String RETYPE = "ALTER TABLE %s ALTER (\"HANACDC_RENAMED\" BIGINT)";
    static final String DROP = "ALTER TABLE %s DROP (\"HANACDC_RENAMED\")";
    static final String WIDEN = "ALTER TABLE %s ALTER (\"V\" NVARCHAR(20))";

    @Override
    public String name() {
        return "trigger validity";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        try (Connection c = ctx.source().getConnection(); ScratchCapture scratch = new ScratchCapture(ctx, c, ", \"V\" NVARCHAR(10)");
             Statement s = c.createStatement()) {
            int triggers = ctx.dialect().workingTriggers(c, scratch.table().id()).size();
            TableId id = scratch.table().id();
            List<String> after = new ArrayList<>();
            int key = 1;
            after.add(survives(ctx, c, s, scratch, "ADD COLUMN", List.of(String.format(ADD, scratch.qualified())), key++));
            after.add(survives(ctx, c, s, scratch, "RENAME COLUMN", ctx.dialect().captureSql(ctx.names()).alterTable(id, RENAME), key++));
            after.add(survives(ctx, c, s, scratch, "ALTER (type)", List.of(String.format(RETYPE, scratch.qualified())), key++));
            after.add(survives(ctx, c, s, scratch, "DROP COLUMN", List.of(String.format(DROP, scratch.qualified())), key++));
            after.add(survives(ctx, c, s, scratch, "ALTER (type) of a captured column", List.of(String.format(WIDEN, scratch.qualified())), key));
            return ProbeResult.pass(this, "whether the " + triggers + " capture trigger(s) of a scratch table stay valid through ALTERs of a column"
                    + " they do not reference and the widening of one they capture: " + String.join("; ", after));
        }
    }

    /** Runs the change (keeping the session's schema), then counts the working triggers and writes a row through them. */
    private static String survives(CheckContext ctx, Connection c, Statement s, ScratchCapture scratch, String change, List<String> alter, int key)
            throws SQLException {
        SourceTransaction.keepingSchema(c, session -> {
            for (String statement : alter) {
                s.execute(statement);
            }
            return null;
        });
        int working = ctx.dialect().workingTriggers(c, scratch.table().id()).size();
        try {
            s.execute(scratch.insert(key));
        } catch (SQLException e) {
            return change + ": the triggers became invalid and a write failed (" + e.getMessage() + "): change captured tables with"
                    + " 'hana-cdc alter', and see docs/hana.md \"Transports change captured tables\"";
        }
        return change + ": " + working + " trigger(s) still valid and a write went through";
    }
}
