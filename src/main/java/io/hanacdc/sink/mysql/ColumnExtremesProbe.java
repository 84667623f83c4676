package io.hanacdc.sink.mysql;

import io.hanacdc.sink.ValueRules;
import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The target round trip of the user's own columns: for each type a listed table declares with a bound — precision and
 * scale, length, fractional seconds — the extremes of that declaration go through the very writer batches use (the
 * statement and LOAD DATA through the stage) into a scratch table of the target, are read back and compared. So a
 * numeric(78,0), or a HANA TIMESTAMP's seventh digit, fails check, naming the column and the setting to change, rather
 * than a batch in production. Not a gate: the task still runs, and stops only the table a value does not fit.
 */
final class ColumnExtremesProbe implements Probe {
    private static final int STATEMENT_ROWS = 3;
    private static final int LOAD_ROWS = LoadDataUpsert.MIN_ROWS + 2;
    private final MySqlTarget target;

    ColumnExtremesProbe(MySqlTarget target) {
        this.target = target;
    }

    @Override
    public String name() {
        return "target column extremes";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        Map<ColumnType, String> types = new LinkedHashMap<>(); // each bounded type once, with the first column declaring it
        List<String> unbounded = new ArrayList<>();
        for (SourceTable t : ctx.tables()) {
            for (SourceColumn c : t.columns()) {
                String where = t.id() + "." + c.name() + " " + c.sourceType();
                if (!extremes(c.type()).isEmpty()) {
                    types.putIfAbsent(c.type(), where);
                } else if (c.type().kind() == Kind.FLOATING_DECIMAL && !target.types().rules().wideNumbersAsText()) {
                    unbounded.add(where);
                }
            }
        }
        String note = unbounded.isEmpty() ? "" : "; " + unbounded.size() + " number column(s) declared without a bound (" + String.join(", ",
                unbounded.subList(0, Math.min(3, unbounded.size()))) + (unbounded.size() > 3 ? ", …" : "") + "): a value beyond DECIMAL(65,30)"
                + " would stop its table, " + ValueRules.WIDE_NUMBERS + "=text keeps every value";
        if (types.isEmpty()) {
            return ProbeResult.pass(this, "no column of the listed tables declares a bound to check" + note);
        }
        List<ColumnType> list = new ArrayList<>(types.keySet());
        List<String> wrong = new ArrayList<>();
        List<SourceColumn> cols = new ArrayList<>(List.of(new SourceColumn("id", "BIGINT", ColumnType.of(Kind.BIGINT), false)));
        for (int i = 0; i < list.size(); i++) {
            cols.add(new SourceColumn("c" + i, "", list.get(i), true));
        }
        SourceTable scratch = new SourceTable(new TableId(target.database(), "hanacdc_check_x" + ctx.scratchSuffix()), cols, List.of("id"));
        MySqlTable table = new MySqlTable(target.database(), scratch.id().name(), scratch, target.types());
        try (Connection c = target.connection()) {
            RoundTripProbe.drop(c, table);
            try {
                table.ensure(c);
                ColumnLimits limits = ColumnLimits.read(c, table);
                List<List<Object>> fitting = new ArrayList<>();
                for (int i = 0; i < list.size(); i++) {
                    fitting.add(fitting(limits, list.size() + 1, i + 1, extremes(list.get(i)), types.get(list.get(i)), wrong));
                }
                RowWriter writer = new RowWriter(table, limits);
                for (String found : RoundTripProbe.roundTrip(c, writer, table, limits.rows(rows(fitting, STATEMENT_ROWS)), "statement")) {
                    wrong.add(named(found, list, types));
                }
                for (String found : RoundTripProbe.roundTrip(c, writer, table, limits.rows(rows(fitting, LOAD_ROWS)), "LOAD DATA")) {
                    wrong.add(named(found, list, types));
                }
            } finally {
                RoundTripProbe.drop(c, table);
            }
        }
        String checked = "the extremes of " + types.size() + " declared column type(s) of the listed tables through the statement and LOAD DATA paths";
        return wrong.isEmpty() ? ProbeResult.pass(this, checked + note)
                : ProbeResult.fail(this, checked, "values the source columns allow would stop their table: " + String.join("; ", wrong) + note);
    }

    /** The extremes the target column holds as they are (or cut, where the rules cut); the others named with the refusal. */
    private static List<Object> fitting(ColumnLimits limits, int width, int column, List<Object> values, String where, List<String> wrong) {
        List<Object> out = new ArrayList<>();
        for (Object v : values) {
            Object[] row = new Object[width];
            row[0] = 0L;
            row[column] = v;
            try {
                out.add(limits.rows(List.<Object[]>of(row)).get(0)[column]);
            } catch (CdcException e) {
                String why = where + ": " + e.getMessage().substring(e.getMessage().indexOf(": value ") + 2);
                if (wrong.stream().noneMatch(w -> w.startsWith(where + ": "))) { // the first extreme refused tells the column's story
                    wrong.add(why);
                }
            }
        }
        return out;
    }

    /** n rows, keys 1..n, each column cycling through its values; null where a column has none left to write. */
    private static List<Object[]> rows(List<List<Object>> columns, int n) {
        List<Object[]> rows = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            Object[] row = new Object[columns.size() + 1];
            row[0] = (long) r + 1;
            for (int i = 0; i < columns.size(); i++) {
                List<Object> values = columns.get(i);
                row[i + 1] = values.isEmpty() ? null : values.get(r % values.size());
            }
            rows.add(row);
        }
        return rows;
    }

    /** A round-trip finding about scratch column ci, told by the source column that declares its type. */
    private static String named(String found, List<ColumnType> list, Map<ColumnType, String> types) {
        for (int i = list.size() - 1; i >= 0; i--) {
            String column = ": c" + i + " ";
            if (found.contains(column)) {
                return types.get(list.get(i)) + " (" + found.replace(column, ": ") + ")";
            }
        }
        return found;
    }

    /** The extreme values a declared type allows, as the source reads them; none for a type without a declared bound. */
    static List<Object> extremes(ColumnType t) {
        return switch (t.kind()) {
            case DECIMAL -> {
                BigDecimal max = new BigDecimal("9".repeat(Math.max(1, t.precision()))).movePointLeft(t.scale());
                yield t.scale() > 0 ? List.of(max, max.negate(), BigDecimal.ONE.movePointLeft(t.scale())) : List.of(max, max.negate());
            }
            // an astral character (4 bytes in utf8mb4, two UTF-16 units in HANA's NVARCHAR) and 3-byte ones, to the length
            case CHAR, VARCHAR -> t.length() >= 2 ? List.of("😀" + "€".repeat(t.length() - 2)) : List.of();
            case BINARY, VARBINARY -> t.length() > 0 ? List.of(filled(t.length())) : List.of();
            case TIME -> List.of(LocalTime.of(23, 59, 59, lastNanos(t.precision())));
            case TIMESTAMP, TIMESTAMP_TZ -> List.of(LocalDateTime.of(9999, 12, 31, 23, 59, 59, lastNanos(t.precision())));
            default -> List.of();
        };
    }

    private static byte[] filled(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, (byte) 0xff);
        return b;
    }

    /** The largest fraction of a second with this many digits, in nanoseconds. */
    private static int lastNanos(int digits) {
        int d = Math.min(digits, 9);
        return d == 0 ? 0 : (int) ((Math.pow(10, d) - 1) * Math.pow(10, 9 - d));
    }
}
