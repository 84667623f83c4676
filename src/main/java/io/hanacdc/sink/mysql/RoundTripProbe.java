package io.hanacdc.sink.mysql;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sink.ExtremeRows;
import io.hanacdc.sql.Identifiers;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Every mapped type's extreme values through the very writer batches use — the multi-row statement
 * (a small batch) and LOAD DATA through the stage (a large one) — into a scratch table of the target
 * database, read back and compared; the scratch table is dropped again.
 */
final class RoundTripProbe implements Probe {
    private static final int STATEMENT_ROWS = 3;
    private static final int LOAD_ROWS = LoadDataUpsert.MIN_ROWS + 2;
    private static final LocalDateTime LAST = LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000);
    private static final LocalDateTime FIRST = LocalDateTime.of(1, 1, 1, 0, 0);
    /** MariaDB's FLOAT ends at 3.402823466E+38, just below Float.MAX_VALUE (which it refuses as out of range). */
    private static final float REAL_MAX = Math.nextDown(Float.MAX_VALUE);
    private static final String TEXT = "tab\there line\nbreak\r\n back\\slash \\N nul\0 '\"` 😀 𝄞 ünïcödé";
    /** The largest and the smallest value of each mapped type that MySQL and MariaDB hold. */
    private static final List<Object[]> EXTREMES = List.of(
        new Object[] {true, 255, (int) Short.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE, ExtremeRows.MAX65, ExtremeRows.MAX65,
            REAL_MAX, Double.MAX_VALUE, "abc", TEXT, TEXT.repeat(100), new byte[] {(byte) 0xff, 0x5c, 0x0a, (byte) 0xc3},
            ExtremeRows.ALL_BYTES, ExtremeRows.ALL_BYTES, LAST.toLocalDate(), LocalTime.of(23, 59, 59, 999_999_000), LAST, LAST,
            "ffffffff-ffff-ffff-ffff-ffffffffffff", "{\"k\": \"a\\tb 😀\"}", TEXT, "[1, 2]"},
        new Object[] {false, 0, (int) Short.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE, ExtremeRows.MAX65.negate(), new BigDecimal("1e-30"),
            1.4e-45f, 4.9e-324, "", "", "", new byte[4], new byte[0], new byte[0], FIRST.toLocalDate(), LocalTime.MIDNIGHT, FIRST, FIRST,
            "00000000-0000-0000-0000-000000000000", "[]", "", "[]"});

    private final MySqlTarget target;

    RoundTripProbe(MySqlTarget target) {
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
        SourceTable source = ExtremeRows.table(target.database(), ctx.scratchSuffix());
        MySqlTable table = new MySqlTable(target.database(), source.id().name(), source, target.types());
        String checked = "extreme values of " + (source.columns().size() - 1) + " mapped types through the statement and LOAD DATA paths";
        List<String> wrong = new ArrayList<>();
        boolean loaded;
        try (Connection c = target.connection()) {
            drop(c, table);
            try {
                table.ensure(c);
                RowWriter writer = new RowWriter(table, ColumnLimits.read(c, table));
                wrong.addAll(roundTrip(c, writer, table, ExtremeRows.rows(STATEMENT_ROWS, EXTREMES), "statement"));
                long before = loads(c);
                wrong.addAll(roundTrip(c, writer, table, ExtremeRows.rows(LOAD_ROWS, EXTREMES), "LOAD DATA"));
                loaded = loads(c) > before;
            } finally {
                drop(c, table);
            }
        }
        if (!wrong.isEmpty()) {
            return ProbeResult.fail(this, checked, "values would be stored changed: " + String.join("; ", wrong)
                    + ". Report this with the server's version; check the server's sql_mode and character set settings");
        }
        return ProbeResult.pass(this, checked + (loaded ? "" : " (LOAD DATA not used: see 'target settings')"));
    }

    /** Writes the rows with the task's writer, committed, reads them back and names every value that differs. */
    static List<String> roundTrip(Connection c, RowWriter writer, MySqlTable table, List<Object[]> rows, String path) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DELETE FROM " + table.qualifiedName());
        }
        try {
            writer.upsert(c, rows);
        } catch (SQLException e) {
            return List.of(path + ": the batch was refused (" + e.getMessage() + ")");
        }
        List<SourceColumn> cols = table.source().columns();
        String select = "SELECT " + cols.stream().map(RoundTripProbe::selected).collect(Collectors.joining(", "))
                + " FROM " + table.qualifiedName() + " ORDER BY " + Identifiers.backtick("id");
        List<Object[]> read = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(select)) {
            while (rs.next()) {
                Object[] row = new Object[cols.size()];
                for (int i = 0; i < cols.size(); i++) {
                    row[i] = cols.get(i).type().kind() == Kind.REAL ? real(rs, i + 1) : TargetValues.read(rs, i + 1, cols.get(i).type());
                }
                read.add(row);
            }
        }
        return ExtremeRows.differences(path, cols, rows, read);
    }

    /** FLOAT goes over the wire as text of 6 significant digits; as a DOUBLE it comes back exactly. */
    private static String selected(SourceColumn col) {
        String name = Identifiers.backtick(col.name());
        return col.type().kind() == Kind.REAL ? "(" + name + " + 0E0)" : name;
    }

    private static Float real(ResultSet rs, int i) throws SQLException {
        double d = rs.getDouble(i);
        return rs.wasNull() ? null : (float) d;
    }

    private static long loads(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW SESSION STATUS LIKE 'Com_load'")) {
            return rs.next() ? rs.getLong(2) : 0;
        }
    }

    static void drop(Connection c, MySqlTable table) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table.qualifiedName());
        }
    }
}
