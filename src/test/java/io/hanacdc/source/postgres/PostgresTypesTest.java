package io.hanacdc.source.postgres;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.verify.Verifier;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL types a real schema uses beyond the plain ones (docs/postgresql.md "Type mapping"): domains
 * (pagila's {@code year}, a domain over a domain, one with a type modifier and NOT NULL), enums (also
 * as a key, and a value added while the task runs), arrays (of text, of enums, of domains, two-dimensional),
 * interval, network types, money, timetz and the types carried as their text (tsvector, tsquery, xml,
 * bit, ranges, geometric, composite, citext, hstore). Each through the initial load and the stream
 * (inserts, updates, NULLs, edge values, a key change), keys-only capture, a column of such a type
 * added later, and verify both by checksums and row by row.
 */
@IntegrationTest
class PostgresTypesTest {
    private static final List<String> TYPES = List.of(
            "CREATE EXTENSION IF NOT EXISTS citext",
            "CREATE EXTENSION IF NOT EXISTS hstore",
            "CREATE DOMAIN public.year AS integer CONSTRAINT year_check CHECK (VALUE >= 1901 AND VALUE <= 2155)", // as in pagila
            "CREATE DOMAIN public.modern_year AS public.year DEFAULT 2000 CHECK (VALUE >= 1990)",
            // NOT NULL: a CDC row that carries only the key (keys-only, the ALTER fallback) must not have to fill it
            "CREATE DOMAIN public.code AS varchar(8) NOT NULL CHECK (VALUE <> '')",
            "CREATE DOMAIN public.price AS numeric(7,2)",
            "CREATE TYPE public.mpaa_rating AS ENUM ('G', 'PG', 'PG-13', 'R', 'NC-17')",
            "CREATE TYPE public.pair AS (a int, b text)",
            "CREATE TABLE public.film (id int PRIMARY KEY, release_year public.year, modern public.modern_year, code public.code,"
                    + " price public.price, rating public.mpaa_rating, features text[], grid int[], ratings public.mpaa_rating[],"
                    + " years public.year[], fts tsvector, query tsquery, span interval, ip inet, net cidr, mac macaddr, mac8 macaddr8,"
                    + " cash money, at timetz, doc xml, flags bit(4), vflags bit varying(8), seats int4range, booked tstzrange, pt point,"
                    + " area box, ring circle, shape polygon, pr public.pair, ci citext, attrs hstore)",
            "CREATE TABLE public.rated (rating public.mpaa_rating, yr public.year, code public.code, span interval, tags text[],"
                    + " PRIMARY KEY (rating, yr))");
    private static final List<String> FILM_COLUMNS = List.of("release_year", "modern", "code", "price", "rating", "features", "grid",
            "ratings", "years", "fts", "query", "span", "ip", "net", "mac", "mac8", "cash", "at", "doc", "flags", "vflags", "seats",
            "booked", "pt", "area", "ring", "shape", "pr", "ci", "attrs");
    private static final List<String> FILM_ROWS = List.of(
            "(1, 2006, 2010, 'PG-1', 9.99, 'PG-13', '{\"Deleted Scenes\",\"say \\\"hi\\\"\",\"a,b\",NULL}', '{{1,2},{3,4}}',"
                    + " '{G,NC-17}', '{2001,NULL}', to_tsvector('simple', 'A fast brown fox'), to_tsquery('simple', 'fox & !dog'),"
                    + " '1 year 2 mons 3 days 04:05:06.789', '192.168.0.1/24', '10.0.0.0/8', '08:00:2b:01:02:03', '08:00:2b:01:02:03:04:05',"
                    + " 1234.56, '12:34:56.789+05:30', '<a>ü</a>', B'1010', B'101', '[1,10)', '[2024-01-01 10:00+02,2024-01-01 12:00+02)',"
                    + " '(1.5,-2)', '((0,0),(1,1))', '<(0,0),2.5>', '((0,0),(1,0),(0,1))', ROW(1, 'a \"b\", c'), 'MiXeD', 'a=>1, b=>NULL')",
            "(3, 1901, 2155, 'ü😀', -99999.99, 'NC-17', '{}', '{{NULL,-2147483648}}', '{}', '{2155,NULL,1901}', ''::tsvector, 'a:* | b',"
                    + " '-3 days -04:00:00.000001', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff/120', '::ffff:1.2.3.4/128', 'ff:ff:ff:ff:ff:ff',"
                    + " '00:00:00:00:00:00:00:00', '-92233720368547758.08', '24:00:00-15:59:59', '<x a=\"1\"/>', B'0000', B'', 'empty',"
                    + " '[2024-01-01 00:00+00,infinity)', '(-1e-300,1e+300)', '((-1,-1),(1e10,2))', '<(1,1),0>', '((1,1))', ROW(NULL, ''), '', '')");
    /** Row 1 on the target, column by column: the text each type is documented to arrive as. */
    private static final List<String> FILM_ROW_1 = List.of("1", "2006", "2010", "PG-1", "9.99", "PG-13",
            "[\"Deleted Scenes\",\"say \\\"hi\\\"\",\"a,b\",null]", "[[1,2],[3,4]]", "[\"G\",\"NC-17\"]", "[2001,null]",
            "'a':1 'brown':3 'fast':2 'fox':4", "'fox' & !'dog'", "P1Y2M3DT4H5M6.789S", "192.168.0.1/24", "10.0.0.0/8", "08:00:2b:01:02:03",
            "08:00:2b:01:02:03:04:05", "1234.56", "12:34:56.789+05:30", "<a>ü</a>", "1010", "101", "[1,10)",
            "[\"2024-01-01 08:00:00+00\",\"2024-01-01 10:00:00+00\")", "(1.5,-2)", "(1,1),(0,0)", "<(0,0),2.5>", "((0,0),(1,0),(0,1))",
            "(1,\"a \"\"b\"\", c\")", "MiXeD", "\"a\"=>\"1\", \"b\"=>NULL");

