package io.hanacdc.config;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import io.hanacdc.testing.BehaviourSuite;
import io.hanacdc.testing.CaptureObjects;
import io.hanacdc.testing.FreshSource;
import io.hanacdc.testing.Pipeline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each mistake a user can make stops the task with a message naming the object, and installs nothing.
 * A table that cannot be replicated stops only itself (UnreplicableTableTest); the task stops when no
 * listed table can be replicated.
 */
@MethodSource({"io.hanacdc.testing.FixtureMatrix#selected", "io.hanacdc.testing.FixtureMatrix#intoPostgres"})
class BadInputTest extends BehaviourSuite {
    private static String failure(Pipeline p) {
        return assertThrows(CdcException.class, p::start).getMessage();
    }

    @Test
    void tableWithoutPrimaryKey() throws Exception {
        FreshSource s = fresh("nopk");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("nokey", "\"id\" INTEGER"));
            String m = failure(p.set("hanacdc.tables", s.entry("nokey")));
            assertTrue(m.contains(s.schema() + ".nokey") && m.contains("no primary key"), m);
            s.assertNothingInstalled();
        }
    }

    @Test
    void missingTableAndEmptyPattern() throws Exception {
        FreshSource s = fresh("missing");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("ok", "\"id\" INTEGER NOT NULL, PRIMARY KEY (\"id\")"));
            String m = failure(p.set("hanacdc.tables", s.entry("nosuch")));
            assertTrue(m.contains(s.schema() + ".nosuch") && m.contains("does not exist"), m);
            m = failure(p.set("hanacdc.tables", s.entry("ok") + ",nosuchschema.*"));
            assertTrue(m.contains("nosuchschema.*") && m.contains("matches no table"), m);
            s.assertNothingInstalled();
        }
    }

    /** Every type a column may have is replicated; an interval cannot key a target row (equal intervals differ as text). */
    @Test
    void unsupportedKeyColumnType() throws Exception {
        source.assumePostgres("interval is a PostgreSQL type; HANA has none that hana-cdc refuses as a key");
        try (Pipeline p = fresh("badtype").pipeline(target)) {
            exec(p.sourceUrl, "CREATE TABLE public.g (span interval PRIMARY KEY)");
            String m = failure(p.set("hanacdc.tables", "public.g"));
            assertTrue(m.contains("public.g.span") && m.contains("interval"), m);
            CaptureObjects.assertNothingInstalled(p.sourceUrl);
        }
    }

    @Test
    void sameTableListedTwice() throws Exception {
        FreshSource s = fresh("twice");
        try (Pipeline p = s.pipeline(target)) {
            String m = failure(p.set("hanacdc.tables", s.entry("t") + ", " + s.entry("t")));
            assertTrue(m.contains(s.entry("t")) && m.contains("twice"), m);
        }
    }

    @Test
    void unreachableHostNamesTheDatabaseAndWhatToCheck() throws Exception {
        FreshSource s = fresh("unreachable");
        try (Pipeline p = s.pipeline(target)) {
            String nothingListens = s.taskUrl().replaceFirst("//[^/?]*", "//127.0.0.1:1"); // the source's own URL, another host and port
            p.set("hanacdc.tables", s.entry("ok")).set("hanacdc.source.url", nothingListens)
                    .set("hanacdc.source.password", "s3cret-value");
            String m = failure(p);
            assertTrue(m.contains("source database") && m.contains("could not be reached") && m.contains("hanacdc.source.url"), m);
            assertTrue(!m.contains("s3cret-value"), "password leaked: " + m);
        }
    }

    /** A source user who may read the table but not create the CDC schema: one clear message, nothing installed. */
    @Test
    void missingPrivilegesOnTheCdcSchema() throws Exception {
        source.assumePostgres("it takes a PostgreSQL role's rights away; on HANA the owner and task users of the live run"
                + " (HANACDC_TEST_HANA_OWNER_USER) prove least privilege");
        try (Pipeline p = fresh("noprivs").pipeline(target)) {
            String role = "hc_reader_" + Long.toString(System.nanoTime() % 1_000_000, 36);
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)", "CREATE ROLE " + role + " LOGIN",
                    "GRANT SELECT ON public.t TO " + role, "REVOKE CREATE ON DATABASE " + p.sourceUrl.replaceAll(".*/([^/?]+)\\?.*", "$1") + " FROM PUBLIC");
            String m = failure(p.set("hanacdc.tables", "public.t").set("hanacdc.source.url", p.sourceUrl.replace("user=postgres", "user=" + role)));
            assertTrue(m.contains("hanacdc") && m.contains("lacks a privilege") && m.contains("docs/postgresql.md"), m);
            CaptureObjects.assertNothingInstalled(p.sourceUrl);
        }
    }

    @Test
    void unsupportedSourceUrl() throws Exception {
        FreshSource s = fresh("url");
        try (Pipeline p = s.pipeline(target)) {
            String m = failure(p.set("hanacdc.tables", s.entry("t")).set("hanacdc.source.url", "jdbc:oracle:thin:@host:1521/x"));
            assertTrue(m.contains("jdbc:oracle") && m.contains("not a supported source"), m);
        }
    }

    @Test
    void existingTargetTableMissingColumns() throws Exception {
        FreshSource s = fresh("mismatch");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("m", "\"id\" INTEGER NOT NULL, \"a\" VARCHAR(100), \"b\" VARCHAR(100), PRIMARY KEY (\"id\")"));
            exec(p.targetUrl, "CREATE TABLE m (id int PRIMARY KEY, a text)");
            String m = failure(p.set("hanacdc.tables", s.entry("m")));
            assertTrue(m.contains("lacks column") && m.contains("[b]"), m);
        }
    }
}
