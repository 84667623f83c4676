package io.hanacdc.check;

import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import io.hanacdc.watermark.WatermarkReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * DESIGN §3's core guarantee on the user's own engine, through the task's own watermark reader, CDC
 * query and capture triggers: session 1 writes a scratch row and stays open, session 2 writes and
 * commits a later one; the next window must deliver session 2's row and hold session 1's back, and
 * the window after session 1 commits must deliver it.
 */
final class WatermarkProbe implements Probe {
    private static final int LIMIT = 100;
    private final String name;
    private final boolean gapProbe;

    /** The watermark the task uses (hanacdc.watermark and the user's rights decide), or gap probing whatever the task uses. */
    private WatermarkProbe(String name, boolean gapProbe) {
        this.name = name;
        this.gapProbe = gapProbe;
    }

    static WatermarkProbe ofTask() {
        return new WatermarkProbe("watermark", false);
    }

    /** The fallback's assumption: a duplicate-key insert behind an uncommitted row waits for it. */
    static WatermarkProbe ofGapProbing() {
        return new WatermarkProbe("gap-probe watermark", true);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean guardsData() {
        return !gapProbe;
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        String checked = "a row of a transaction open at a watermark is held back, then delivered when it commits";
        try (Connection c = ctx.source().getConnection(); ScratchCapture scratch = new ScratchCapture(ctx, c);
             Connection first = ctx.source().getConnection(); Connection second = ctx.source().getConnection()) {
            WatermarkReader watermarks = gapProbe ? scratch.gapProbeWatermarks() : scratch.watermarks();
            BatchReader reader = new BatchReader(ctx.dialect(), ctx.names(), scratch.versions());
            StreamRange range = StreamRange.at(watermarks.now(c));
            first.setAutoCommit(false);
            try {
                execute(first, scratch.insert(1));
                execute(second, scratch.insert(2));
                Watermark held = settled(watermarks, c, range);
                List<Integer> before = keys(reader.read(c, range.open(held), LIMIT).rows());
                range = StreamRange.at(held);
                first.commit();
                List<Integer> after = keys(reader.read(c, range.open(settled(watermarks, c, range)), LIMIT).rows());
                List<Integer> all = new ArrayList<>(before);
                all.addAll(after);
                if (before.contains(1) || !after.contains(1) || !all.stream().sorted().toList().equals(List.of(1, 2))) {
                    return ProbeResult.fail(this, checked, "the window at " + held + " delivered " + before + ", the next " + after
                            + " (expected the open transaction's row 1 only in the second): rows of long transactions would be lost;"
                            + " report this with the source's version, and do not run the task on this source");
                }
                return ProbeResult.pass(this, checked + " (watermark " + held + ")");
            } finally {
                first.rollback();
                first.setAutoCommit(true);
            }
        }
    }

    /** The second of two polls: gap probing probes only up to the ids the previous poll saw. */
    private static Watermark settled(WatermarkReader watermarks, Connection c, StreamRange range) throws SQLException {
        watermarks.next(c, range);
        return watermarks.next(c, range);
    }

    private static void execute(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static List<Integer> keys(List<ChangeRow> rows) {
        return rows.stream().map(r -> ((Number) r.values()[0]).intValue()).toList();
    }
}
