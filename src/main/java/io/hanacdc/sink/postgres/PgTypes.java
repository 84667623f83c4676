package io.hanacdc.sink.postgres;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import java.util.Locale;

/**
 * Column types of a created PostgreSQL target table (docs/postgresql-target.md): each normalised source type as the
 * PostgreSQL type that holds every value of it exactly. PostgreSQL's own types a source carries as text (enums,
 * domains over them, interval, inet, timetz, tsvector, ranges …) stay text: the target database has no enum or domain
 * of that name, and the text is exactly the source's.
 */
final class PgTypes {
    /** PostgreSQL's numeric allows at most 1000 digits of declared precision. */
    private static final int MAX_PRECISION = 1000;
    /** timestamp and time keep microseconds. */
    static final int MAX_FRACTION = 6;

    private PgTypes() {}

    static String of(SourceColumn c) {
        ColumnType t = c.type();
        return switch (t.kind()) {
            case BOOLEAN -> "boolean";
            case UNSIGNED_TINYINT, SMALLINT -> "smallint";
            case INTEGER -> "integer";
            case BIGINT -> "bigint";
            case DECIMAL -> t.precision() <= MAX_PRECISION && t.scale() >= 0 && t.scale() <= t.precision()
                    ? "numeric(" + t.precision() + "," + t.scale() + ")" : "numeric";
            case FLOATING_DECIMAL -> "numeric"; // unconstrained: any digits, NaN and ±Infinity
            case REAL -> "real";
            case DOUBLE -> "double precision";
            case CHAR -> "character(" + Math.max(t.length(), 1) + ")";
            case VARCHAR -> t.length() > 0 ? "character varying(" + t.length() + ")" : "text";
            case TEXT, SOURCE_TEXT, ARRAY -> "text"; // an array arrives as its JSON text
            case JSON -> c.sourceType().toLowerCase(Locale.ROOT).equals("jsonb") ? "jsonb" : "json"; // json keeps its text as written
            case BINARY, VARBINARY, BLOB -> "bytea";
            case DATE -> "date";
            case TIME -> "time(" + Math.min(t.precision(), MAX_FRACTION) + ") without time zone";
            case TIMESTAMP -> "timestamp(" + Math.min(t.precision(), MAX_FRACTION) + ") without time zone";
            case TIMESTAMP_TZ -> "timestamp(" + Math.min(t.precision(), MAX_FRACTION) + ") with time zone"; // values arrive in UTC
            case UUID -> "uuid";
        };
    }
}
