package io.hanacdc.verify;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TargetFixture;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * verify by checksums over key ranges against real databases: equal tables are found equal without
 * reading their rows, differences on a large table are narrowed down to their keys and columns, and
 * every type the mapping supports is rendered identically on both sides (else equal rows would be
 * read to compare them) and tells changed values apart — into MariaDB/MySQL and into PostgreSQL, each computing
 * its sums in its own SQL.
 */
@IntegrationTest
class ChecksumVerifyTest {
    private static final int ROWS = 50_000;
    /** The PostgreSQL types with a target counterpart, each column nullable (PostgresTypesTest verifies those carried as text). */
    private static final String ALL_TYPES = "CREATE TABLE public.types (id int PRIMARY KEY, b boolean, i2 smallint, i4 int, i8 bigint,"
            + " n numeric(12,4), nbig numeric(65,30), nf numeric, r real, d double precision, c char(5), v varchar(20), vn varchar,"
            + " tx text, nm name, by bytea, dt date, tm time(3), ts timestamp(6), tz timestamptz(6), u uuid, js json, jb jsonb)";
    private static final List<String> TYPE_ROWS = List.of(
            "(1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)",
            "(2, false, 0, 0, 0, 0, 0, 0, 0, 0, '', '', '', '', '', '\\x', '2024-01-01', '00:00', '2024-01-01', '2024-01-01 00:00+00',"
                    + " '00000000-0000-0000-0000-000000000000', '\"\"', '{}')",
            "(3, true, -32768, -2147483648, -9223372036854775808, -99999999.9999, -" + "9".repeat(35) + "." + "9".repeat(30) + ","
                    + " -123456789012345678901234567890.5, -3.4e38, -1.7976931348623157e308, 'a', 'N', '|', ':', 'N', '\\x00ff',"
                    + " '1000-01-01', '23:59:59.999', '2024-02-29 23:59:59.999999', '1970-01-01 00:00:00.000001+00',"
                    + " 'ffffffff-ffff-ffff-ffff-ffffffffffff', '[1, 2.50, \"x\"]', '{\"b\": [1, 2.50], \"a\": null}')",
            "(4, true, 32767, 2147483647, 9223372036854775807, 0.0001, 0.000000000000000000000000000001, 0.123456789012345678901234567891,"
                    + " 1.4e-45, 4.9e-324, 'ab cd', '😀 𝄞 ü', repeat('x', 3000), E'quote '' bar | colon : back\\\\slash\\nnewline',"
                    + " 'nämé', decode(repeat('ab', 5000), 'hex'), '9999-12-31', '12:34:56.789', '1999-12-31 23:59:59.000001',"
                    + " '2024-06-01 12:00:00.123456+02', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '{\"e\": \"😀\"}', '{\"k\": \"𝄞\"}')",
            "(5, false, 7, 7, 7, 10, 1e20, 100, 0.1, 0.1, 'x  ', 'tail ', ' lead', 'text', 'n', '\\x0a', '2000-02-29', '01:02:03',"
                    + " '2000-01-01 00:00:00.5', '2000-01-01 00:00:00.5-08', '11111111-2222-3333-4444-555555555555', 'null', '1e2')");

