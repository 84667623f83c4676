package io.hanacdc.sink.mysql;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.ValuesKept;
import io.hanacdc.sql.ChecksumSql;
import io.hanacdc.sql.Identifiers;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Checksum SQL for the MySQL/MariaDB target (the same on both), over columns of the types the type
 * mapping created from the source column type.
 */
final class MySqlChecksumSql implements ChecksumSql {
    private static final String TIMESTAMP = "'%Y-%m-%d %H:%i:%s.%f'";
    private final ValuesKept kept;

    MySqlChecksumSql(ValuesKept kept) {
        this.kept = kept;
    }

    @Override
    public String quote(String identifier) {
        return Identifiers.backtick(identifier);
    }

    @Override
    public Optional<String> text(String c, ColumnType type) {
        return Optional.ofNullable(switch (type.kind()) {
            case BOOLEAN -> "CASE WHEN " + c + " <> 0 THEN '1' WHEN " + c + " = 0 THEN '0' END";
            case UNSIGNED_TINYINT, SMALLINT, INTEGER, BIGINT -> "CAST(" + c + " AS CHAR)";
            case DECIMAL, FLOATING_DECIMAL -> type.kind() == ColumnType.Kind.DECIMAL && type.scale() == 0 ? "CAST(" + c + " AS CHAR)"
                    : withoutTrailingZeros("CAST(" + c + " AS CHAR)");
            // a FLOAT as the double it is; a zero as one zero unless the target keeps its sign
            case REAL, DOUBLE -> kept.signedZero() ? plainDigits("CAST(CAST(" + c + " AS DOUBLE) AS CHAR)")
                    : "CASE WHEN " + c + " = 0 THEN '0' ELSE " + plainDigits("CAST(CAST(" + c + " AS DOUBLE) AS CHAR)") + " END";
            case CHAR -> lengthPrefixed("TRIM(TRAILING ' ' FROM " + c + ")");
            case VARCHAR, TEXT, JSON, SOURCE_TEXT, ARRAY -> lengthPrefixed(c);
            case UUID -> c;
            case BINARY -> "RPAD(LOWER(HEX(" + c + ")), " + 2 * type.length() + ", '0')";
            case VARBINARY, BLOB -> "LOWER(HEX(" + c + "))";
            case DATE -> "DATE_FORMAT(" + c + ", '%Y-%m-%d')";
            case TIME -> "TIME_FORMAT(" + c + ", '%H:%i:%s.%f')";
            case TIMESTAMP, TIMESTAMP_TZ -> "DATE_FORMAT(" + c + ", " + TIMESTAMP + ")";
        });
    }

    /** Only after a decimal point: '100' must stay '100'. */
    private static String withoutTrailingZeros(String s) {
        return "IF(LOCATE('.', " + s + ") > 0, TRIM(TRAILING '.' FROM TRIM(TRAILING '0' FROM " + s + ")), " + s + ")";
    }

    /**
     * A float's shortest digits written out without exponent, as PostgresChecksumSql does: the
     * mantissa's digits with the decimal point moved by the exponent, zeros added where needed.
     */
    private static String plainDigits(String t) {
        String mantissa = "TRIM(LEADING '-' FROM SUBSTRING_INDEX(" + t + ", 'e', 1))";
        String digits = "REPLACE(" + mantissa + ", '.', '')";
        String point = "(LOCATE('.', CONCAT(" + mantissa + ", '.')) - 1 + CAST(SUBSTRING_INDEX(" + t + ", 'e', -1) AS SIGNED))";
        String length = "CHAR_LENGTH(" + digits + ")";
        String moved = "CASE WHEN " + point + " >= " + length + " THEN CONCAT(" + digits + ", REPEAT('0', " + point + " - " + length + "))"
                + " WHEN " + point + " <= 0 THEN CONCAT('0.', REPEAT('0', -" + point + "), " + digits + ")"
                + " ELSE CONCAT(LEFT(" + digits + ", " + point + "), '.', SUBSTRING(" + digits + ", " + point + " + 1)) END";
        return "CASE WHEN LOCATE('e', " + t + ") = 0 THEN " + t + " ELSE CONCAT(IF(LEFT(" + t + ", 1) = '-', '-', ''), " + moved + ") END";
    }

    private static String lengthPrefixed(String text) {
        return "CONCAT(CHAR_LENGTH(" + text + "), ':', " + text + ")";
    }

    @Override
    public String rowHash(List<String> texts) {
        String fields = texts.stream().map(t -> "COALESCE(" + t + ", 'N')").collect(Collectors.joining(", "));
        return "CAST(CONV(SUBSTR(MD5(CONVERT(CONCAT_WS('|', " + fields + ") USING utf8mb4)), 1, 15), 16, 10) AS UNSIGNED)";
    }

    @Override
    public String sum(String rowHash) {
        return "SUM(" + rowHash + ")"; // a DECIMAL for integer arguments
    }
}
