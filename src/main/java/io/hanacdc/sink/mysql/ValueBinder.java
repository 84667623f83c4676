package io.hanacdc.sink.mysql;

import io.hanacdc.schema.EmptyDate;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDateTime;

/** Binds one value of a target table's row (checked against the column by {@link ColumnLimits} before). */
final class ValueBinder {
    private final MySqlFlavor flavor;

    ValueBinder(MySqlFlavor flavor) {
        this.flavor = flavor;
    }

    /** Typed setters for the common types: the drivers' setObject looks for a codec for every value. */
    void bind(PreparedStatement ps, int p, Object v) throws SQLException {
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
        } else if (v instanceof EmptyDate e) {
            ps.setString(p, DateTimeText.zero(e));
        } else if (v instanceof LocalDateTime t && flavor == MySqlFlavor.MARIADB && DateTimeText.covers(t)) {
            ps.setString(p, DateTimeText.of(t)); // the very text the driver's codec would send, made cheaper
        } else {
            ps.setObject(p, v);
        }
    }
}