    private static void awaitTarget(Pipeline p, String count, long expected) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (Pipeline.count(p.targetUrl, count) != expected) {
            assertTrue(System.currentTimeMillis() < deadline, "target did not reach " + expected + ": " + count);
            p.tick();
            Thread.sleep(50);
        }
    }

    private static Pipeline large(TargetFixture target) throws Exception {
        Pipeline p = new Pipeline("checksums", target);
        exec(p.sourceUrl,
                "CREATE TABLE public.big (id bigint PRIMARY KEY, amount numeric(14,2), ts timestamp(6), label text, f double precision)",
                "INSERT INTO public.big SELECT g * 3, g / 7.0, timestamp '2024-01-01' + g * interval '1.000001 second',"
                        + " CASE WHEN g % 9 = 0 THEN NULL ELSE 'label ' || g END, g / 13.0 FROM generate_series(1, " + ROWS + ") g");
        p.set("hanacdc.tables", "public.big").set("hanacdc.snapshot.chunk-size", "10000").start();
        p.awaitConverged(120_000);
        return p;
    }

    /** An identifier in the target's quotes, for statements run on the target directly. */
    private static String quoted(TargetFixture target, String name) {
        return target.isPostgres() ? '"' + name + '"' : '`' + name + '`';
    }

    @ParameterizedTest
    @MethodSource("io.hanacdc.testing.FixtureMatrix#databases")
    void equalLargeTableIsVerifiedByChecksumsWithoutReadingRows(TargetFixture target) throws Exception {
        try (Pipeline p = large(target)) {
            Verifier.Result[] r = new Verifier.Result[1];
            String out = p.verify("public.big", r);
            assertEquals(0, r[0].differences(), out);
            assertEquals(ROWS, r[0].rowsCompared(), out);
            assertEquals(0, r[0].rowsRead(), out);
            assertTrue(out.contains("public.big: source 50000 rows, target 50000 rows, 50000 compared, 0 difference(s);"
                    + " checksums over ranges of id, 0 rows read"), out);
        }
    }

    @ParameterizedTest
    @MethodSource("io.hanacdc.testing.FixtureMatrix#databases")
    void missingExtraAndDifferentRowsOfALargeTableAreNarrowedDownToKeyAndColumn(TargetFixture target) throws Exception {
        try (Pipeline p = large(target)) {
            exec(p.targetUrl,
                    "DELETE FROM big WHERE id = 51",
                    "INSERT INTO big VALUES (7000, 1, '2024-01-01', 'stray', 0), (9999999999, 2, '2024-01-01', 'far', 0)",
                    "UPDATE big SET amount = amount + 0.01 WHERE id = 30000",
                    "UPDATE big SET ts = ts + " + (target.isPostgres() ? "interval '1 microsecond'" : "INTERVAL 1 MICROSECOND") + " WHERE id = 90000",
                    "UPDATE big SET label = 'label 45001 ' WHERE id = 135003",
                    "UPDATE big SET f = f + 1e-12 WHERE id = 149997");
            Verifier.Result[] r = new Verifier.Result[1];
            String out = p.verify("public.big", r);
            assertEquals(7, r[0].differences(), out);
            assertTrue(out.contains("missing in target: id = '51'"), out);
            assertTrue(out.contains("extra in target:   id = '7000'"), out);
            assertTrue(out.contains("extra in target:   id = '9999999999'"), out);
            assertTrue(out.contains("different:         id = '30000': amount: source '1428.57' ≠ target '1428.58'"), out);
            assertTrue(out.contains("different:         id = '90000': ts: source '2024-01-01T08:20:00.030' ≠ target '2024-01-01T08:20:00.030001'"), out);
            assertTrue(out.contains("different:         id = '135003': label: source 'label 45001' ≠ target 'label 45001 '"), out);
            assertTrue(out.contains("different:         id = '149997': f: source '"), out);
            assertTrue(r[0].rowsRead() < ROWS / 5, "checksums narrowed the reads down: " + r[0].rowsRead() + " rows read\n" + out);
        }
    }

    @ParameterizedTest
    @MethodSource("io.hanacdc.testing.FixtureMatrix#databases")
    void everySupportedTypeIsRenderedAlikeAndEveryChangedColumnIsFound(TargetFixture target) throws Exception {
        try (Pipeline p = new Pipeline("checksum_types", target)) {
            exec(p.sourceUrl, ALL_TYPES, "INSERT INTO public.types VALUES " + String.join(", ", TYPE_ROWS),
                    "INSERT INTO public.types (id, i8, n, r, d, ts, tx, by) SELECT g, g * 1000003::bigint, g / 3.0, g / 7.0, g / 11.0,"
                            + " timestamp '2024-01-01' + g * interval '1.000001 second', 'row ' || g, decode(md5(g::text), 'hex')"
                            + " FROM generate_series(10, 5000) g");
            p.set("hanacdc.tables", "public.types").start();
            awaitTarget(p, "SELECT COUNT(*) FROM types", 5 + 4991); // awaitConverged compares raw values, not as the mapping stores them
            Verifier.Result[] r = new Verifier.Result[1];
            String out = p.verify("public.types", r);
            assertEquals(0, r[0].differences(), out);
            assertEquals(0, r[0].rowsRead(), "every row hashes alike on both sides, so none is read:\n" + out);

            // rows 100..121 get a value in every column, then the target loses one per row: the checksums must see each
            List<String> columns = List.of("b", "i2", "i4", "i8", "n", "nbig", "nf", "r", "d", "c", "v", "vn", "tx", "nm", "by", "dt", "tm",
                    "ts", "tz", "u", "js", "jb");
            exec(p.sourceUrl, "UPDATE public.types SET b = true, i2 = 1, i4 = 1, nbig = 1, nf = 1, c = 'c', v = 'v', vn = 'vn', nm = 'nm',"
                    + " dt = '2024-01-01', tm = '01:00', tz = '2024-01-01 00:00+00', u = gen_random_uuid(), js = '1', jb = '2' WHERE id BETWEEN 100 AND 121");
            awaitTarget(p, "SELECT COUNT(*) FROM types WHERE jb IS NOT NULL AND id BETWEEN 100 AND 121", 22);
            for (int i = 0; i < columns.size(); i++) {
                exec(p.targetUrl, "UPDATE types SET " + quoted(target, columns.get(i)) + " = NULL WHERE id = " + (100 + i));
            }
            out = p.verify("public.types", r);
            assertEquals(columns.size(), r[0].differences(), out);
            for (int i = 0; i < columns.size(); i++) {
                assertTrue(out.contains("id = '" + (100 + i) + "': " + columns.get(i) + ": source "), columns.get(i) + "\n" + out);
            }
            assertTrue(r[0].rowsRead() < 3000, r[0].rowsRead() + " rows read\n" + out);
        }
    }

    /** All rows share the first key column's value: the one range cannot be cut, so it is compared row by row, chunk by chunk. */
    @ParameterizedTest
    @MethodSource("io.hanacdc.testing.FixtureMatrix#databases")
    void aFirstKeyValueSharedByManyRowsIsComparedRowByRowInChunks(TargetFixture target) throws Exception {
        try (Pipeline p = new Pipeline("checksum_one_value", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.one (k int, s text, v int, PRIMARY KEY (k, s))",
                    "INSERT INTO public.one SELECT 1, 'key ' || g, g FROM generate_series(1, 3000) g");
            p.set("hanacdc.tables", "public.one").start();
            p.awaitConverged(30_000);
            Verifier.Result[] r = new Verifier.Result[1];
            String out = p.verify("public.one", r);
            assertEquals(0, r[0].differences(), out);
            assertEquals(0, r[0].rowsRead(), out);
            exec(p.targetUrl, "UPDATE one SET v = 0 WHERE s = 'key 2999'");
            out = p.verify("public.one", r);
            assertEquals(1, r[0].differences(), out);
            assertTrue(out.contains("different:         k = '1', s = 'key 2999': v: source '2999' ≠ target '0'"), out);
        }
    }

    /** Values only a PostgreSQL target holds, changed into look-alikes: the era of a date and a timestamp dropped, a zero's sign. */
    @Test
    void aLostEraOrSignOnAPostgresTargetIsFound() throws Exception {
        try (Pipeline p = new Pipeline("checksum_lookalikes", TargetFixture.POSTGRES)) {
            exec(p.sourceUrl, "CREATE TABLE public.la (id int PRIMARY KEY, d date, ts timestamp, f double precision)",
                    "INSERT INTO public.la VALUES (1, '0044-03-15 BC', '0044-03-15 12:00 BC', '-0'), (2, '2024-01-01', '2024-01-01', 0)");
            p.set("hanacdc.tables", "public.la").start();
            awaitTarget(p, "SELECT COUNT(*) FROM la", 2);
            Verifier.Result[] r = new Verifier.Result[1];
            String out = p.verify("public.la", r);
            assertEquals(0, r[0].differences(), out);
            assertEquals(0, r[0].rowsRead(), out);
            exec(p.targetUrl, "UPDATE la SET d = '0044-03-15', ts = '0044-03-15 12:00' WHERE id = 1");
            out = p.verify("public.la", r);
            assertEquals(1, r[0].differences(), out);
            assertTrue(out.contains("id = '1': d: source "), out);
            assertTrue(out.contains("ts: source "), out);
            exec(p.targetUrl, "UPDATE la SET d = '0044-03-15 BC', ts = '0044-03-15 12:00 BC', f = 0 WHERE id = 1");
            out = p.verify("public.la", r);
            assertEquals(1, r[0].differences(), out);
            assertTrue(out.contains("id = '1': f: source '-0.0' ≠ target '0.0'"), out);
        }
    }
}
