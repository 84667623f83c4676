package io.hanacdc.source;

import io.hanacdc.schema.ColumnType;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Reads a column as the Java value the target binds; the same mapping serves snapshot and stream. */
public final class JdbcValues {
    /** A time of day that is the end of the day (PostgreSQL's time '24:00:00'). */
    public static final String END_OF_DAY = "24:00:00";

    private JdbcValues() {}

    public static Object read(ResultSet rs, int i, ColumnType type) throws SQLException {
        Object v = switch (type.kind()) {
            case BOOLEAN -> rs.getBoolean(i);
            case UNSIGNED_TINYINT, SMALLINT, INTEGER -> rs.getInt(i);
            case BIGINT -> rs.getLong(i);
            case DECIMAL, FLOATING_DECIMAL -> decimal(rs, i);
            case REAL -> rs.getFloat(i);
            case DOUBLE -> rs.getDouble(i);
            case CHAR -> withoutPadding(rs.getString(i));
            case VARCHAR, TEXT, UUID, JSON, SOURCE_TEXT, ARRAY -> rs.getString(i);
            case BINARY, VARBINARY, BLOB -> rs.getBytes(i);
            case DATE -> rs.getObject(i, LocalDate.class);
            case TIME -> time(rs.getObject(i, LocalTime.class));
            case TIMESTAMP -> rs.getObject(i, LocalDateTime.class);
            case TIMESTAMP_TZ -> {
                OffsetDateTime t = rs.getObject(i, OffsetDateTime.class);
                // PostgreSQL's ±infinity, which its driver reads as these, stay the largest and smallest date-times
                yield t == null ? null : t.equals(OffsetDateTime.MAX) ? LocalDateTime.MAX : t.equals(OffsetDateTime.MIN) ? LocalDateTime.MIN
                        : t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
            }
        };
        return rs.wasNull() ? null : v;
    }

    /**
     * PostgreSQL's numeric also holds NaN and ±Infinity, which no BigDecimal can: they are read as the double of that
     * name, for each target to carry or refuse.
     */
    private static Number decimal(ResultSet rs, int i) throws SQLException {
        try {
            return rs.getBigDecimal(i);
        } catch (SQLException e) {
            String text = rs.getString(i);
            if (text != null && (text.equals("NaN") || text.equals("Infinity") || text.equals("-Infinity"))) {
                return Double.valueOf(text);
            }
            throw e;
        }
    }

    /**
     * PostgreSQL's time 24:00:00, which its driver reads as the last nanosecond of the day (no LocalTime is 24:00), is
     * carried as that text: a target's TIME takes it as it is.
     */
    private static Object time(LocalTime t) {
        return LocalTime.MAX.equals(t) ? END_OF_DAY : t;
    }

    /**
     * CHAR(n) pads with spaces that carry no meaning (PostgreSQL and HANA compare without them, MySQL
     * strips them when read). Kept, a padded key would match nothing in the target's no-pad collation,
     * so deletes by key would miss.
     */
    private static String withoutPadding(String s) {
        if (s == null) {
            return null;
        }
        int end = s.length();
        while (end > 0 && s.charAt(end - 1) == ' ') {
            end--;
        }
        return s.substring(0, end);
    }
}
