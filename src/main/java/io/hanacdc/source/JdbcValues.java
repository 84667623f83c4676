package io.hanacdc.source;

import io.hanacdc.CdcException;
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
            case TIME -> rs.getObject(i, LocalTime.class);
            case TIMESTAMP -> rs.getObject(i, LocalDateTime.class);
            case TIMESTAMP_TZ -> {
                OffsetDateTime t = rs.getObject(i, OffsetDateTime.class);
                yield t == null ? null : t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
            }
        };
        return rs.wasNull() ? null : v;
    }

    /** PostgreSQL's numeric also holds NaN and ±Infinity, which no BigDecimal (and no MySQL DECIMAL) can. */
    private static BigDecimal decimal(ResultSet rs, int i) throws SQLException {
        try {
            return rs.getBigDecimal(i);
        } catch (SQLException e) {
            throw new CdcException("column " + rs.getMetaData().getColumnLabel(i) + ": value " + rs.getString(i)
                    + " cannot be stored in a MySQL/MariaDB DECIMAL (no NaN/Infinity); the table stops here so nothing is lost: correct the value at the source, then re-load the table", e);
        }
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
