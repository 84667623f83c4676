package io.hanacdc.pipeline;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TargetFixture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Values at the edges of what source and target hold: each replicates exactly, or its table stops
 * with a message naming table and column while nothing of the failed batch is written and the
 * other tables go on. Into the default target and into the PostgreSQL target, which keeps NaN, ±Infinity and BC dates.
 */
@IntegrationTest
class ExtremeValuesTest {

    @ParameterizedTest
    @MethodSource("io.hanacdc.testing.FixtureMatrix#databases")
    void largestSmallestAndOddValuesReplicateExactly(TargetFixture target) throws Exception {
        try (Pipeline p = new Pipeline("extreme", target)) {
            String max65 = "9".repeat(35) + "." + "9".repeat(30);
            exec(p.sourceUrl,
                    "CREATE TABLE public.x (id text PRIMARY KEY, d numeric(65,30), big numeric(38,0), f numeric, dt date, ts timestamp(6),"
                            + " r real, dbl double precision, c char(3), v varchar(10))",
                    "INSERT INTO public.x VALUES ('max', " + max65 + ", " + "9".repeat(38) + ", 1e-30, '9999-12-31', '9999-12-31 23:59:59.999999',"
                            + " 1.5, 1.7976931348623157e308, 'abc', '')",
                    "INSERT INTO public.x VALUES ('min', -" + max65 + ", -" + "9".repeat(38) + ", -123456789012345678901234567890.5,"
                            + " '0001-01-01', '0001-01-01 00:00:00', -1.4e-45, 4.9e-324, '', NULL)",
                    "INSERT INTO public.x VALUES ('😀 𝄞 emoji key', 0.000000000000000000000000000001, 0, 0, NULL, NULL, 0, -0.0, ' ', ' ')");
            p.set("hanacdc.tables", "public.x").start();
            p.awaitConverged(20_000);
            assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM x WHERE id = 'max' AND v = '' AND c = 'abc'"));
            assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM x WHERE id = 'min' AND v IS NULL"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.hanacdc.testing.FixtureMatrix#databases")
    void sixteenMegabyteTextAndBinaryValuesReplicate(TargetFixture target) throws Exception {
        try (Pipeline p = new Pipeline("huge", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.h (id int PRIMARY KEY, t text, b bytea)",
                    "INSERT INTO public.h VALUES (1, repeat('ü', 8000000), NULL)", // 16 MB as UTF-8
                    "INSERT INTO public.h SELECT 2, NULL, decode(string_agg(lpad(to_hex(g % 256), 2, '0'), ''), 'hex')"
                            + " FROM generate_series(1, 15000000) g",
                    "INSERT INTO public.h VALUES (3, 'small', '\\x00')");
            p.set("hanacdc.tables", "public.h").start();
            p.awaitConverged(120_000);
            exec(p.sourceUrl, "UPDATE public.h SET t = t || 'x', b = b || '\\x01'::bytea");
            p.awaitConverged(120_000);
        }
    }

    /** One table per case: a captured change the target cannot hold stops its table for good (see docs/how-it-works.md "Failures"). */
    @Test
    void nanInfinityAndYearsBeyond9999StopOnlyTheirTableNamingTheColumn() throws Exception {
        String[][] cases = {
            {"d", "'NaN'"}, {"r", "'-Infinity'"}, {"n", "'NaN'"}, {"ts", "'infinity'"},
        };
        try (Pipeline p = new Pipeline("nan")) {
            exec(p.sourceUrl, "CREATE TABLE public.ok (id int PRIMARY KEY)");
            StringBuilder tables = new StringBuilder("public.ok");
            for (int i = 0; i < cases.length; i++) {
                exec(p.sourceUrl, "CREATE TABLE public.f" + i + " (id int PRIMARY KEY, r real, d double precision, n numeric, ts timestamp)",
                        "INSERT INTO public.f" + i + " VALUES (1, 1.5, 2.5, 3.5, '2024-01-01')");
                tables.append(",public.f").append(i);
            }
            p.set("hanacdc.tables", tables.toString()).start();
            p.awaitConverged(20_000);
            for (int i = 0; i < cases.length; i++) {
                exec(p.sourceUrl, "UPDATE public.f" + i + " SET " + cases[i][0] + " = " + cases[i][1] + " WHERE id = 1;"
                        + " INSERT INTO public.f" + i + " VALUES (2, 0, 0, 0, '2024-01-02')", "INSERT INTO public.ok VALUES (" + i + ")");
            }
            p.tick();
            for (int i = 0; i < cases.length; i++) {
                String error = status(p, "public.f" + i).lastError();
                assertNotNull(error, cases[i][0]);
                assertTrue(error.contains("table public.f" + i + " column " + cases[i][0] + ": value ") && error.contains("MySQL/MariaDB"), error);
                assertEquals(0, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM f" + i + " WHERE id = 2"), "nothing of the failed batch is written");
            }
            assertEquals(cases.length, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM ok"), "other tables go on");
        }
    }

    /** PostgreSQL keeps NaN and ±Infinity in numeric, real and double precision, and ±infinity dates: into PostgreSQL they arrive as they are. */
    @Test
    void nanInfinityAndInfiniteDatesArriveExactlyInPostgres() throws Exception {
        try (Pipeline p = new Pipeline("naninto", TargetFixture.POSTGRES)) {
            exec(p.sourceUrl, "CREATE TABLE public.f (id int PRIMARY KEY, r real, d double precision, n numeric, n2 numeric(10,2), ts timestamp,"
                    + " tz timestamptz, dt date)");
            exec(p.sourceUrl, "INSERT INTO public.f SELECT g, 'NaN', '-Infinity', 'NaN', 'NaN', '-infinity', 'infinity', 'infinity' FROM generate_series(1, 20) g",
                    "INSERT INTO public.f VALUES (100, 'Infinity', 'NaN', 'Infinity', 1.5, 'infinity', '-infinity', '-infinity'),"
                            + " (101, '-0', '-0', '-Infinity', -0.0, '0044-03-15 12:00:00 BC', '0001-01-01 00:00:00+00 BC', '4713-01-01 BC')");
            p.set("hanacdc.tables", "public.f").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "INSERT INTO public.f SELECT id + 1000, r, d, n, n2, ts, tz, dt FROM public.f WHERE id < 3 OR id > 99",
                    "UPDATE public.f SET n = 'Infinity', ts = '294276-12-31 23:59:59.999999' WHERE id = 1");
            p.awaitConverged(20_000);
        }
    }

    private static TableStatus status(Pipeline p, String table) {
        return p.task().workers().stream().map(TableWorker::status).filter(s -> s.table().equals(table)).findFirst().orElseThrow();
    }
}
