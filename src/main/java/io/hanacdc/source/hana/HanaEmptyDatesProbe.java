package io.hanacdc.source.hana;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.check.ScratchCapture;
import io.hanacdc.schema.EmptyDate;
import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Empty DATE, SECONDDATE, TIMESTAMP and TIME values (written as '', SAP's reference: datetime data
 * types) through a capture trigger and the stream's CDC read: each must come out as the type mapping's
 * neutral empty date (EmptyDate; midnight for TIME), not as NULL, a shifted date or an error.
 */
final class HanaEmptyDatesProbe implements Probe {
    static final String COLUMNS = ", \"D\" DATE, \"SD\" SECONDDATE, \"TS\" TIMESTAMP, \"T\" TIME";
    static final String INSERT = "INSERT INTO %s VALUES (1, '', '', '', '')";
    private static final List<Object> EXPECTED = Arrays.asList(1, EmptyDate.DATE, EmptyDate.TIMESTAMP, EmptyDate.TIMESTAMP,
            HanaDateTimes.EMPTY_TIME);

    @Override
    public String name() {
        return "empty dates";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        String checked = "empty DATE, SECONDDATE, TIMESTAMP, TIME through capture and the CDC read";
        try (Connection c = ctx.source().getConnection(); ScratchCapture scratch = new ScratchCapture(ctx, c, COLUMNS); Statement s = c.createStatement()) {
            s.execute(String.format(INSERT, scratch.qualified()));
            StreamRange all = StreamRange.at(new Watermark(0, new long[0])).open(new Watermark(Long.MAX_VALUE, new long[0]));
            List<ChangeRow> rows = new BatchReader(ctx.dialect(), ctx.names(), scratch.versions()).read(c, all, 10).rows();
            List<Object> read = rows.isEmpty() ? List.of() : new ArrayList<>(Arrays.asList(rows.get(0).values()));
            if (read.size() == EXPECTED.size()) {
                read.set(0, ((Number) read.get(0)).intValue());
            }
            if (!Objects.equals(read, EXPECTED)) {
                return ProbeResult.fail(this, checked, "captured " + read + ", expected " + EXPECTED + ": empty dates would reach the target"
                        + " changed or fail their batch; report this with the HANA and driver versions");
            }
            return ProbeResult.pass(this, checked);
        }
    }
}
