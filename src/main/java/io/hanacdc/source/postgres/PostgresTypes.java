package io.hanacdc.source.postgres;

import io.hanacdc.CdcException;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.ColumnType.Kind;

/** PostgreSQL type names (pg_type.typname) to the normalised column types; README documents the result. */
final class PostgresTypes {
    private PostgresTypes() {}

    /**
     * @param length character length or -1
     * @param precision numeric precision or -1 (unconstrained numeric)
     * @param scale numeric scale, or fractional seconds for time types
     */
    static ColumnType map(String where, String typname, String formatted, int length, int precision, int scale) {
        return switch (typname) {
            case "bool" -> ColumnType.of(Kind.BOOLEAN);
            case "int2" -> ColumnType.of(Kind.SMALLINT);
            case "int4" -> ColumnType.of(Kind.INTEGER);
            case "int8" -> ColumnType.of(Kind.BIGINT);
            case "numeric" -> precision < 0 ? ColumnType.of(Kind.FLOATING_DECIMAL) : ColumnType.decimal(precision, scale);
            case "float4" -> ColumnType.of(Kind.REAL);
            case "float8" -> ColumnType.of(Kind.DOUBLE);
            case "bpchar" -> ColumnType.sized(Kind.CHAR, Math.max(length, 1));
            case "varchar" -> length < 0 ? ColumnType.of(Kind.TEXT) : ColumnType.sized(Kind.VARCHAR, length);
            case "text", "citext", "name" -> ColumnType.of(Kind.TEXT);
            case "bytea" -> ColumnType.of(Kind.BLOB);
            case "date" -> ColumnType.of(Kind.DATE);
            case "time" -> ColumnType.fractional(Kind.TIME, scale);
            case "timestamp" -> ColumnType.fractional(Kind.TIMESTAMP, scale);
            case "timestamptz" -> ColumnType.fractional(Kind.TIMESTAMP_TZ, scale);
            case "uuid" -> ColumnType.of(Kind.UUID);
            case "json", "jsonb" -> ColumnType.of(Kind.JSON);
            default -> throw new CdcException("column " + where + " has type " + formatted
                    + ", which hana-cdc cannot replicate yet: change the column type, or leave the table out of hanacdc.tables");
        };
    }
}
