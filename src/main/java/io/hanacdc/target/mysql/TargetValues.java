package io.hanacdc.target.mysql;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.source.JdbcValues;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;

/** Values read back from a target table as the Java values the source side produces for the same column type. */
public final class TargetValues {
    private TargetValues() {}

    public static Object read(ResultSet rs, int i, ColumnType type) throws SQLException {
        if (type.kind() == ColumnType.Kind.TIMESTAMP_TZ) { // stored as UTC DATETIME: no zone to convert
            Object v = rs.getObject(i, LocalDateTime.class);
            return rs.wasNull() ? null : v;
        }
        return JdbcValues.read(rs, i, type);
    }

    /** Decimal places the target keeps for a DECIMAL column (README "Type mapping"): more are rounded on the way in. */
    public static int decimalScale(ColumnType type) {
        return MySqlTypes.decimalScale(type);
    }
}
