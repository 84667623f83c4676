package io.hanacdc.testing;

import io.hanacdc.testing.BoundaryCase.Compare;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Shrinkable;
import net.jqwik.api.sessions.JqwikSession;
import net.jqwik.time.api.DateTimes;
import net.jqwik.time.api.Dates;
import net.jqwik.time.api.Times;

/**
 * The type conformance suite's cases: every source type the PostgreSQL and SAP HANA mappings accept (docs/hana.md,
 * docs/postgresql.md "Type mapping"), each with its boundary values written out, and, where a generator fits, values generated from a seed
 * (jqwik's arbitraries with their edge cases; {@code -Dhanacdc.test.seed=N} repeats a run). Expectations are those of
 * a MySQL/MariaDB target at the default settings: what it cannot hold is refused, never stored changed.
 */
public final class BoundaryCases {
    /** The seed of this run's generated values: printed with every failure, set with -Dhanacdc.test.seed. */
    public static final long SEED = Long.getLong("hanacdc.test.seed", 20261203L);
    private static final int GENERATED = 12;
    private static final String MAX65_30 = "9".repeat(35) + "." + "9".repeat(30);

    private BoundaryCases() {}

    /** Every PostgreSQL type the mapping accepts. */
    public static List<BoundaryCase> postgres() {
        JqwikSession.start(); // jqwik's generators outside a property of its own
        try {
            return postgres(new Random(SEED));
        } finally {
            JqwikSession.finish();
        }
    }