    private static void createTypes(Pipeline p) throws Exception {
        exec(p.sourceUrl, TYPES.toArray(String[]::new));
        exec(p.sourceUrl, "INSERT INTO public.film VALUES " + String.join(", ", FILM_ROWS),
                "INSERT INTO public.film (id, code) VALUES (2, 'x')", // NULL everywhere it can be; modern gets its domain's default
                "INSERT INTO public.rated SELECT r, 1901 + g, 'c' || g, g * interval '1 minute', ARRAY['t' || g, NULL]"
                        + " FROM unnest(enum_range(NULL::public.mpaa_rating)) r, generate_series(0, 99) g");
    }

    /** The source as the type mapping says the target holds it, read by the test's own SQL (ISO 8601 intervals, times in UTC). */
    private static String sourceSql(List<String> columns, String table) {
        return "SELECT " + columns.stream().map(PostgresTypesTest::asTarget).collect(Collectors.joining(", ")) + " FROM public." + table;
    }

    private static String asTarget(String column) {
        return switch (column) {
            case "features", "grid", "ratings", "years", "tags", "later_years" -> "to_json(" + column + ")::text";
            case "cash" -> "cash::numeric";
            case "id", "release_year", "modern", "price", "yr" -> column;
            default -> column + "::text";
        };
    }

    private static String targetSql(List<String> columns, String table) {
        return "SELECT " + columns.stream().map(c -> "`" + c + "`").collect(Collectors.joining(", ")) + " FROM " + table;
    }

    private static String withSessionSettings(String url) {
        return url + (url.contains("?") ? "&" : "?") + "options=-c%20IntervalStyle%3Diso_8601%20-c%20TimeZone%3DUTC";
    }

    private static List<String> film() {
        List<String> all = new ArrayList<>(List.of("id"));
        all.addAll(FILM_COLUMNS);
        return all;
    }

    private static final List<String> RATED = List.of("rating", "yr", "code", "span", "tags");

