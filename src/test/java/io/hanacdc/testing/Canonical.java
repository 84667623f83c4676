package io.hanacdc.testing;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;

/** A value as text that compares equal across PostgreSQL and MySQL/MariaDB when the replicated value is the same. */
final class Canonical {
    private Canonical() {}

    static String of(ResultSet rs, int i) throws SQLException {
        int type = rs.getMetaData().getColumnType(i);
        String typeName = rs.getMetaData().getColumnTypeName(i).toLowerCase();
        Object v;
        switch (type) {
            case Types.BIT, Types.BOOLEAN, Types.TINYINT -> v = typeName.startsWith("bool") ? (rs.getBoolean(i) ? 1 : 0) : rs.getInt(i);
            case Types.NUMERIC, Types.DECIMAL, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> {
                String text = rs.getString(i);
                if (text == null || text.endsWith("NaN") || text.endsWith("Infinity")) { // PostgreSQL's numeric holds these, no BigDecimal does
                    v = text;
                    break;
                }
                BigDecimal d = new BigDecimal(text);
                v = d.compareTo(BigDecimal.ZERO) == 0 ? "0" : d.stripTrailingZeros().toPlainString();
            }
            case Types.REAL, Types.FLOAT -> v = typeName.equals("float") || typeName.equals("float4") ? (Object) rs.getFloat(i) : (Object) rs.getDouble(i);
            case Types.DOUBLE -> v = rs.getDouble(i);
            case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> {
                byte[] b = rs.getBytes(i);
                v = b == null ? null : "0x" + HexFormat.of().formatHex(b);
            }
            case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> {
                if (!typeName.equals("timestamptz")) {
                    v = rs.getObject(i, LocalDateTime.class);
                    break;
                }
                OffsetDateTime t = rs.getObject(i, OffsetDateTime.class);
                v = t == null ? null : t.equals(OffsetDateTime.MAX) || t.equals(OffsetDateTime.MIN) ? t // PostgreSQL's ±infinity
                        : t.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime();
            }
            case Types.CHAR -> {
                String s = rs.getString(i);
                v = s == null ? null : s.stripTrailing(); // MySQL returns CHAR without its padding
            }
            default -> v = rs.getString(i);
        }
        return rs.wasNull() ? "NULL" : String.valueOf(v);
    }
}
