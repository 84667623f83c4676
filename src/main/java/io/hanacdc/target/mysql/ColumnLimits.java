package io.hanacdc.target.mysql;

import io.hanacdc.CdcException;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.ValueText;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each column of a target table holds exactly, as the table is defined on the server (information_schema: also a
 * table someone created or changed), and the check of every value before it is written. MySQL and MariaDB change some
 * values without an error even in strict mode — a DECIMAL rounds surplus decimal places (a note), a DATETIME or TIME
 * drops fractional digits beyond its precision (nothing at all), a DOUBLE has no NaN — so those are refused here, naming
 * table, column and value, and the batch writes nothing. What strict mode refuses itself (too long, out of range) is left
 * to the server; {@link TargetWarnings} catches anything it lets through with a warning.
 */
final class ColumnLimits {
    /** MySQL's FLOAT ends here, just below Java's Float.MAX_VALUE, which it refuses as out of range. */
    private static final double FLOAT_MAX = 3.402823466E+38;
    private static final int[] POWERS = {1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1};

    private final String table;
    private final ValueRules rules;
    /** Per source column (null: nothing to check), and the key columns' among them. */
    private final Limit[] limits;
    private final Limit[] keyLimits;
    private final boolean any;

    private ColumnLimits(String table, ValueRules rules, Limit[] limits, Limit[] keyLimits) {
        this.table = table;
        this.rules = rules;
        this.limits = limits;
        this.keyLimits = keyLimits;
        boolean some = false;
        for (Limit l : limits) {
            some |= l != null;
        }
        this.any = some;
    }

    /** A column's definition on the server, as far as exactness depends on it: information_schema.COLUMNS' fields. */
    record Limit(String column, String type, String dataType, int precision, int scale, int fractionDigits) {}

