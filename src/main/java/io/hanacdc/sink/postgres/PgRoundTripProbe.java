package io.hanacdc.sink.postgres;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sink.ExtremeRows;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.source.JdbcValues;
import io.hanacdc.stream.ChangeSet;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Every mapped type's extreme values through the very writer batches use — the multi-row INSERT … ON CONFLICT (a small
 * batch) and COPY through the stage (a large one) — into a scratch table in the positions' schema, read back by verify's
 * reads and compared value by value; the scratch table is dropped again.
 */
final class PgRoundTripProbe implements Probe {
    private static final int[] KEY = {0};
    private static final LocalDateTime LAST = LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000);
    /** 4713 BC, PostgreSQL's first date (year -4712 in the proleptic calendar, which has a year 0). */
    private static final LocalDateTime FIRST = LocalDateTime.of(-4712, 1, 1, 0, 0);
    /** PostgreSQL's text holds no NUL: a source's NUL stops its table (PgExactValues), which its own suite proves. */
    private static final String TEXT = "tab\there line\nbreak\r\n back\\slash \\N '\"` 😀 𝄞 ünïcödé";
    private static final BigDecimal WIDE = new BigDecimal("9".repeat(1000) + "." + "9".repeat(1000));
    /** The largest, the smallest and the special value of each mapped type that PostgreSQL holds. */
    static final List<Object[]> EXTREMES = List.of(
        new Object[] {true, 255, (int) Short.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE, ExtremeRows.MAX65, WIDE, Float.MAX_VALUE,
            Double.MAX_VALUE, "abc", TEXT, TEXT.repeat(100), new byte[] {(byte) 0xff, 0x5c, 0x0a, 0x00}, ExtremeRows.ALL_BYTES,
            ExtremeRows.ALL_BYTES, LAST.toLocalDate(), LocalTime.of(23, 59, 59, 999_999_000), LAST, LAST,
            "ffffffff-ffff-ffff-ffff-ffffffffffff", "{\"k\": \"a\\tb 😀\",  \"k\": 1}", TEXT, "[1, 2]"},
        new Object[] {false, 0, (int) Short.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE, ExtremeRows.MAX65.negate(), WIDE.negate(),
            1.4e-45f, 4.9e-324, "", "", "", new byte[4], new byte[0], new byte[0], FIRST.toLocalDate(), LocalTime.MIDNIGHT, FIRST, FIRST,
            "00000000-0000-0000-0000-000000000000", "[]", "", "[]"},
        new Object[] {true, 1, 0, 0, 0L, new BigDecimal("-1e-30"), Double.NaN, -0f, -0.0, " a", " ", " ", new byte[4], new byte[1],
            new byte[1], LocalDate.MAX, JdbcValues.END_OF_DAY, LocalDateTime.MAX, LocalDateTime.MIN, "12345678-9abc-def0-1234-56789abcdef0",
            "null", "\\", "[null]"},
        new Object[] {null, null, null, null, null, null, new BigDecimal("1e-1000"), Float.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
            null, null, null, null, null, null, LocalDate.MIN, null, LocalDateTime.MIN, LocalDateTime.MAX, null, null, null, null});
    private static final int STATEMENT_ROWS = EXTREMES.size() + 1;
    static final int COPY_ROWS = CopyUpsert.MIN_ROWS + EXTREMES.size() + 1;

    private final PostgresTarget target;

    PgRoundTripProbe(PostgresTarget target) {
        this.target = target;
    }

    @Override
    public String name() {
        return "target round trip";
    }

    @Override
    public boolean guardsData() {
        return true;
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        SourceTable source = ExtremeRows.table(target.controlSchema(), ctx.scratchSuffix());
        PgTable table = new PgTable(target.controlSchema(), source.id().name(), source, target.rules());
        String checked = "extreme values of " + (source.columns().size() - 1) + " mapped types through the statement and COPY paths";
        List<String> wrong = new ArrayList<>();
        try (TargetSession s = target.session()) {
            Connection c = PgSession.of(s);
            drop(c, table);
            try {
                table.ensure(s);
                wrong.addAll(roundTrip(s, table, ExtremeRows.rows(STATEMENT_ROWS, EXTREMES), "statement"));
                wrong.addAll(roundTrip(s, table, ExtremeRows.rows(COPY_ROWS, EXTREMES), "COPY"));
                if (wrong.isEmpty() && table.rowsCopied() == 0) {
                    wrong.add("COPY: the large batch went through statements, so COPY was not tested");
                }
            } finally {
                drop(c, table);
            }
        }
        return wrong.isEmpty() ? ProbeResult.pass(this, checked)
                : ProbeResult.fail(this, checked, "values do not come back as written: " + String.join("; ", wrong)
                        + ". Report this with the server's version; check the database's encoding and the settings 'target settings' names");
    }

    /** Writes the rows with the task's writer in one committed transaction, reads them back and names every value that differs. */
    static List<String> roundTrip(TargetSession s, PgTable table, List<Object[]> rows, String path) throws SQLException {
        Connection c = PgSession.of(s);
        try (Statement st = c.createStatement()) {
            st.execute("DELETE FROM " + table.qualifiedName());
        }
        try {
            c.setAutoCommit(false);
            table.apply(s, ChangeSet.resolved(List.of(), rows, KEY));
            c.commit();
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            return List.of(path + ": the batch was refused (" + e.getMessage() + ")");
        } finally {
            c.setAutoCommit(true);
        }
        List<Object[]> keys = rows.stream().map(r -> new Object[] {r[0]}).toList();
        List<Object[]> read = new ArrayList<>(new PgRows(table).rowsByKey(s, keys));
        read.sort((a, b) -> Long.compare((Long) a[0], (Long) b[0]));
        return ExtremeRows.differences(path, table.source().columns(), rows, read);
    }

    private static void drop(Connection c, PgTable table) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table.qualifiedName());
        }
    }
}
