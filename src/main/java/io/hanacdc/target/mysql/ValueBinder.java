package io.hanacdc.target.mysql;

import io.hanacdc.CdcException;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;

/** Binds one value of a target table's row, refusing the values MySQL/MariaDB cannot store. */
final class ValueBinder {
    private final String table;
    private final MySqlFlavor flavor;

    ValueBinder(String table, MySqlFlavor flavor) {
        this.table = table;
        this.flavor = flavor;
    }

    /** Typed setters for the common types: the drivers' setObject looks for a codec for every value. */
    void bind(PreparedStatement ps, int p, Object v, String column) throws SQLException {
        checkStorable(v, column);
        if (v instanceof String s) {
            ps.setString(p, s);
        } else if (v instanceof Long l) {
            ps.setLong(p, l);
        } else if (v instanceof Integer i) {
            ps.setInt(p, i);
        } else if (v instanceof BigDecimal d) {
            ps.setBigDecimal(p, d);
        } else if (v == null) {
            ps.setNull(p, Types.NULL);
        } else if (v instanceof LocalDateTime t && flavor == MySqlFlavor.MARIADB && DateTimeText.covers(t)) {
            ps.setString(p, DateTimeText.of(t)); // the very text the driver's codec would send, made cheaper
        } else {
            ps.setObject(p, v);
        }
    }

    /**
     * MySQL/MariaDB have no NaN or infinity, and their dates end at year 9999 (PostgreSQL's 'infinity'
     * reads as year +999999999). No lossless mapping exists, so the batch fails naming the column
     * rather than storing something else.
     */
    void checkStorable(Object v, String column) {
        boolean unstorable = v instanceof Double d ? d.isNaN() || d.isInfinite()
                : v instanceof Float f ? f.isNaN() || f.isInfinite()
                : v instanceof LocalDateTime t ? t.getYear() < 0 || t.getYear() > 9999
                : v instanceof LocalDate d && (d.getYear() < 0 || d.getYear() > 9999);
        if (unstorable) {
            throw new CdcException("table " + table + " column " + column + ": value " + v + " cannot be stored in MySQL/MariaDB"
                    + " (no NaN/Infinity, years 0000-9999 only); the table stops here so nothing is lost: correct the value at the source, then re-load the table");
        }
    }
}
