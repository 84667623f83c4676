package io.hanacdc.sink.postgres;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.EmptyDate;
import io.hanacdc.schema.ValueText;
import io.hanacdc.sink.ValueRules;
import io.hanacdc.sink.postgres.PgColumns.Column;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;

/**
 * Whether one value is stored exactly in a PostgreSQL column as the server defines it. PostgreSQL refuses most values
 * that do not fit, but changes some silently: a numeric(p,s) and a timestamp/time(p) round surplus fractional digits,
 * an integer column rounds a fraction, real rounds a double, and character(n)/varchar(n) drop trailing spaces beyond n.
 * Those are refused here naming table, column and value, or cut where the rules allow (a time's digits beyond
 * microseconds, never a key's); a NUL character, which no PostgreSQL text holds, is refused too.
 */
final class PgExactValues {
    private static final int[] POWERS = {1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1};
    private static final String OWN_TYPE = "change the target column to the source's type (or drop the table so hana-cdc creates it), then re-load the table";

    private final String table;
    private final ValueRules rules;

    PgExactValues(String table, ValueRules rules) {
        this.table = table;
        this.rules = rules;
    }

    /** The rows (or keys) as they are stored, each value checked against its column (a row cut by the rules is a copy). */
    List<Object[]> rows(List<Column> columns, List<Object[]> rows) {
        return rows.stream().map(r -> row(columns, r)).toList();
    }

    private Object[] row(List<Column> columns, Object[] row) {
        Object[] out = row;
        for (int i = 0; i < row.length; i++) {
            Object v = row[i];
            if (v == null || v instanceof Integer || v instanceof Long) {
                continue; // the common case, which every column of its kind holds or the server refuses
            }
            Object fit = fit(columns.get(i), v);
            if (fit != v) {
                out = out == row ? row.clone() : out;
                out[i] = fit;
            }
        }
        return out;
    }

    Object fit(Column c, Object v) {
        if (v instanceof EmptyDate) {
            throw refused(c, v, "is SAP HANA's empty date (ABAP's initial value, not NULL), which no PostgreSQL date or timestamp holds",
                    "write NULL or a date at the source, or leave the table out (MySQL/MariaDB keep it as their zero date)");
        }
        switch (c.dataType()) {
            case "numeric" -> decimal(c, v);
            case "smallint", "integer", "bigint" -> whole(c, v);
            case "real" -> single(c, v);
            case "character varying", "character" -> {
                text(c, v);
                if (c.length() > 0 && v instanceof String s && s.codePointCount(0, s.length()) > c.length()) {
                    throw refused(c, v, "is longer than " + c.type() + " (" + c.length() + " characters)", OWN_TYPE);
                }
            }
            case "timestamp without time zone", "timestamp with time zone" -> {
                if (v instanceof LocalDateTime t && t != LocalDateTime.MAX && t != LocalDateTime.MIN) {
                    int cut = cut(t.getNano(), c.fraction());
                    return cut == t.getNano() ? v : fraction(c, v, t.withNano(cut));
                }
            }
            case "time without time zone" -> {
                if (v instanceof LocalTime t) {
                    int cut = cut(t.getNano(), c.fraction());
                    return cut == t.getNano() ? v : fraction(c, v, t.withNano(cut));
                }
            }
            default -> text(c, v);
        }
        return v;
    }

    private void text(Column c, Object v) {
        if (v instanceof String s && s.indexOf('\0') >= 0) {
            throw refused(c, v, "holds a NUL character, which no PostgreSQL text holds", "correct the value at the source, then re-load the table");
        }
    }

    private void decimal(Column c, Object v) {
        if (c.precision() <= 0 || !(v instanceof BigDecimal d)) {
            return; // unconstrained numeric holds every number, NaN and ±Infinity; an out-of-range whole number the server refuses
        }
        BigDecimal stripped = d.scale() > c.scale() ? d.stripTrailingZeros() : d;
        if (stripped.scale() > c.scale()) {
            throw refused(c, v, "has more decimal places than " + c.type() + " keeps (" + c.scale() + ") and would be rounded", OWN_TYPE);
        }
    }

    private void whole(Column c, Object v) {
        boolean fraction = v instanceof BigDecimal b ? b.signum() != 0 && b.stripTrailingZeros().scale() > 0
                : (v instanceof Double || v instanceof Float) && ((Number) v).doubleValue() != Math.rint(((Number) v).doubleValue());
        if (fraction) {
            throw refused(c, v, "would be rounded by the whole-number " + c.type() + " column", OWN_TYPE);
        }
    }

    private void single(Column c, Object v) {
        boolean exact = v instanceof Double x ? Double.isNaN(x) || (double) (float) (double) x == x
                : !(v instanceof BigDecimal b) || b.compareTo(new BigDecimal(b.floatValue())) == 0;
        if (!exact) {
            throw refused(c, v, "would be rounded by the binary real column", OWN_TYPE);
        }
    }

    private static int cut(int nanos, int digits) {
        return nanos - nanos % POWERS[Math.min(digits, PgTypes.MAX_FRACTION)];
    }

    /** A time with more fractional digits than the column keeps: cut when the rules allow and it is no key, else refused. */
    private Object fraction(Column c, Object v, Object cut) {
        if (rules.truncateSubMicroseconds() && c.fraction() == PgTypes.MAX_FRACTION && !c.key()) {
            return cut;
        }
        String remedy = c.key() ? "a key is never cut (two source keys could become one): key the table by other columns, or leave it out"
                : c.fraction() == PgTypes.MAX_FRACTION ? "set " + ValueRules.SUB_MICROSECONDS
                        + "=truncate to store such values cut to microseconds, then re-load the table"
                : "widen the target column to " + c.dataType().replaceFirst(" ", "(6) ") + ", then re-load the table";
        throw refused(c, v, "has more fractional digits than " + c.type() + "(" + c.fraction() + ") keeps and would be rounded (cut: "
                + ValueText.of(cut) + ")", remedy);
    }

    private CdcException refused(Column c, Object v, String why, String remedy) {
        return new CdcException("table " + table + " column " + c.name() + ": value " + ValueText.of(v) + " " + why
                + "; the table stops here so nothing is changed: " + remedy);
    }
}