    /** The limits of the table as the server defines it now. */
    static ColumnLimits read(Connection c, MySqlTable table) throws SQLException {
        Map<String, Limit> byName = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT COLUMN_NAME, DATA_TYPE, COLUMN_TYPE, NUMERIC_PRECISION, NUMERIC_SCALE, DATETIME_PRECISION"
                + " FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?")) {
            ps.setString(1, table.database());
            ps.setString(2, table.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String name = rs.getString(1);
                    byName.put(name.toLowerCase(Locale.ROOT), new Limit(name, rs.getString(3), rs.getString(2).toLowerCase(Locale.ROOT),
                            rs.getInt(4), rs.getInt(5), rs.getInt(6)));
                }
            }
        }
        return of(table, byName);
    }

    /** The limits of the table from its columns' definitions, by lower-case name. */
    static ColumnLimits of(MySqlTable table, Map<String, Limit> byName) {
        List<SourceColumn> columns = table.source().columns();
        Limit[] limits = new Limit[columns.size()];
        for (int i = 0; i < limits.length; i++) {
            Limit l = byName.get(columns.get(i).name().toLowerCase(Locale.ROOT));
            limits[i] = l != null && checked(l.dataType) ? l : null;
        }
        List<String> keys = table.source().primaryKey();
        Limit[] keyLimits = new Limit[keys.size()];
        for (int k = 0; k < keyLimits.length; k++) {
            keyLimits[k] = limits[table.source().columnNames().indexOf(keys.get(k))];
        }
        return new ColumnLimits(table.source().id().toString(), table.types().rules(), limits, keyLimits);
    }

    private static boolean checked(String dataType) {
        return switch (dataType) {
            case "decimal", "float", "double", "date", "datetime", "timestamp", "time" -> true;
            default -> false;
        };
    }

    /** The rows as they may be written: refused (a CdcException) if a value would be stored changed, times cut where the rules say. */
    List<Object[]> rows(List<Object[]> rows) {
        return fit(rows, limits);
    }

    /** Key values (in key column order) as they may be bound to find rows. */
    List<Object[]> keys(List<Object[]> keys) {
        return fit(keys, keyLimits);
    }

    private List<Object[]> fit(List<Object[]> rows, Limit[] by) {
        if (!any) {
            return rows;
        }
        List<Object[]> out = rows;
        for (int r = 0; r < rows.size(); r++) {
            Object[] row = rows.get(r);
            Object[] fitted = row;
            for (int i = 0; i < by.length; i++) {
                Object v = row[i];
                if (v == null || by[i] == null) {
                    continue;
                }
                Object f = fit(by[i], v);
                if (f != v) {
                    if (fitted == row) {
                        fitted = row.clone(); // the caller's row may be read again (change hooks)
                    }
                    fitted[i] = f;
                }
            }
            if (fitted != row) {
                if (out == rows) {
                    out = new ArrayList<>(rows);
                }
                out.set(r, fitted);
            }
        }
        return out;
    }

    private Object fit(Limit l, Object v) {
        switch (l.dataType) {
            case "decimal" -> decimal(l, v);
            case "float", "double" -> {
                if (v instanceof Number n && !(v instanceof BigDecimal)) {
                    double d = n.doubleValue();
                    if (Double.isNaN(d) || Double.isInfinite(d) || l.dataType.equals("float") && Math.abs(d) > FLOAT_MAX) {
                        throw refused(l, v, "cannot be stored in a MySQL/MariaDB " + l.type + " column (no NaN or infinity" + (l.dataType.equals("float")
                                ? ", at most ±" + FLOAT_MAX + ")" : ")"), "correct the value at the source, then re-load the table");
                    }
                }
            }
            case "date" -> {
                if (v instanceof LocalDate d) {
                    year(l, v, d.getYear());
                }
            }
            case "datetime", "timestamp" -> {
                if (v instanceof LocalDateTime t) {
                    year(l, v, t.getYear());
                    int nanos = t.getNano();
                    int cut = nanos - nanos % POWERS[l.fractionDigits];
                    return cut == nanos ? v : fraction(l, v, t.withNano(cut));
                }
            }
            case "time" -> {
                if (v instanceof LocalTime t) {
                    int nanos = t.getNano();
                    int cut = nanos - nanos % POWERS[l.fractionDigits];
                    return cut == nanos ? v : fraction(l, v, t.withNano(cut));
                }
            }
            default -> { }
        }
        return v;
    }

    private void decimal(Limit l, Object v) {
        if (v instanceof Double d) { // PostgreSQL's numeric NaN and ±Infinity
            throw refused(l, d, "cannot be stored in a MySQL/MariaDB " + l.type + " column (no NaN or infinity)",
                    "correct the value at the source, then re-load the table");
        }
        if (!(v instanceof BigDecimal d)) {
            return; // whole numbers bound to a decimal are checked by the server (out of range), text by its conversion
        }
        int scale = d.scale();
        int integerDigits = d.precision() - scale;
        if (scale > l.scale) {
            BigDecimal stripped = d.stripTrailingZeros();
            scale = stripped.scale();
            integerDigits = stripped.precision() - scale;
        }
        if (scale > l.scale || integerDigits > l.precision - l.scale) {
            throw refused(l, v, "does not fit " + l.type + " (" + (l.precision - l.scale) + " digits before the point, " + l.scale
                    + " after) and would be " + (scale > l.scale ? "rounded" : "cut"), "set " + ValueRules.WIDE_NUMBERS
                    + "=text (a wider source column then goes to a text column that keeps every value as written: re-create the target"
                    + " table, e.g. drop it and resnapshot the table) or widen the target column, then re-load the table");
        }
    }

    private void year(Limit l, Object v, int year) {
        if (year < 1 || year > 9999) {
            throw refused(l, v, "cannot be stored in a MySQL/MariaDB " + l.type + " column (years 0001 to 9999, no BC, no infinity)",
                    "correct the value at the source, then re-load the table");
        }
    }

    /** A time with more fractional digits than the column keeps: cut when the rules allow, else refused. */
    private Object fraction(Limit l, Object v, Object cut) {
        if (rules.truncateSubMicroseconds() && l.fractionDigits == 6) {
            return cut;
        }
        throw refused(l, v, "has more fractional digits than " + l.type + " keeps (" + l.fractionDigits + ") and would be cut to " + ValueText.of(cut),
                l.fractionDigits == 6 ? "set " + ValueRules.SUB_MICROSECONDS + "=truncate to store such values cut to microseconds, then re-load the table"
                        : "widen the target column to " + l.dataType + "(6), then re-load the table");
    }

    private CdcException refused(Limit l, Object v, String why, String remedy) {
        return new CdcException("table " + table + " column " + l.column + ": value " + ValueText.of(v) + " " + why
                + "; the table stops here so nothing is changed: " + remedy);
    }
}
