package io.hanacdc.sink.mysql;

import io.hanacdc.sink.ValueRules;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The values MySQL/MariaDB would store changed without an error are refused, naming table, column and value; the rest pass untouched. */
class ColumnLimitsTest {
    private static final List<String> NAMES = List.of("id", "d", "wide", "f", "dbl", "dt", "ts", "ts0", "tm");

    private static ColumnLimits limits(ValueRules rules) {
        return limits(rules, List.of("id"));
    }

    private static ColumnLimits limits(ValueRules rules, List<String> key) {
        List<SourceColumn> cols = NAMES.stream().map(n -> new SourceColumn(n, "x", ColumnType.of(Kind.TEXT), true)).toList();
        SourceTable source = new SourceTable(new TableId("s", "t"), cols, key);
        MySqlTable table = new MySqlTable("db", "t", source, new MySqlTypes(MySqlFlavor.MARIADB, rules));
        return ColumnLimits.of(table, Map.of(
                "id", new ColumnLimits.Limit("id", "bigint(20)", "bigint", 19, 0, 0, false),
                "d", new ColumnLimits.Limit("d", "decimal(10,2)", "decimal", 10, 2, 0, false),
                "wide", new ColumnLimits.Limit("wide", "decimal(65,30)", "decimal", 65, 30, 0, false),
                "f", new ColumnLimits.Limit("f", "float", "float", 12, 0, 0, false),
                "dbl", new ColumnLimits.Limit("dbl", "double", "double", 22, 0, 0, false),
                "dt", new ColumnLimits.Limit("dt", "date", "date", 0, 0, 0, false),
                "ts", new ColumnLimits.Limit("ts", "datetime(6)", "datetime", 0, 0, 6, false),
                "ts0", new ColumnLimits.Limit("ts0", "datetime", "datetime", 0, 0, 0, false),
                "tm", new ColumnLimits.Limit("tm", "time(3)", "time", 0, 0, 3, false)));
    }

    private static Object[] row(int column, Object value) {
        Object[] row = new Object[NAMES.size()];
        row[0] = 1L;
        row[column] = value;
        return row;
    }

    private static String refusal(ColumnLimits limits, int column, Object value) {
        return assertThrows(CdcException.class, () -> limits.rows(List.<Object[]>of(row(column, value)))).getMessage();
    }