    private static List<BoundaryCase> postgres(Random random) {
        List<BoundaryCase> out = new ArrayList<>();
        out.add(BoundaryCase.of("bool", "boolean").key().values("true", "false").compare(Compare.BOOLEAN).build());
        out.add(BoundaryCase.of("int2", "smallint").key().values("-32768", "32767", "0").build());
        out.add(BoundaryCase.of("int4", "integer").key().values("-2147483648", "2147483647")
                .values(generated(Arbitraries.integers(), random, String::valueOf)).build());
        out.add(BoundaryCase.of("int8", "bigint").key().values("-9223372036854775808", "9223372036854775807")
                .values(generated(Arbitraries.longs(), random, String::valueOf)).build());
        out.add(number("numeric_65_30", "numeric(65,30)").key().values(MAX65_30, "-" + MAX65_30, "0.000000000000000000000000000001", "0", "1.50")
                .values(generated(decimals(65, 30), random, BigDecimal::toPlainString)).build());
        out.add(number("numeric_38_0", "numeric(38,0)").key().values("9".repeat(38), "-" + "9".repeat(38)).build());
        out.add(number("numeric_10_2", "numeric(10,2)").key().values("12345678.90", "-0.01", "1.5", "1.50")
                .values(generated(decimals(10, 2), random, BigDecimal::toPlainString)).build());
        // wider than MySQL's DECIMAL(65): its values up to 65 digits arrive, larger ones stop the table (never clipped)
        out.add(number("numeric_78_0", "numeric(78,0)").values("9".repeat(65), "-" + "9".repeat(65))
                .refused("1" + "0".repeat(70), "1" + "0".repeat(70)).refused("-" + "9".repeat(66), "9".repeat(66)).build());
        // more decimals than MySQL's 30: values with up to 30 arrive, more stop the table (never rounded)
        out.add(number("numeric_40_35", "numeric(40,35)").values("1.000000000000000000000000000001", "-99999.5")
                .refused("0." + "0".repeat(34) + "1", "0." + "0".repeat(34) + "1").build());
        out.add(number("numeric", "numeric").key().values("123.456", "-0.000000000000000000000000000001", MAX65_30, "1e34")
                .values(generated(decimals(65, 30), random, BigDecimal::toPlainString))
                .refused("NaN", "NaN").refused("Infinity", "Infinity").refused("-Infinity", "-Infinity")
                .refused("1e35", "1" + "0".repeat(35)).refused("1e-31", "0." + "0".repeat(30) + "1").build());
        out.add(number("money", "money").values("-92233720368547758.08", "92233720368547758.07", "0", "-0.01")
                .read("%s::numeric::text", "CAST(%s AS CHAR)").build());
        out.add(BoundaryCase.of("float4", "real").values("-3.4e38", "1.4e-45", "-1.4e-45", "1.17549435e-38", "0.1", "-0", "16777217")
                .values(generated(Arbitraries.floats().between(-3.4e38f, 3.4e38f), random, f -> Float.toString(f)))
                .refused("NaN", "NaN").refused("Infinity", "Infinity").refused("-Infinity", "-Infinity")
                .refused("3.4028235e38", "3.4028235E38")
                .compare(Compare.FLOAT4).read("%s::float8::text", "CAST(%s + 0E0 AS CHAR)").build());
        out.add(BoundaryCase.of("float8", "double precision").key()
                .values("1.7976931348623157e308", "-1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308", "0.1", "-0")
                .values(generated(Arbitraries.longs().map(Double::longBitsToDouble).filter(Double::isFinite), random, d -> Double.toString(d)))
                .refused("NaN", "NaN").refused("Infinity", "Infinity").refused("-Infinity", "-Infinity")
                .compare(Compare.FLOAT8).read("%s::text", "CAST(%s AS CHAR)").build());
        out.add(BoundaryCase.of("char_3", "char(3)").key().values("", "a", "abc", "😀ab", " x").compare(Compare.CHAR).build());
        out.add(BoundaryCase.of("varchar_10", "varchar(10)").key().values("", " ", "trail ", "😀".repeat(10), "A", "a", "é", "é")
                .values(generated(texts(10), random, Function.identity())).build());
        out.add(BoundaryCase.of("text", "text").values("", "tab\there", "line\nbreak\r\n", "back\\slash \\N \\t", "'\"`", "😀 𝄞 ü", "\u0001\u001f\u007f",
                        "x".repeat(100_000))
                .values(generated(texts(200), random, Function.identity())).build());
        out.add(BoundaryCase.of("bytea", "bytea").values("\\x", "\\x00", "\\x" + allBytes(), "\\x5c0a09")
                .values(generated(Arbitraries.bytes().array(byte[].class).ofMaxSize(300), random, b -> "\\x" + HexFormat.of().formatHex(b)))
                .read("encode(%s, 'hex')", "LOWER(HEX(%s))").build());
        out.add(temporal("date", "date").key().values("0001-01-01", "9999-12-31", "2024-02-29", "1970-01-01")
                .values(generated(Dates.dates().between(LocalDate.of(1, 1, 1), LocalDate.of(9999, 12, 31)), random, LocalDate::toString))
                .refused("0001-12-31 BC", "BC").refused("4713-01-01 BC", "BC").refused("10000-01-01", "10000-01-01")
                .refused("infinity", "infinity").refused("-infinity", "-infinity").build());
        out.add(temporal("time_6", "time(6)").key().values("00:00:00", "23:59:59.999999", "24:00:00", "12:34:56.5", "00:00:00.000001")
                .values(generated(Times.times(), random, t -> t.withNano(t.getNano() / 1000 * 1000).toString())).build());
        out.add(temporal("time_0", "time(0)").values("23:59:59", "00:00:00", "24:00:00").build());
        out.add(temporal("timestamp_6", "timestamp(6)").key()
                .values("0001-01-01 00:00:00", "9999-12-31 23:59:59.999999", "2024-03-31 02:30:00", "2024-10-27 02:30:00", "1970-01-01 00:00:00")
                .values(generated(DateTimes.dateTimes().between(LocalDateTime.of(1, 1, 1, 0, 0), LocalDateTime.of(9999, 12, 31, 23, 59, 59)), random,
                        t -> t.withNano(t.getNano() / 1000 * 1000).toString().replace('T', ' ')))
                .refused("infinity", "infinity").refused("-infinity", "-infinity").refused("10000-01-01 00:00:00", "10000-01-01")
                .refused("0001-01-01 00:00:00 BC", "BC").build());
        out.add(temporal("timestamp_3", "timestamp(3)").values("2024-01-01 12:00:00.123", "2024-01-01 12:00:00").build());
        out.add(temporal("timestamptz_6", "timestamptz(6)").key()
                .values("2024-03-31 01:59:59.999999+00", "2024-03-31 03:30:00+02", "2024-10-27 02:30:00+02", "2024-10-27 02:30:00+01",
                        "0001-01-01 00:00:00+00", "9999-12-31 23:59:59.999999+00", "2024-06-01 12:00:00-15:59")
                .values(generated(DateTimes.instants().between(LocalDateTime.of(1, 1, 2, 0, 0).toInstant(ZoneOffset.UTC),
                        LocalDateTime.of(9999, 12, 30, 0, 0).toInstant(ZoneOffset.UTC)), random, i -> i.toString().replace("Z", "+00")))
                .refused("infinity", "infinity").refused("9999-12-31 23:00:00-05", "10000-01-01")
                .read("(%s AT TIME ZONE 'UTC')::text", "CAST(%s AS CHAR)").build());
        out.add(BoundaryCase.of("timetz", "timetz").values("00:00:00+00", "23:59:59.999999-15:59", "24:00:00+00", "12:00:00+05:30").build());
        out.add(BoundaryCase.of("interval", "interval").values("P1Y2M3DT4H5M6.789012S", "-178956970 years", "1 mon -1 day", "00:00:00.000001",
                "P-1Y-2M-3DT-4H-5M-6.789012S", "0").build());
        out.add(BoundaryCase.of("uuid", "uuid").key().values("00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff")
                .values(generated(Arbitraries.randomValue(r -> new java.util.UUID(r.nextLong(), r.nextLong())), random, java.util.UUID::toString))
                .build());
        out.add(BoundaryCase.of("json", "json").values("{\"a\":\"\\u0000\"}", "{\"k\":\"tab\\tq\\\"uote 😀 \\\\ \\u00e9\", \"k\":2}", "[]", "null", "\"x\"",
                "1e400", " { \"spaced\" : true } ").build());
        out.add(BoundaryCase.of("jsonb", "jsonb").values("{\"b\":1,\"a\":[1,2,{\"c\":null}]}", "1.0000000000000000000001", "\"\\ud83d\\ude00\"", "{}")
                .build());
        out.add(BoundaryCase.of("int4_array", "integer[]").values("{1,NULL,3}", "{}", "{{1,2},{3,4}}", "{NULL}", "[0:1]={7,8}")
                .read("to_json(%s)::text", "%s").build());
        out.add(BoundaryCase.of("text_array", "text[]").values("{\"a b\",NULL,\"\\\"q\\\"\",\"\"}", "{😀}", "{\"NULL\"}")
                .read("to_json(%s)::text", "%s").build());
        out.add(BoundaryCase.of("enum", "boundary_mood").setup("CREATE TYPE boundary_mood AS ENUM ('happy', '😀 sad', '', 'a\"b')")
                .key().values("happy", "😀 sad", "", "a\"b").build());
        out.add(BoundaryCase.of("domain", "boundary_positive").setup("CREATE DOMAIN boundary_positive AS numeric(12,3) CHECK (VALUE > 0)")
                .key().values("0.001", "999999999.999").compare(Compare.NUMBER).read("%s::text", "CAST(%s AS CHAR)").build());
        out.add(BoundaryCase.of("inet", "inet").key().values("192.168.0.1/24", "::1", "2001:db8::/32", "255.255.255.255").build());
        out.add(BoundaryCase.of("cidr", "cidr").values("10.0.0.0/8", "2001:db8::/32").build());
        out.add(BoundaryCase.of("macaddr", "macaddr").values("08:00:2b:01:02:03", "ff:ff:ff:ff:ff:ff").build());
        out.add(BoundaryCase.of("macaddr8", "macaddr8").values("08:00:2b:01:02:03:04:05").build());
        out.add(BoundaryCase.of("tsvector", "tsvector").values("a fat cat:1A", "'q''uote' 😀").build());
        out.add(BoundaryCase.of("xml", "xml").values("<a>&amp;</a>", "<b x=\"1\">😀</b>").build());
        out.add(BoundaryCase.of("bit_4", "bit(4)").values("1010", "0000").build());
        out.add(BoundaryCase.of("varbit", "bit varying").values("", "1").build());
        out.add(BoundaryCase.of("int4range", "int4range").values("[1,10)", "empty", "(,)").build());
        out.add(BoundaryCase.of("tstzrange", "tstzrange").values("[2024-01-01 00:00:00+00,infinity)").build());
        out.add(BoundaryCase.of("point", "point").values("(1.5,-2)", "(1e300,0)").build());
        out.add(BoundaryCase.of("composite", "boundary_pair").setup("CREATE TYPE boundary_pair AS (a int, b text)")
                .values("(1,\"a b\")", "(,)").build());
        return out;
    }

