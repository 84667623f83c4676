package io.hanacdc.sink.postgres;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.sql.ChecksumSql;
import io.hanacdc.sql.Identifiers;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Checksum SQL for the PostgreSQL target, over the columns {@link PgTypes} created: each value rendered in the common
 * form (docs/operations.md "Verifying") as the sources render the value they sent. A target column holds the value as
 * stored, so a decimal needs no rounding here; the sources round theirs to this column's scale.
 */
final class PgChecksumSql implements ChecksumSql {
    private static final String TIMESTAMP = "'YYYY-MM-DD HH24:MI:SS.US'";

    @Override
    public String quote(String identifier) {
        return Identifiers.ansi(identifier);
    }

    @Override
    public Optional<String> text(String c, ColumnType type) {
        return Optional.of(switch (type.kind()) {
            case BOOLEAN -> "CASE WHEN " + c + " THEN '1' WHEN NOT " + c + " THEN '0' END";
            case UNSIGNED_TINYINT, SMALLINT, INTEGER, BIGINT, UUID -> c + "::text";
            // text, json, jsonb: what the source sent (jsonb as PostgreSQL prints it on either side)
            case VARCHAR, TEXT, JSON, SOURCE_TEXT, ARRAY -> counted(c + "::text");
            case DECIMAL, FLOATING_DECIMAL -> "trim_scale(" + c + ")::text";
            // NaN, ±Infinity and ±0 as PostgreSQL prints them (numeric has no -0)
            case REAL, DOUBLE -> "CASE WHEN " + c + "::float8 IN ('NaN', 'Infinity', '-Infinity', 0) THEN " + c + "::float8::text"
                    + " ELSE " + c + "::float8::text::numeric::text END";
            case CHAR -> counted("rtrim(" + c + "::text, ' ')");
            // padded as the source pads BINARY(n), never cut: a longer value here is a difference
            case BINARY -> "rpad(encode(" + c + ", 'hex'), greatest(" + 2 * type.length() + ", 2 * length(" + c + ")), '0')";
            case VARBINARY, BLOB -> "encode(" + c + ", 'hex')";
            case DATE -> dated(c, "'YYYY-MM-DD'");
            case TIME -> "to_char(" + c + ", 'HH24:MI:SS.US')";
            case TIMESTAMP -> dated(c, TIMESTAMP);
            case TIMESTAMP_TZ -> dated("(" + c + " AT TIME ZONE 'UTC')", TIMESTAMP);
        });
    }

    /**
     * A date or timestamp with its era: to_char's YYYY drops it, so 44 BC would read as the year 44. to_char of
     * ±infinity is NULL, which must not look like a NULL value: its own text then.
     */
    private static String dated(String c, String format) {
        return "coalesce(to_char(" + c + ", " + format + ") || CASE WHEN extract(year FROM " + c + ") < 0 THEN ' BC' ELSE '' END, "
                + c + "::text)";
    }

    /** Free text as "length:text", so a '|' inside it cannot shift the joined row. */
    private static String counted(String text) {
        return "length(" + text + ")::text || ':' || " + text;
    }

    @Override
    public String rowHash(List<String> texts) {
        String joined = texts.stream().map(t -> "coalesce(" + t + ", 'N')").collect(Collectors.joining(" || '|' || "));
        return "('x' || substr(md5(convert_to(" + joined + ", 'UTF8')), 1, 15))::bit(60)::bigint";
    }

    @Override
    public String sum(String rowHash) {
        return "sum(" + rowHash + ")"; // sum(bigint) is numeric: no overflow
    }
}
