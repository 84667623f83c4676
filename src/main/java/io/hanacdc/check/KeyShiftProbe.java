package io.hanacdc.check;

import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.WatermarkReader;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code UPDATE … SET K = K + 1} over adjacent keys, through capture, the CDC read, the per-key
 * coalescing and the target writer, into a scratch target table: each key's row must end where the
 * source has it, though every new key was an old key of another row in the same statement.
 */
final class KeyShiftProbe implements Probe {
    private static final int LIMIT = 100;

    @Override
    public String name() {
        return "key shift";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws Exception {
        String checked = "UPDATE … SET k = k + 1 over keys 1, 2, 3 through capture and apply";
        if (ctx.target().keepsEveryChange()) {
            return ProbeResult.skip(this, checked, "the target keeps every change as an event, in order: it holds no rows whose keys could collide");
        }
        try (Connection c = ctx.source().getConnection(); ScratchCapture scratch = new ScratchCapture(ctx, c); Statement s = c.createStatement();
             TargetSession t = ctx.target().session()) {
            WatermarkReader watermarks = scratch.watermarks();
            StreamRange range = StreamRange.at(watermarks.now(c));
            // From the top, so that a source checking the key row by row (PostgreSQL without DEFERRABLE) accepts the shift.
            for (int k = 3; k >= 1; k--) {
                s.execute(scratch.insert(k));
            }
            s.execute("UPDATE " + ctx.dialect().qualified(scratch.table().id().schema(), scratch.table().id().name())
                    + " SET " + ctx.dialect().quote("k") + " = " + ctx.dialect().quote("k") + " + 1");
            var rows = new BatchReader(ctx.dialect(), ctx.names(), scratch.versions()).read(c, range.open(watermarks.next(c, range)), LIMIT).rows();
            ChangeSet changes = ChangeSet.of(rows, new int[] {0});
            if (!changes.refetch().isEmpty()) { // keys-only capture: the current rows are the keys that exist
                changes.resolveRefetched(keys(s, "SELECT " + ctx.dialect().quote("k") + " FROM "
                        + ctx.dialect().qualified(scratch.table().id().schema(), scratch.table().id().name())).stream().map(k -> new Object[] {k}).toList());
            }
            Target target = ctx.target();
            TargetTable table = target.table(scratch.table());
            target.recreate(t, table);
            try {
                // the rows as an earlier batch may have left them; a scratch table needs no position
                table.apply(t, ChangeSet.resolved(List.of(), List.of(new Object[] {1}, new Object[] {2}, new Object[] {3}), new int[] {0}));
                table.apply(t, changes);
                List<Integer> keys = table.keys(t).stream().map(k -> ((Number) k[0]).intValue()).toList();
                if (!keys.equals(List.of(2, 3, 4))) {
                    return ProbeResult.fail(this, checked, "the target holds keys " + keys + " where the source has [2, 3, 4]:"
                            + " key changes would leave rows wrong in the target; report this with both servers' versions");
                }
            } finally {
                target.drop(t, table);
            }
            return ProbeResult.pass(this, checked);
        }
    }

    private static List<Integer> keys(Statement s, String sql) throws SQLException {
        List<Integer> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getInt(1));
            }
        }
        return out;
    }
}