    /**
     * The cases into a PostgreSQL target (docs/postgresql-target.md "Type mapping"): PostgreSQL's own types are read back
     * as on the source, an array from the JSON text the target keeps; SAP HANA's as PostgreSQL prints the mapped type.
     */
    public static List<BoundaryCase> intoPostgres(List<BoundaryCase> cases, boolean fromHana) {
        return cases.stream().map(c -> c.intoPostgres(fromHana ? (c.targetText().contains("HEX(") ? "encode(%s, 'hex')" : "%s::text")
                : c.sourceText().startsWith("to_json(") ? "%s" : c.sourceText())).toList();
    }

    /**
     * The numbers wider than MySQL's DECIMAL(65,30), for a target with hanacdc.target.wide-numbers=text: every value the
     * DECIMAL refuses arrives as its exact text (NaN and ±Infinity stay refused: no target column of a number holds them).
     */
    public static List<BoundaryCase> wideNumbersAsText() {
        List<BoundaryCase> out = new ArrayList<>();
        for (BoundaryCase c : postgres()) {
            if (c.type().startsWith("numeric") && !c.refused().isEmpty()) {
                List<String> values = new ArrayList<>(c.values());
                c.refused().stream().map(BoundaryCase.Refusal::literal).filter(v -> !v.endsWith("NaN") && !v.endsWith("Infinity")).forEach(values::add);
                // not as a key: a key stays DECIMAL (docs/hana.md "Type mapping")
                out.add(c.with(false, values, List.of(), Compare.TEXT));
            }
        }
        return out;
    }

