package io.hanacdc.config;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.CdcException;
import io.hanacdc.testing.CaptureObjects;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TargetSuite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each mistake a user can make stops the task with a message naming the object, and installs nothing.
 * A table that cannot be replicated stops only itself (UnreplicableTableTest); the task stops when no
 * listed table can be replicated.
 */
@MethodSource("io.hanacdc.testing.TargetFixture#selected")
class BadInputTest extends TargetSuite {
    private static String failure(Pipeline p) {
        return assertThrows(CdcException.class, p::start).getMessage();
    }

    @Test
    void tableWithoutPrimaryKey() throws Exception {
        try (Pipeline p = new Pipeline("nopk", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.nokey (id int)");
            String m = failure(p.set("hanacdc.tables", "public.nokey"));
            assertTrue(m.contains("public.nokey") && m.contains("no primary key"), m);
            CaptureObjects.assertNothingInstalled(p.sourceUrl);
        }
    }

    @Test
    void missingTableAndEmptyPattern() throws Exception {
        try (Pipeline p = new Pipeline("missing", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.ok (id int PRIMARY KEY)");
            String m = failure(p.set("hanacdc.tables", "public.nosuch"));
            assertTrue(m.contains("public.nosuch") && m.contains("does not exist"), m);
            m = failure(p.set("hanacdc.tables", "public.ok,nosuchschema.*"));
            assertTrue(m.contains("nosuchschema.*") && m.contains("matches no table"), m);
            CaptureObjects.assertNothingInstalled(p.sourceUrl);
        }
    }

    /** Every type a column may have is replicated; an interval cannot key a target row (equal intervals differ as text). */
    @Test
    void unsupportedKeyColumnType() throws Exception {
        try (Pipeline p = new Pipeline("badtype", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.g (span interval PRIMARY KEY)");
            String m = failure(p.set("hanacdc.tables", "public.g"));
            assertTrue(m.contains("public.g.span") && m.contains("interval"), m);
            CaptureObjects.assertNothingInstalled(p.sourceUrl);
        }
    }

    @Test
    void sameTableListedTwice() throws Exception {
        try (Pipeline p = new Pipeline("twice", target)) {
            String m = failure(p.set("hanacdc.tables", "public.t, public.t"));
            assertTrue(m.contains("public.t") && m.contains("twice"), m);
        }
    }

    @Test
    void unreachableHostNamesTheDatabaseAndWhatToCheck() throws Exception {
        try (Pipeline p = new Pipeline("unreachable", target)) {
            p.set("hanacdc.tables", "public.ok").set("hanacdc.source.url", "jdbc:postgresql://127.0.0.1:1/nodb?connectTimeout=2")
                    .set("hanacdc.source.password", "s3cret-value");
            String m = failure(p);
            assertTrue(m.contains("source database") && m.contains("could not be reached") && m.contains("hanacdc.source.url"), m);
            assertTrue(!m.contains("s3cret-value"), "password leaked: " + m);
        }
    }

    /** A source user who may read the table but not create the CDC schema: one clear message, nothing installed. */
    @Test
    void missingPrivilegesOnTheCdcSchema() throws Exception {
        try (Pipeline p = new Pipeline("noprivs", target)) {
            String role = "hc_reader_" + Long.toString(System.nanoTime() % 1_000_000, 36);
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)", "CREATE ROLE " + role + " LOGIN",
                    "GRANT SELECT ON public.t TO " + role, "REVOKE CREATE ON DATABASE " + p.sourceUrl.replaceAll(".*/([^/?]+)\\?.*", "$1") + " FROM PUBLIC");
            String m = failure(p.set("hanacdc.tables", "public.t").set("hanacdc.source.url", p.sourceUrl.replace("user=postgres", "user=" + role)));
            assertTrue(m.contains("hanacdc") && m.contains("lacks a privilege") && m.contains("README"), m);
            CaptureObjects.assertNothingInstalled(p.sourceUrl);
        }
    }

    @Test
    void unsupportedSourceUrl() throws Exception {
        try (Pipeline p = new Pipeline("url", target)) {
            String m = failure(p.set("hanacdc.tables", "public.t").set("hanacdc.source.url", "jdbc:oracle:thin:@host:1521/x"));
            assertTrue(m.contains("jdbc:oracle") && m.contains("not a supported source"), m);
        }
    }

    @Test
    void existingTargetTableMissingColumns() throws Exception {
        try (Pipeline p = new Pipeline("mismatch", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.m (id int PRIMARY KEY, a text, b text)");
            exec(p.targetUrl, "CREATE TABLE m (id int PRIMARY KEY, a text)");
            String m = failure(p.set("hanacdc.tables", "public.m"));
            assertTrue(m.contains("lacks column") && m.contains("[b]"), m);
        }
    }
}
