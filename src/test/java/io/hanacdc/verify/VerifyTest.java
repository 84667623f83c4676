package io.hanacdc.verify;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import org.junit.jupiter.api.Test;

/** The verify command against real databases: equal tables pass, and every kind of difference is named by key and column. */
@IntegrationTest
class VerifyTest {
    private static final String TABLES = "public.t,public.\"Mixed Case\",public.c";

    private static Pipeline replicated() throws Exception {
        Pipeline p = new Pipeline("verify");
        exec(p.sourceUrl,
                "CREATE TABLE public.t (id uuid PRIMARY KEY, n numeric(12,4), nf numeric, r real, d double precision, ts timestamp(3),"
                        + " tz timestamptz, by bytea, tx text, b boolean)",
                "INSERT INTO public.t SELECT ('00000000-0000-0000-0000-' || lpad(g::text, 12, '0'))::uuid, g / 7.0, g / 3.0, g / 8.0,"
                        + " g / 11.0, timestamp '2024-01-01' + g * interval '1.001 second', timestamptz '2024-06-01 00:00+02' + g * interval '1 day',"
                        + " decode(md5(g::text), 'hex'), CASE WHEN g % 5 = 0 THEN '' WHEN g % 7 = 0 THEN NULL ELSE 'row ' || g END, g % 2 = 0"
                        + " FROM generate_series(1, 2500) g",
                "CREATE TABLE public.\"Mixed Case\" (\"Key A\" int, \"key b\" char(4), \"Value\" varchar(20), PRIMARY KEY (\"Key A\", \"key b\"))",
                "INSERT INTO public.\"Mixed Case\" SELECT g % 10, chr(97 + g / 10), 'v' || g FROM generate_series(0, 99) g",
                "CREATE TABLE public.c (k char(6) PRIMARY KEY, v int)",
                "INSERT INTO public.c VALUES ('a', 1), ('b ', 2), ('Ab', 3)");
        p.set("hanacdc.tables", TABLES).start();
        p.awaitConverged(30_000);
        return p;
    }

    @Test
    void equalTablesVerifyWithZeroDifferences() throws Exception {
        try (Pipeline p = replicated()) {
            Verifier.Result[] r = new Verifier.Result[1];
            String out = p.verify(TABLES, r);
            assertEquals(0, r[0].differences(), out);
            assertEquals(2500 + 100 + 3, r[0].rowsCompared(), out);
            assertTrue(out.contains("public.t: source 2500 rows, target 2500 rows, 2500 compared, 0 difference(s)"), out);
        }
    }

    @Test
    void missingExtraAndDifferentRowsAreNamedByKeyAndColumn() throws Exception {
        try (Pipeline p = replicated()) {
            exec(p.targetUrl,
                    "DELETE FROM t WHERE id = '00000000-0000-0000-0000-000000000017'",
                    "UPDATE t SET n = n + 0.0001, tx = 'changed' WHERE id = '00000000-0000-0000-0000-000000000042'",
                    "UPDATE t SET ts = ts + INTERVAL 1000 MICROSECOND WHERE id = '00000000-0000-0000-0000-000000000043'",
                    "INSERT INTO `Mixed Case` VALUES (99, 'zz', 'stray')",
                    "UPDATE c SET v = 30 WHERE k = 'Ab'");
            Verifier.Result[] r = new Verifier.Result[1];
            String out = p.verify(TABLES, r);
            assertEquals(5, r[0].differences(), out);
            assertTrue(out.contains("missing in target: id = '00000000-0000-0000-0000-000000000017'"), out);
            assertTrue(out.contains("id = '00000000-0000-0000-0000-000000000042': n: source '6' ≠ target '6.0001'; tx: source NULL ≠ target 'changed'"), out);
            assertTrue(out.contains("id = '00000000-0000-0000-0000-000000000043': ts: source '2024-01-01T00:00:43.043' ≠ target '2024-01-01T00:00:43.044'"), out);
            assertTrue(out.contains("extra in target:   Key A = '99', key b = 'zz'"), out);
            assertTrue(out.contains("k = 'Ab': v: source '3' ≠ target '30'"), out);
            String one = p.verify("public.c", r);
            assertEquals(1, r[0].differences(), one);
            assertEquals(3, r[0].rowsCompared(), one);
        }
    }

    @Test
    void differencesTheTaskStillAppliesAreNotReported() throws Exception {
        try (Pipeline p = replicated()) {
            exec(p.sourceUrl, "UPDATE public.t SET tx = 'later' WHERE b", "DELETE FROM public.c WHERE k = 'b'");
            // The task polls on while verify runs; one poll's turn is bounded in time, so a slow machine needs several.
            Thread ticker = new Thread(() -> {
                try {
                    Thread.sleep(1500);
                    while (!Thread.currentThread().isInterrupted()) {
                        p.tick();
                        Thread.sleep(200);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            ticker.start();
            Verifier.Result[] r = new Verifier.Result[1];
            String out = p.verify(TABLES, r);
            ticker.interrupt();
            ticker.join();
            assertEquals(0, r[0].differences(), out);
        }
    }
}