    /**
     * Every SAP HANA type the mapping accepts (docs/hana.md "Type mapping (SAP HANA …)"), for the live suite
     * (HANACDC_TEST_HANA_URL): the extremes of each declaration, and what MySQL/MariaDB cannot hold — a floating
     * DECIMAL beyond DECIMAL(65,30), a TIMESTAMP's seventh fractional digit — refused. Literals are cast from NVARCHAR as
     * HANA's CAST converts them (cast-function-data-type-conversion-20db6dd.md); binary ones from hex
     * (hextobin-function-string-20e2390.md, to-blob-function-data-type-conversion-20eba7c.md), read back as TO_NVARCHAR and BINTOHEX print them.
     */
    public static List<BoundaryCase> hana() {
        List<BoundaryCase> out = new ArrayList<>();
        out.add(hanaCase("tinyint", "TINYINT").key().values("0", "255").build());
        out.add(hanaCase("smallint", "SMALLINT").key().values("-32768", "32767").build());
        out.add(hanaCase("integer", "INTEGER").key().values("-2147483648", "2147483647").build());
        out.add(hanaCase("bigint", "BIGINT").key().values("-9223372036854775808", "9223372036854775807").build());
        out.add(hanaCase("decimal_38_0", "DECIMAL(38,0)").key().values("9".repeat(38), "-" + "9".repeat(38)).compare(Compare.NUMBER).build());
        out.add(hanaCase("decimal_15_2", "DECIMAL(15,2)").key().values("9999999999999.99", "-0.01", "1.50").compare(Compare.NUMBER).build());
        out.add(hanaCase("decimal", "DECIMAL").values("1.5", "-1.234567890123456789012345678901234", "1E+34", "1E-30")
                .refused("1E+100", "1" + "0".repeat(100)).refused("1E-40", "0." + "0".repeat(39) + "1").compare(Compare.NUMBER).build());
        out.add(hanaCase("smalldecimal", "SMALLDECIMAL").values("1.25", "-9999999999999999", "1E-20").compare(Compare.NUMBER).build());
        out.add(hanaCase("real", "REAL").values("-3.4E38", "1.4E-45", "0.1").compare(Compare.FLOAT4).build());
        out.add(hanaCase("double", "DOUBLE").values("1.7976931348623157E308", "4.9E-324", "-0.1").compare(Compare.FLOAT8).build());
        out.add(hanaCase("boolean", "BOOLEAN").values("TRUE", "FALSE").compare(Compare.BOOLEAN).build());
        // NVARCHAR(n) counts UTF-16 units: an astral character takes two
        out.add(hanaCase("nvarchar_10", "NVARCHAR(10)").key().values("", " ", "trail ", "😀".repeat(5), "A", "a", "tab\there").build());
        out.add(hanaCase("varchar_10", "VARCHAR(10)").values("", "abcdefghij").build());
        out.add(hanaCase("nchar_3", "NCHAR(3)").key().values("a", "abc", "é").compare(Compare.CHAR).build());
        out.add(hanaCase("nclob", "NCLOB").values("", "line\nbreak", "😀 𝄞", "x".repeat(100_000)).build());
        out.add(hanaCase("varbinary_300", "VARBINARY(300)").key().insert("HEXTOBIN(?)").read("LOWER(BINTOHEX(%s))", "LOWER(HEX(%s))")
                .values("00", "FF", allBytes().toUpperCase()).build());
        out.add(hanaCase("blob", "BLOB").insert("TO_BLOB(HEXTOBIN(?))").read("LOWER(BINTOHEX(TO_VARBINARY(%s)))", "LOWER(HEX(%s))")
                .values("00FF", allBytes().toUpperCase()).build());
        out.add(hanaCase("date", "DATE").key().values("0001-01-01", "9999-12-31", "2024-02-29").compare(Compare.TEMPORAL)
                .read("TO_NVARCHAR(%s, 'YYYY-MM-DD')", "CAST(%s AS CHAR)").build());
        out.add(hanaCase("time", "TIME").values("00:00:00", "23:59:59").compare(Compare.TEMPORAL).read("TO_NVARCHAR(%s, 'HH24:MI:SS')", "CAST(%s AS CHAR)").build());
        out.add(hanaCase("seconddate", "SECONDDATE").key().values("0001-01-01 00:00:00", "9999-12-31 23:59:59").compare(Compare.TEMPORAL)
                .read("TO_NVARCHAR(%s, 'YYYY-MM-DD HH24:MI:SS')", "CAST(%s AS CHAR)").build());
        out.add(hanaCase("timestamp", "TIMESTAMP").key().values("0001-01-01 00:00:00", "9999-12-31 23:59:59.999999", "2024-01-01 12:00:00.5")
                .refusedByEvery("2024-01-01 12:00:00.1234567", "12:00:00.1234567").compare(Compare.TEMPORAL)
                .read("TO_NVARCHAR(%s, 'YYYY-MM-DD HH24:MI:SS.FF7')", "CAST(%s AS CHAR)").build());
        return out;
    }

