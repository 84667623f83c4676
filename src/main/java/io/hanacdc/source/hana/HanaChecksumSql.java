package io.hanacdc.source.hana;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.ValuesKept;
import io.hanacdc.sql.ChecksumSql;
import io.hanacdc.sql.Identifiers;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Checksum SQL for an SAP HANA source, written from SAP's SQL reference (TO_NVARCHAR, ROUND,
 * HASH_MD5, BINTOHEX, HEXTONUM, datetime formats) and pinned by HanaChecksumSqlGoldenTest; not run here.
 * HANA keeps text in CESU-8 and counts a character outside the BMP as two, so rows holding such
 * characters hash differently from the target and are compared row by row — slower, still exact.
 * NVARCHAR holds at most 5,000 characters, so LOBs, floating decimals (their text form may use an
 * exponent, which trailing-zero trimming could alter) and long binaries have no rendering here.
 */
final class HanaChecksumSql implements ChecksumSql {
    private final ValuesKept target;

    /** @param target what the target keeps: decimals are compared rounded to its scale */
    HanaChecksumSql(ValuesKept target) {
        this.target = target;
    }

    private static final int MAX_BINARY_BYTES = 2500; // hex text of 5,000 characters

    @Override
    public String quote(String identifier) {
        return Identifiers.ansi(identifier);
    }

    @Override
    public Optional<String> text(String c, ColumnType type) {
        return Optional.ofNullable(switch (type.kind()) {
            case BOOLEAN -> "CASE WHEN " + c + " = TRUE THEN '1' WHEN " + c + " = FALSE THEN '0' END";
            case UNSIGNED_TINYINT, SMALLINT, INTEGER, BIGINT -> "TO_NVARCHAR(" + c + ")";
            case DECIMAL -> withoutTrailingZeros("TO_NVARCHAR(ROUND(" + c + ", " + target.decimalScale(type) + ", ROUND_HALF_UP))");
            case FLOATING_DECIMAL, REAL, DOUBLE, TEXT, BLOB, UUID, JSON, SOURCE_TEXT, ARRAY -> null; // the last two: not HANA types
            case CHAR -> lengthPrefixed("RTRIM(" + c + ", ' ')");
            case VARCHAR -> lengthPrefixed("TO_NVARCHAR(" + c + ")");
            case BINARY -> type.length() <= MAX_BINARY_BYTES ? "RPAD(LOWER(BINTOHEX(" + c + ")), " + 2 * type.length() + ", '0')" : null;
            case VARBINARY -> type.length() <= MAX_BINARY_BYTES ? "LOWER(BINTOHEX(" + c + "))" : null;
            case DATE -> "TO_NVARCHAR(" + c + ", 'YYYY-MM-DD')";
            case TIME -> "TO_NVARCHAR(" + c + ", 'HH24:MI:SS') || '.000000'";
            // seven digits cut to six: the task truncates the 100 ns digit, it never rounds
            case TIMESTAMP, TIMESTAMP_TZ -> "SUBSTRING(TO_NVARCHAR(" + c + ", 'YYYY-MM-DD HH24:MI:SS.FF7'), 1, 26)";
        });
    }

    private static String withoutTrailingZeros(String s) {
        return "CASE WHEN LOCATE(" + s + ", '.') > 0 THEN RTRIM(RTRIM(" + s + ", '0'), '.') ELSE " + s + " END";
    }

    private static String lengthPrefixed(String text) {
        return "TO_NVARCHAR(LENGTH(" + text + ")) || ':' || " + text;
    }

    /** HASH_MD5 hashes its VARBINARY arguments concatenated, so the row text never has to fit one NVARCHAR. */
    @Override
    public String rowHash(List<String> texts) {
        String fields = texts.stream().map(t -> "TO_BINARY(COALESCE(" + t + ", 'N'))")
                .collect(Collectors.joining(", TO_BINARY('|'), "));
        return "TO_BIGINT(HEXTONUM(SUBSTRING(BINTOHEX(HASH_MD5(" + fields + ")), 1, 15)))";
    }

    @Override
    public String sum(String rowHash) {
        return "SUM(TO_DECIMAL(" + rowHash + ", 38, 0))"; // SUM(BIGINT) is a BIGINT and would overflow
    }
}
