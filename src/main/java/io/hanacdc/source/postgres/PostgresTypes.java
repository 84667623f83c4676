package io.hanacdc.source.postgres;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;

/**
 * PostgreSQL types (pg_type.typname of the column's type, domains resolved to their base type) to
 * the normalised column types, and how {@link PostgresDialect} reads and binds the types it converts
 * on the way out. docs/postgresql.md documents the result.
 */
final class PostgresTypes {
    /** Longest text of an interval in ISO 8601 (P-178956969Y-11M-2147483648DT-2562047787H-59M-59.999999S has 56 characters). */
    private static final int INTERVAL_CHARS = 64;

    private PostgresTypes() {}

    /**
     * @param typtype pg_type.typtype: 'e' for an enum
     * @param formatted the type as format_type prints it (arrays end in [])
     * @param length character length (for an enum its longest label) or -1
     * @param precision numeric precision or -1 (unconstrained numeric)
     * @param scale numeric scale (for money the fraction digits of lc_monetary), or fractional seconds for time types
     */
    static ColumnType map(String typname, String typtype, String formatted, int length, int precision, int scale) {
        if (formatted.endsWith("[]")) {
            return ColumnType.of(Kind.ARRAY);
        }
        if (typtype.equals("e")) {
            return ColumnType.sized(Kind.SOURCE_TEXT, length);
        }
        return switch (typname) {
            case "bool" -> ColumnType.of(Kind.BOOLEAN);
            case "int2" -> ColumnType.of(Kind.SMALLINT);
            case "int4" -> ColumnType.of(Kind.INTEGER);
            case "int8" -> ColumnType.of(Kind.BIGINT);
            case "numeric" -> precision < 0 ? ColumnType.of(Kind.FLOATING_DECIMAL) : ColumnType.decimal(precision, scale);
            case "money" -> ColumnType.decimal(19, scale); // a 64-bit count of the currency's smallest unit
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
            case "interval" -> ColumnType.sized(Kind.SOURCE_TEXT, INTERVAL_CHARS);
            case "timetz" -> ColumnType.sized(Kind.SOURCE_TEXT, 24); // 23:59:59.999999-15:59:59
            case "inet", "cidr" -> ColumnType.sized(Kind.SOURCE_TEXT, 43); // 8 groups of 4 hex digits and /128
            case "macaddr" -> ColumnType.sized(Kind.SOURCE_TEXT, 17);
            case "macaddr8" -> ColumnType.sized(Kind.SOURCE_TEXT, 23);
            // tsvector, tsquery, xml, bit, varbit, ranges, geometric, composite and extension types: their text
            default -> ColumnType.of(Kind.SOURCE_TEXT);
        };
    }

    /**
     * How a column is read: each converted type as the value the target stores. Interval text follows
     * the session's IntervalStyle, which {@link PostgresDialect#connectionInitSql} sets to ISO 8601;
     * money is read as numeric, in the session's lc_monetary (its text would be the currency format).
     */
    static String select(String quoted, SourceColumn c) {
        return switch (c.type().kind()) {
            case ARRAY -> "to_json(" + quoted + ")::text";
            case SOURCE_TEXT -> quoted + "::text";
            default -> isMoney(c) ? quoted + "::numeric" : quoted;
        };
    }

    /** A key value of a converted type, bound as text or numeric, is compared with its column only once cast back. */
    static String parameter(SourceColumn c) {
        return c.type().kind() == Kind.SOURCE_TEXT || isMoney(c) ? "CAST(? AS " + c.sourceType() + ")" : "?";
    }

    static boolean isMoney(SourceColumn c) {
        return c.sourceType().equals("money");
    }

    /**
     * Keys the target could not find a row by again: an array is carried as JSON, which does not cast
     * back; equal intervals ('1 day', '24 hours') have different text, so an update that changes only
     * the spelling would leave the old row behind.
     */
    static void checkKey(String where, SourceColumn key) {
        if (key.type().kind() == Kind.ARRAY || key.sourceType().startsWith("interval")) {
            throw new CdcException("key column " + where + " has type " + key.sourceType() + ", which hana-cdc cannot replicate in a primary key"
                    + (key.type().kind() == Kind.ARRAY ? " (arrays arrive as JSON text)" : " (equal intervals such as '1 day' and '24 hours' differ as text)")
                    + ": key the table by other columns, or leave it out of hanacdc.tables");
        }
    }
}