    private static BoundaryCase.Builder hanaCase(String name, String type) {
        return BoundaryCase.of(name, type).insert("CAST(? AS %s)").read("TO_NVARCHAR(%s)", "CAST(%s AS CHAR)");
    }

    private static BoundaryCase.Builder number(String name, String type) {
        return BoundaryCase.of(name, type).compare(Compare.NUMBER).read("%s::text", "CAST(%s AS CHAR)");
    }

    private static BoundaryCase.Builder temporal(String name, String type) {
        return BoundaryCase.of(name, type).compare(Compare.TEMPORAL).read("%s::text", "CAST(%s AS CHAR)");
    }

    /** Decimals of at most this precision and scale, as numeric(p,s) holds them. */
    private static Arbitrary<BigDecimal> decimals(int precision, int scale) {
        BigDecimal max = new BigDecimal("9".repeat(precision)).movePointLeft(scale);
        return Arbitraries.bigDecimals().between(max.negate(), max).ofScale(scale);
    }

    private static Arbitrary<String> texts(int maxLength) {
        return Arbitraries.strings().ofMaxLength(maxLength).withCharRange('\u0001', '\uD7FF').withCharRange('\uE000', '\uFFFD')
                .withChars('\t', '\n', '\\', '\'', '"')
                .injectDuplicates(0.1);
    }

    /** The arbitrary's edge cases, then random values, distinct, as literals. */
    static <T> List<String> generated(Arbitrary<T> arbitrary, Random random, Function<T, String> literal) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (Shrinkable<T> edge : arbitrary.edgeCases()) {
            out.add(literal.apply(edge.value()));
        }
        var generator = arbitrary.generator(1000);
        for (int i = 0; i < GENERATED * 4 && out.size() < GENERATED * 2; i++) {
            out.add(literal.apply(generator.next(random).value()));
        }
        return out.stream().limit(GENERATED * 2L).collect(Collectors.toList());
    }

    private static String allBytes() {
        byte[] b = new byte[256];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) i;
        }
        return HexFormat.of().formatHex(b);
    }
}
