package io.hanacdc.source.postgres;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.ValuesKept;
import io.hanacdc.sql.ChecksumSql;
import io.hanacdc.sql.Identifiers;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Checksum SQL for a PostgreSQL source (13 or later: trim_scale). */
final class PostgresChecksumSql implements ChecksumSql {
    private final ValuesKept target;

    /** @param target what the target keeps: decimals are compared rounded to its scale, -0 as 0 where it has one zero */
    PostgresChecksumSql(ValuesKept target) {
        this.target = target;
    }

    private static final String TIMESTAMP = "'YYYY-MM-DD HH24:MI:SS.US'";

    @Override
    public String quote(String identifier) {
        return Identifiers.ansi(identifier);
    }

    @Override
    public Optional<String> text(String c, ColumnType type) {
        return Optional.ofNullable(switch (type.kind()) {
            case BOOLEAN -> "CASE WHEN " + c + " THEN '1' WHEN NOT " + c + " THEN '0' END";
            case UNSIGNED_TINYINT, SMALLINT, INTEGER, BIGINT, UUID -> c + "::text";
            case VARCHAR, TEXT, JSON, SOURCE_TEXT, ARRAY -> lengthPrefixed(c + "::text");
            // rounded half away from zero to the target's scale, as MySQL stores it; trailing zeros dropped
            case DECIMAL, FLOATING_DECIMAL -> "trim_scale(round(" + c + ", " + target.decimalScale(type) + "))::text";
            case REAL, DOUBLE -> plainDigits(c + "::float8");
            case CHAR -> lengthPrefixed("rtrim(" + c + "::text, ' ')");
            case BINARY -> "rpad(encode(" + c + ", 'hex'), " + 2 * type.length() + ", '0')";
            case VARBINARY, BLOB -> "encode(" + c + ", 'hex')";
            case DATE -> dated(c, "'YYYY-MM-DD'");
            case TIME -> "to_char(" + c + ", 'HH24:MI:SS.US')";
            case TIMESTAMP -> dated(c, TIMESTAMP);
            case TIMESTAMP_TZ -> dated("(" + c + " AT TIME ZONE 'UTC')", TIMESTAMP);
        });
    }

    /**
     * A float's text (PostgreSQL 12+ and MySQL/MariaDB both print the shortest digits that read back
     * as the same double, but choose the exponent form differently) written out without exponent:
     * numeric prints it so, exactly. NaN and ±Infinity (equal to themselves here) stay as they are.
     */
    private String plainDigits(String d) {
        // numeric has no -0: a zero as printed ('-0') where the target keeps its sign, else as its one zero
        String zero = target.signedZero() ? d + "::text" : "'0'";
        return "CASE WHEN " + d + " IN ('NaN', 'Infinity', '-Infinity') THEN " + d + "::text WHEN " + d + " = 0 THEN " + zero
                + " ELSE " + d + "::text::numeric::text END";
    }

    /**
     * A date or timestamp with its era: to_char's YYYY drops it, so 44 BC would read as the year 44 (only a PostgreSQL
     * target holds BC dates). to_char of ±infinity is NULL, which must not look like a NULL value: its own text then.
     */
    private static String dated(String c, String format) {
        return "coalesce(to_char(" + c + ", " + format + ") || CASE WHEN extract(year FROM " + c + ") < 0 THEN ' BC' ELSE '' END, "
                + c + "::text)";
    }

    private static String lengthPrefixed(String text) {
        return "length(" + text + ")::text || ':' || " + text;
    }

    @Override
    public String rowHash(List<String> texts) {
        String joined = texts.stream().map(t -> "coalesce(" + t + ", 'N')").collect(Collectors.joining(" || '|' || "));
        return "('x' || substr(md5(convert_to(" + joined + ", 'UTF8')), 1, 15))::bit(60)::bigint";
    }

    @Override
    public String sum(String rowHash) {
        return "sum(" + rowHash + ")"; // sum(bigint) is numeric
    }
}
