package io.hanacdc.sink.mysql;

import io.hanacdc.schema.SourceColumn;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What each column of a target table holds exactly, as the table is defined on the server (information_schema: also a
 * table someone created or changed), and the check of every value before it is written ({@link ExactValues}). MySQL and
 * MariaDB change some values without an error even in strict mode — a DECIMAL rounds surplus decimal places (a note), a
 * DATETIME or TIME drops fractional digits beyond its precision, an INT rounds a fraction, a FLOAT or DOUBLE a decimal
 * (nothing at all), a DOUBLE has no NaN — so those are refused, naming table, column and value, and the batch writes
 * nothing. What strict mode refuses itself (too long, out of range) is left to the server; {@link TargetWarnings} catches
 * anything it lets through with a warning.
 */
final class ColumnLimits {
    private final ExactValues exact;
    /** Per source column (null: nothing to check), and the key columns' among them. */
    private final Limit[] limits;
    private final Limit[] keyLimits;
    private final boolean any;

    private ColumnLimits(ExactValues exact, Limit[] limits, Limit[] keyLimits) {
        this.exact = exact;
        this.limits = limits;
        this.keyLimits = keyLimits;
        boolean some = false;
        for (Limit l : limits) {
            some |= l != null;
        }
        this.any = some;
    }

    /**
     * A column's definition on the server, as far as exactness depends on it: information_schema.COLUMNS' fields, and
     * whether it is a key column of the source (never cut: two keys could become one).
     */
    record Limit(String column, String type, String dataType, int precision, int scale, int fractionDigits, boolean key, Check check) {
        Limit(String column, String type, String dataType, int precision, int scale, int fractionDigits, boolean key) {
            this(column, type, dataType, precision, scale, fractionDigits, key, Check.of(dataType));
        }

        Limit asKey() {
            return new Limit(column, type, dataType, precision, scale, fractionDigits, true, check);
        }
    }

    /** Which check a column's values take: decided once per column, not per value (this runs for every value of a batch). */
    enum Check {
        DECIMAL, FLOAT, DOUBLE, WHOLE, DATE, DATETIME, TIME, NONE;

        static Check of(String dataType) {
            return switch (dataType) {
                case "decimal" -> DECIMAL;
                case "float" -> FLOAT;
                case "double" -> DOUBLE;
                case "tinyint", "smallint", "mediumint", "int", "bigint" -> WHOLE;
                case "date" -> DATE;
                case "datetime", "timestamp" -> DATETIME;
                case "time" -> TIME;
                default -> NONE;
            };
        }
    }

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
                            rs.getInt(4), rs.getInt(5), rs.getInt(6), false));
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
            limits[i] = l != null && l.check() != Check.NONE ? l : null;
        }
        List<String> keys = table.source().primaryKey();
        Limit[] keyLimits = new Limit[keys.size()];
        for (int k = 0; k < keyLimits.length; k++) {
            int at = table.source().columnNames().indexOf(keys.get(k));
            limits[at] = limits[at] == null ? null : limits[at].asKey();
            keyLimits[k] = limits[at];
        }
        return new ColumnLimits(new ExactValues(table.source().id().toString(), table.types().rules()), limits, keyLimits);
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
                Object f = exact.fit(by[i], v);
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
}