    @Test
    void valuesTheColumnsHoldPassUntouched() {
        ColumnLimits l = limits(ValueRules.DEFAULT);
        List<Object[]> rows = List.of(row(1, new BigDecimal("99999999.99")), row(1, new BigDecimal("-0.01")), row(1, new BigDecimal("1.5000")),
                row(2, new BigDecimal("9".repeat(35) + "." + "9".repeat(30))), row(3, Math.nextDown(3.402823466E+38f)), row(4, Double.MAX_VALUE),
                row(4, -0.0), row(5, LocalDate.of(1, 1, 1)), row(5, LocalDate.of(9999, 12, 31)),
                row(6, LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000)), row(7, LocalDateTime.of(2024, 1, 1, 0, 0)),
                row(8, LocalTime.of(23, 59, 59, 999_000_000)), row(8, "24:00:00"));
        assertSame(rows, l.rows(rows), "nothing to change, the very list");
    }

    @Test
    void aDecimalThatWouldBeRoundedOrCutIsRefused() {
        ColumnLimits l = limits(ValueRules.DEFAULT);
        String rounded = refusal(l, 1, new BigDecimal("1.234"));
        assertTrue(rounded.startsWith("table s.t column d: value 1.234 does not fit decimal(10,2)") && rounded.contains("rounded")
                && rounded.contains("hanacdc.target.wide-numbers=text"), rounded);
        assertTrue(refusal(l, 1, new BigDecimal("123456789")).contains("value 123456789 does not fit decimal(10,2) (8 digits before the point"));
        assertTrue(refusal(l, 2, new BigDecimal("1E+35")).contains("value 100000000000000000000000000000000000 does not fit"));
        assertTrue(refusal(l, 2, new BigDecimal("1E-31")).contains("value 0.0000000000000000000000000000001 does not fit"));
        assertTrue(refusal(l, 2, Double.NaN).contains("value NaN cannot be stored"));
    }

    @Test
    void floatsAndDoublesOutOfTheirRangeAreRefused() {
        ColumnLimits l = limits(ValueRules.DEFAULT);
        assertTrue(refusal(l, 3, Float.MAX_VALUE).contains("column f: value 3.4028235E38 cannot be stored"));
        assertTrue(refusal(l, 4, Double.NEGATIVE_INFINITY).contains("column dbl: value -Infinity cannot be stored"));
        assertTrue(refusal(l, 4, Float.NaN).contains("value NaN"));
    }

    /** A user's target columns of another type than the mapping's: a fraction into an INT, a decimal into a DOUBLE or FLOAT. */
    @Test
    void aNumberTheUsersOwnColumnWouldRoundIsRefused() {
        ColumnLimits l = limits(ValueRules.DEFAULT);
        assertTrue(refusal(l, 0, new BigDecimal("1.5")).contains("column id: value 1.5 would be rounded by the whole-number bigint(20) column"));
        assertTrue(refusal(l, 4, new BigDecimal("0.1")).contains("would be rounded by the binary double column"));
        assertTrue(refusal(l, 4, (1L << 53) + 1).contains("value 9007199254740993 would be rounded"));
        assertTrue(refusal(l, 3, 0.1).contains("column f: value 0.1 would be rounded by the binary float column"));
        assertTrue(refusal(l, 1, 0.125).contains("does not fit decimal(10,2)"), "a double into a DECIMAL: its shortest digits");
        List<Object[]> fine = List.of(row(0, new BigDecimal("7.000")), row(4, new BigDecimal("0.5")), row(4, 1L << 53), row(3, 0.5), row(1, 0.25));
        assertSame(fine, l.rows(fine));
    }

    @Test
    void datesBeforeYearOneOrAfter9999AreRefusedAsTheSourcePrintsThem() {
        ColumnLimits l = limits(ValueRules.DEFAULT);
        assertTrue(refusal(l, 5, LocalDate.of(0, 12, 31)).contains("value 0001-12-31 BC cannot be stored"));
        assertTrue(refusal(l, 5, LocalDate.of(-4712, 1, 1)).contains("value 4713-01-01 BC"));
        assertTrue(refusal(l, 5, LocalDate.MAX).contains("value infinity"));
        assertTrue(refusal(l, 6, LocalDateTime.MIN).contains("value -infinity"));
        assertTrue(refusal(l, 6, LocalDateTime.of(10_000, 1, 1, 0, 0)).contains("value +10000-01-01 00:00:00"));
    }

    @Test
    void digitsBeyondTheColumnsFractionAreRefusedOrCutAsTheRulesSay() {
        LocalDateTime hana = LocalDateTime.of(2024, 1, 1, 12, 0, 0, 123_456_700);
        String refused = refusal(limits(ValueRules.DEFAULT), 6, hana);
        assertTrue(refused.contains("column ts: value 2024-01-01 12:00:00.1234567 has more fractional digits than datetime(6) keeps (6)")
                && refused.contains("hanacdc.target.sub-microseconds=truncate"), refused);
        ColumnLimits cutting = limits(new ValueRules(false, true));
        Object[] original = row(6, hana);
        List<Object[]> out = cutting.rows(List.<Object[]>of(original));
        assertEquals(LocalDateTime.of(2024, 1, 1, 12, 0, 0, 123_456_000), out.get(0)[6]);
        assertSame(hana, original[6], "the caller's row is not changed");
        String key = assertThrows(CdcException.class, () -> limits(new ValueRules(false, true), List.of("id", "ts")).rows(List.<Object[]>of(original)))
                .getMessage();
        assertTrue(key.contains("a key is never cut"), "two source keys could become one: " + key);
        String ownColumn = refusal(cutting, 7, LocalDateTime.of(2024, 1, 1, 0, 0, 0, 500_000_000));
        assertTrue(ownColumn.contains("datetime keeps (0)") && ownColumn.contains("widen the target column to datetime(6)"), ownColumn);
        assertTrue(refusal(cutting, 8, LocalTime.of(1, 2, 3, 4_500_000)).contains("time(3) keeps (3)"));
    }
}
