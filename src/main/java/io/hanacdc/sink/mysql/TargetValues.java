package io.hanacdc.sink.mysql;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.EmptyDate;
import io.hanacdc.source.JdbcValues;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.time.LocalTime;

/** Values read back from a target table as the Java values the source side produces for the same column type. */
final class TargetValues {
    private TargetValues() {}

    static Object read(ResultSet rs, int i, ColumnType type) throws SQLException {
        if (type.kind() == ColumnType.Kind.TIMESTAMP_TZ) { // stored as UTC DATETIME: no zone to convert
            Object v = rs.getObject(i, LocalDateTime.class);
            return rs.wasNull() ? null : v;
        }
        if (type.kind() == ColumnType.Kind.TIME) { // a TIME holds 24:00:00, which no LocalTime is
            String text = rs.getString(i);
            return text == null ? null : text.startsWith(JdbcValues.END_OF_DAY) ? JdbcValues.END_OF_DAY : LocalTime.parse(text);
        }
        if (type.kind() == ColumnType.Kind.DATE || type.kind() == ColumnType.Kind.TIMESTAMP) { // a zero date is SAP HANA's empty date
            String text = rs.getString(i);
            EmptyDate empty = text == null ? null : EmptyDate.of(text, type.kind() == ColumnType.Kind.TIMESTAMP);
            if (empty != null) {
                return empty;
            }
        }
        return JdbcValues.read(rs, i, type);
    }
}