    /** Rows sorted here: an enum key sorts in its declared order at the source, as text on the target. */
    private static List<String> sorted(String url, String sql) throws java.sql.SQLException {
        List<String> rows = new ArrayList<>(Pipeline.rows(url, sql));
        java.util.Collections.sort(rows);
        return rows;
    }

    /** Ticks the task until the target holds exactly the source's rows as the type mapping renders them. */
    private static void awaitSame(Pipeline p, List<String> columns, String table) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (true) {
            p.tick();
            List<String> source = sorted(withSessionSettings(p.sourceUrl), sourceSql(columns, table));
            List<String> target;
            try {
                target = sorted(p.targetUrl, targetSql(columns, table));
            } catch (java.sql.SQLException e) {
                target = List.of(e.getMessage());
            }
            if (source.equals(target)) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                assertEquals(String.join("\n", source), String.join("\n", target), table + " did not converge; task: "
                        + p.task().workers().stream().map(w -> w.status().table() + " " + w.status().state() + " " + w.status().lastError()).toList());
            }
            Thread.sleep(50);
        }
    }

    private static void change(Pipeline p) throws Exception {
        String others = String.join(", ", FILM_COLUMNS);
        exec(p.sourceUrl,
                "INSERT INTO public.film SELECT id + 10, " + others + " FROM public.film",
                "UPDATE public.film SET release_year = 2155, modern = NULL, code = 'changed', price = -price, rating = 'R',"
                        + " features = features || '{new}'::text[], grid = '{}', ratings = ratings || 'PG'::public.mpaa_rating, years = '{1901}',"
                        + " fts = fts || 'extra'::tsvector, span = -span, ip = '::1', net = '::/0', mac = 'ff:ff:ff:ff:ff:ff',"
                        + " cash = cash + 1::money, at = '00:00:00-15:59:59', doc = '<b/>', flags = ~flags, vflags = vflags || B'1',"
                        + " seats = 'empty', booked = '[2024-01-01,infinity)', pt = '(0,0)', area = NULL, pr = ROW(NULL, NULL), ci = 'other',"
                        + " attrs = attrs || 'c=>3'::hstore WHERE id = 1",
                "UPDATE public.film SET " + FILM_COLUMNS.stream().filter(c -> !c.equals("code")).map(c -> c + " = NULL")
                        .collect(Collectors.joining(", ")) + " WHERE id = 3",
                "DELETE FROM public.film WHERE id = 12",
                "UPDATE public.film SET id = 100 WHERE id = 11", // a key change
                "ALTER TYPE public.mpaa_rating ADD VALUE 'X'", // no column check sees it: an ENUM on the target would refuse 'X'
                "UPDATE public.film SET rating = 'X', ratings = '{X,G}' WHERE id = 13",
                "UPDATE public.rated SET span = -span, tags = tags || '{more}'::text[] WHERE yr % 10 = 0",
                "UPDATE public.rated SET yr = yr + 200 WHERE rating = 'R' AND yr < 1930", // key changes
                "UPDATE public.rated SET rating = 'X' WHERE rating = 'PG' AND yr < 1910",
                "DELETE FROM public.rated WHERE rating = 'G' AND yr BETWEEN 1950 AND 1960");
    }

    @Test
    void everyTypeReplicatesThroughLoadAndStream() throws Exception {
        try (Pipeline p = new Pipeline("pgtypes")) {
            createTypes(p);
            p.set("hanacdc.tables", "public.film,public.rated").set("hanacdc.snapshot.chunk-size", "7").start(); // keyset pages over the enum key
            awaitSame(p, film(), "film");
            awaitSame(p, RATED, "rated");
            assertEquals(List.of(String.join(" | ", FILM_ROW_1)), Pipeline.rows(p.targetUrl, targetSql(film(), "film") + " WHERE id = 1"));
            assertEquals(List.of("2 | NULL | 2000 | x | " + String.join(" | ", java.util.Collections.nCopies(FILM_COLUMNS.size() - 3, "NULL"))),
                    Pipeline.rows(p.targetUrl, targetSql(film(), "film") + " WHERE id = 2"));
            change(p);
            awaitSame(p, film(), "film");
            awaitSame(p, RATED, "rated");
            assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM film WHERE id = 13 AND rating = 'X' AND ratings = '[\"X\",\"G\"]'"));

            // a column of such a type added later, with a default, and one whose values are arrays of a domain
            exec(p.sourceUrl, "ALTER TABLE public.film ADD COLUMN extra public.mpaa_rating DEFAULT 'PG', ADD COLUMN later_years public.year[]",
                    "UPDATE public.film SET code = 'after', later_years = '{1999,2000}' WHERE id = 1"); // between ALTER and capture moving on
            p.task().checkSchemas();
            exec(p.sourceUrl, "INSERT INTO public.film (id, code, extra, later_years) VALUES (200, 'new', 'G', '{2024}')");
            List<String> widened = new ArrayList<>(film());
            widened.addAll(List.of("extra", "later_years"));
            awaitSame(p, widened, "film");

            Verifier.Result[] r = new Verifier.Result[1];
            String out = p.verify("public.film,public.rated", r);
            assertEquals(0, r[0].differences(), out);
            assertTrue(out.contains("public.film: ") && out.contains("checksums over ranges of id, 0 rows read"), out);
            assertTrue(out.contains("public.rated: ") && out.contains("row by row: key column rating"), out);
        }
    }

    @Test
    void keysOnlyCaptureReReadsRowsByEnumAndDomainKeys() throws Exception {
        try (Pipeline p = new Pipeline("pgtypeskeys")) {
            createTypes(p);
            p.set("hanacdc.tables", "public.film,public.rated").set("hanacdc.capture.mode", "keys-only").start();
            awaitSame(p, film(), "film");
            awaitSame(p, RATED, "rated");
            change(p);
            awaitSame(p, film(), "film");
            awaitSame(p, RATED, "rated");
        }
    }

    /** Every column's change is found by the checksums, and row by row where the key is an enum. */
    @Test
    void verifyFindsAChangeInEveryColumn() throws Exception {
        try (Pipeline p = new Pipeline("pgtypesverify")) {
            createTypes(p);
            exec(p.sourceUrl, "INSERT INTO public.film SELECT 100 + g, " + String.join(", ", FILM_COLUMNS) + " FROM public.film, generate_series(0, 29) g"
                    + " WHERE id = 1");
            p.set("hanacdc.tables", "public.film,public.rated").start();
            awaitSame(p, film(), "film");
            awaitSame(p, RATED, "rated");
            List<String> nullable = FILM_COLUMNS.stream().filter(c -> !c.equals("code")).toList();
            for (int i = 0; i < nullable.size(); i++) {
                exec(p.targetUrl, "UPDATE film SET `" + nullable.get(i) + "` = NULL WHERE id = " + (100 + i));
            }
            exec(p.targetUrl, "UPDATE film SET code = 'other' WHERE id = 129",
                    "DELETE FROM rated WHERE rating = 'PG-13' AND yr = 1950", "UPDATE rated SET span = 'PT1S' WHERE rating = 'NC-17' AND yr = 1901",
                    "INSERT INTO rated VALUES ('R', 2100, 'x', NULL, NULL)");
            Verifier.Result[] r = new Verifier.Result[1];
            String out = p.verify("public.film,public.rated", r);
            assertEquals(nullable.size() + 1 + 3, r[0].differences(), out);
            for (int i = 0; i < nullable.size(); i++) {
                assertTrue(out.contains("id = '" + (100 + i) + "': " + nullable.get(i) + ": source "), nullable.get(i) + "\n" + out);
            }
            assertTrue(out.contains("id = '129': code: source 'PG-1' ≠ target 'other'"), out);
            assertTrue(out.contains("missing in target: rating = 'PG-13', yr = '1950'"), out);
            assertTrue(out.contains("different:         rating = 'NC-17', yr = '1901': span: source 'PT0S' ≠ target 'PT1S'"), out);
            assertTrue(out.contains("extra in target:   rating = 'R', yr = '2100'"), out);
        }
    }
}
