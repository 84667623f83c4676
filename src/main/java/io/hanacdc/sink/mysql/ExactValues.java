package io.hanacdc.sink.mysql;

import io.hanacdc.sink.ValueRules;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.ValueText;
import io.hanacdc.sink.mysql.ColumnLimits.Limit;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Whether one value is stored exactly in a target column as the server defines it: returned as it is, cut where the
 * rules allow (a time's digits beyond microseconds, never a key's), or refused naming table, column and value and what
 * to change.
 */
final class ExactValues {
    /** MySQL's FLOAT ends here, just below Java's Float.MAX_VALUE, which it refuses as out of range. */
    private static final double FLOAT_MAX = 3.402823466E+38;
    private static final int[] POWERS = {1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1};
    private static final String RELOAD = "correct the value at the source, then re-load the table";
    private static final String OWN_TYPE = "change the target column to the source's type (or drop the table so hana-cdc creates it), then re-load the table";

    private final String table;
    private final ValueRules rules;

    ExactValues(String table, ValueRules rules) {
        this.table = table;
        this.rules = rules;
    }

    Object fit(Limit l, Object v) {
        switch (l.check()) {
            case DECIMAL -> decimal(l, v);
            case FLOAT, DOUBLE -> binary(l, v);
            case WHOLE -> whole(l, v);
            case DATE -> {
                if (v instanceof LocalDate d) {
                    year(l, v, d.getYear());
                }
            }
            case DATETIME -> {
                if (v instanceof LocalDateTime t) {
                    year(l, v, t.getYear());
                    int cut = cut(t.getNano(), l);
                    return cut == t.getNano() ? v : fraction(l, v, t.withNano(cut));
                }
            }
            case TIME -> {
                if (v instanceof LocalTime t) {
                    int cut = cut(t.getNano(), l);
                    return cut == t.getNano() ? v : fraction(l, v, t.withNano(cut));
                }
            }
            default -> { }
        }
        return v;
    }

    private void decimal(Limit l, Object v) {
        if (v instanceof Double d && !Double.isFinite(d)) { // PostgreSQL's numeric NaN and ±Infinity
            throw refused(l, d, "cannot be stored in a MySQL/MariaDB " + l.type() + " column (no NaN or infinity)", RELOAD);
        }
        BigDecimal d = v instanceof BigDecimal b ? b : v instanceof Double x ? new BigDecimal(Double.toString(x))
                : v instanceof Float x ? new BigDecimal(Float.toString(x)) : null;
        if (d == null) {
            return; // whole numbers are checked by the server (out of range), text by its conversion
        }
        int scale = d.scale();
        int integerDigits = d.precision() - scale;
        if (scale > l.scale()) {
            BigDecimal stripped = d.stripTrailingZeros();
            scale = stripped.scale();
            integerDigits = stripped.precision() - scale;
        }
        if (scale > l.scale() || integerDigits > l.precision() - l.scale()) {
            throw refused(l, v, "does not fit " + l.type() + " (" + (l.precision() - l.scale()) + " digits before the point, " + l.scale()
                    + " after) and would be " + (scale > l.scale() ? "rounded" : "cut"), "set " + ValueRules.WIDE_NUMBERS
                    + "=text (a wider source column then goes to a text column that keeps every value as written: re-create the target"
                    + " table, e.g. drop it and resnapshot the table) or widen the target column, then re-load the table");
        }
    }

    /** FLOAT and DOUBLE: no NaN or infinity, FLOAT's range, and no number they would round (a decimal, a float's double, a long). */
    private void binary(Limit l, Object v) {
        if (!(v instanceof Number n)) {
            return;
        }
        boolean single = l.check() == ColumnLimits.Check.FLOAT;
        double d = n.doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d) || single && Math.abs(d) > FLOAT_MAX) {
            throw refused(l, v, "cannot be stored in a MySQL/MariaDB " + l.type() + " column (no NaN or infinity" + (single ? ", at most ±"
                    + FLOAT_MAX + ")" : ")"), RELOAD);
        }
        boolean exact;
        if (v instanceof Double x) {
            exact = !single || (double) (float) (double) x == x;
        } else if (v instanceof BigDecimal b) {
            exact = b.compareTo(new BigDecimal(single ? (double) b.floatValue() : b.doubleValue())) == 0;
        } else if (v instanceof BigInteger b) {
            exact = new BigDecimal(b).compareTo(new BigDecimal(single ? (double) b.floatValue() : b.doubleValue())) == 0;
        } else if (v instanceof Long x) {
            exact = x != Long.MAX_VALUE && (single ? (long) (float) x == x : (long) (double) x == x);
        } else if (v instanceof Integer x) {
            exact = !single || (int) (float) x == x; // a double holds every int
        } else {
            exact = true; // float, short, byte
        }
        if (!exact) {
            throw refused(l, v, "would be rounded by the binary " + l.type() + " column", OWN_TYPE);
        }
    }

    /** Whole-number columns round a fraction (strict mode leaves an out-of-range value to the server, which refuses it). */
    private void whole(Limit l, Object v) {
        if (v instanceof Integer || v instanceof Long) {
            return; // the common case, and never a fraction
        }
        boolean fraction = v instanceof BigDecimal b ? b.signum() != 0 && b.stripTrailingZeros().scale() > 0
                : (v instanceof Double || v instanceof Float) && ((Number) v).doubleValue() != Math.rint(((Number) v).doubleValue());
        if (fraction) {
            throw refused(l, v, "would be rounded by the whole-number " + l.type() + " column", OWN_TYPE);
        }
    }

    private void year(Limit l, Object v, int year) {
        if (year < 1 || year > 9999) {
            throw refused(l, v, "cannot be stored in a MySQL/MariaDB " + l.type() + " column (years 0001 to 9999, no BC, no infinity)", RELOAD);
        }
    }

    private static int cut(int nanos, Limit l) {
        return nanos - nanos % POWERS[l.fractionDigits()];
    }

    /** A time with more fractional digits than the column keeps: cut when the rules allow and it is no key, else refused. */
    private Object fraction(Limit l, Object v, Object cut) {
        if (rules.truncateSubMicroseconds() && l.fractionDigits() == 6 && !l.key()) {
            return cut;
        }
        String remedy = l.key() ? "a key is never cut (two source keys could become one): key the table by other columns, or leave it out"
                : l.fractionDigits() == 6 ? "set " + ValueRules.SUB_MICROSECONDS + "=truncate to store such values cut to microseconds, then re-load the table"
                : "widen the target column to " + l.dataType() + "(6), then re-load the table";
        throw refused(l, v, "has more fractional digits than " + l.type() + " keeps (" + l.fractionDigits() + ") and would be cut to "
                + ValueText.of(cut), remedy);
    }

    private CdcException refused(Limit l, Object v, String why, String remedy) {
        return new CdcException("table " + table + " column " + l.column() + ": value " + ValueText.of(v) + " " + why
                + "; the table stops here so nothing is changed: " + remedy);
    }
}
