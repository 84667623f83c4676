package io.hanacdc.source.hana;

import io.hanacdc.sink.ValueRules;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.GoldenFiles;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.sql.ChecksumSql;
import io.hanacdc.sql.KeyRange;
import io.hanacdc.sql.RangeChecksums;
import io.hanacdc.sink.mysql.MySqlFlavor;
import io.hanacdc.sink.mysql.MySqlTypes;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * verify's checksum SQL for SAP HANA, which cannot run here: pinned as golden text
 * (src/test/resources/golden/hana-verify.sql) and checked against SAP's HANA SQL reference
 * (SAP-docs/sap-hana-cloud-hana-database, docs/sql-ref/010-SQL-Reference/011-SQL-Functions/…):
 * HASH_MD5 takes VARBINARY arguments and hashes them concatenated (hash-md5-…-881159b.md), HEXTONUM
 * reads at most 16 hex digits (hextonum-…-0fe4116.md), SUM of BIGINT is a BIGINT (sum-…-03958a1.md)
 * so the hashes are summed as DECIMAL(38,0) (to-decimal-…-20ee237.md), LOCATE takes the string first
 * (locate-…-20e3b6b.md), TIMESTAMP prints seven fractional digits with FF7
 * (datetime-data-types-3f81ccc.md).
 */
class HanaChecksumSqlGoldenTest {
    /** Functions the statements may call, each documented in the reference named above. */
    private static final Set<String> DOCUMENTED = Set.of("TO_NVARCHAR", "ROUND", "LOCATE", "RTRIM", "RPAD", "LOWER", "BINTOHEX",
            "SUBSTRING", "TO_BINARY", "COALESCE", "LENGTH", "HASH_MD5", "HEXTONUM", "TO_BIGINT", "TO_DECIMAL", "SUM", "COUNT", "MIN", "MAX");

    private static SourceColumn column(String name, String sourceType, ColumnType type) {
        return new SourceColumn(name, sourceType, type, true);
    }

    static SourceTable sample() {
        return new SourceTable(new TableId("SALES", "Order \"Lines\" ü"), List.of(
                column("Line No", "BIGINT", ColumnType.of(Kind.BIGINT)),
                column("select", "INTEGER", ColumnType.of(Kind.INTEGER)),
                column("qty", "TINYINT", ColumnType.of(Kind.UNSIGNED_TINYINT)),
                column("price", "DECIMAL(15,2)", ColumnType.decimal(15, 2)),
                column("count", "DECIMAL(10,0)", ColumnType.decimal(10, 0)),
                column("text", "NVARCHAR(100)", ColumnType.sized(Kind.VARCHAR, 100)),
                column("code", "NCHAR(3)", ColumnType.sized(Kind.CHAR, 3)),
                column("raw", "VARBINARY(16)", ColumnType.sized(Kind.VARBINARY, 16)),
                column("fixed", "BINARY(8)", ColumnType.sized(Kind.BINARY, 8)),
                column("day", "DATE", ColumnType.of(Kind.DATE)),
                column("clock", "TIME", ColumnType.fractional(Kind.TIME, 0)),
                column("sec", "SECONDDATE", ColumnType.fractional(Kind.TIMESTAMP, 0)),
                column("at", "TIMESTAMP", ColumnType.fractional(Kind.TIMESTAMP, 7)),
                column("flag", "BOOLEAN", ColumnType.of(Kind.BOOLEAN))), List.of("Line No", "select"));
    }

    private static List<String> statements() {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        SourceTable t = sample();
        RangeChecksums sums = new RangeChecksums(hana.checksumSql(new MySqlTypes(MySqlFlavor.MARIADB, ValueRules.DEFAULT)).orElseThrow(), hana.qualified(t.id().schema(), t.id().name()), t, hana::selectExpression);
        return List.of(sums.boundsSql(), sums.sumsSql(new KeyRange(-5, 1000).split(4)), sums.sumsSql(new KeyRange(7, 7).split(16)));
    }

    @Test
    void checksumStatementsMatchGolden() throws IOException {
        GoldenFiles.assertMatches("hana-verify.sql", statements());
    }

    @Test
    void statementsCallOnlyDocumentedFunctionsAndQuoteEveryIdentifier() {
        for (String sql : statements()) {
            Matcher m = Pattern.compile("\\b([A-Z_0-9]+)\\(").matcher(sql);
            while (m.find()) {
                assertTrue(DOCUMENTED.contains(m.group(1)), "undocumented function " + m.group(1) + " in " + sql);
            }
            assertFalse(sql.contains("::") || sql.contains("`"), "no PostgreSQL casts or MySQL quotes: " + sql);
            assertTrue(sql.contains("\"SALES\".\"Order \"\"Lines\"\" ü\"") && sql.contains("\"Line No\""), sql);
        }
        String sums = statements().get(1);
        assertTrue(sums.contains("SUM(TO_DECIMAL("), "hashes summed as decimals, never as BIGINT: " + sums);
        assertTrue(sums.contains("SUBSTRING(TO_NVARCHAR(\"at\", 'YYYY-MM-DD HH24:MI:SS.FF7'), 1, 26)"), "the 7th digit cut, not rounded: " + sums);
    }

    @Test
    void typesWithoutACommonTextFormAreLeftToRowByRow() {
        ChecksumSql hana = new HanaDialect(CaptureOptions.DEFAULT).checksumSql(new MySqlTypes(MySqlFlavor.MARIADB, ValueRules.DEFAULT)).orElseThrow();
        for (ColumnType type : List.of(ColumnType.of(Kind.FLOATING_DECIMAL), ColumnType.of(Kind.REAL), ColumnType.of(Kind.DOUBLE),
                ColumnType.of(Kind.TEXT), ColumnType.of(Kind.BLOB), ColumnType.sized(Kind.VARBINARY, 5000))) {
            assertTrue(hana.text("\"c\"", type).isEmpty(), type.toString());
        }
        assertEquals("CASE WHEN LOCATE(TO_NVARCHAR(ROUND(\"c\", 2, ROUND_HALF_UP)), '.') > 0"
                        + " THEN RTRIM(RTRIM(TO_NVARCHAR(ROUND(\"c\", 2, ROUND_HALF_UP)), '0'), '.') ELSE TO_NVARCHAR(ROUND(\"c\", 2, ROUND_HALF_UP)) END",
                hana.text("\"c\"", ColumnType.decimal(15, 2)).orElseThrow(), "trailing zeros dropped only after a decimal point");
    }
}
