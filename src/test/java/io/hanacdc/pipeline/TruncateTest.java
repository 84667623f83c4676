package io.hanacdc.pipeline;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.cli.DirectCommands;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TargetFixture;
import io.hanacdc.testing.TestDatabases;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A source TRUNCATE is a change in the stream's order, at both trigger levels: rows written before
 * it (same or earlier transactions) leave the target, rows written after it (same or later
 * transactions) stay — whether the earlier rows were already applied or come in the same batch as
 * the truncate — also over TRUNCATE ... CASCADE, several tables in one statement, more rows than one
 * target delete takes, and keys-only capture, whose re-read must not bring truncated rows back. Into the default target
 * and into the PostgreSQL target.
 */
@IntegrationTest
class TruncateTest {
    private static Pipeline pipeline(String name, String level, TargetFixture target) throws Exception {
        return new Pipeline(name + "_" + level, target).set("hanacdc.capture.trigger-level", level);
    }

    @ParameterizedTest
    @MethodSource("io.hanacdc.testing.FixtureMatrix#levelsIntoDatabases")
    void rowsBeforeATruncateLeaveTheTargetAndRowsAfterItStay(String level, TargetFixture target) throws Exception {
        try (Pipeline p = pipeline("trunc", level, target)) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)",
                    "INSERT INTO public.t SELECT g, 'loaded' FROM generate_series(1, 20) g");
            p.set("hanacdc.tables", "public.t").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (100, 'earlier transaction, applied before')");
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (101, 'earlier transaction, same batch')",
                    "UPDATE public.t SET v = 'updated before' WHERE id = 1");
            try (Connection c = TestDatabases.connect(p.sourceUrl); Statement s = c.createStatement()) {
                c.setAutoCommit(false);
                s.execute("INSERT INTO public.t VALUES (102, 'same transaction, before')");
                s.execute("TRUNCATE public.t");
                s.execute("INSERT INTO public.t VALUES (1, 'same transaction, after'), (103, 'same transaction, after')");
                s.execute("UPDATE public.t SET v = 'updated after' WHERE id = 103");
                c.commit();
            }
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (104, 'later transaction')");
            p.awaitConverged(20_000);
            assertEquals(List.of("1 | same transaction, after", "103 | updated after", "104 | later transaction"),
                    Pipeline.rows(p.targetUrl, "SELECT id, v FROM t ORDER BY id"));
            exec(p.sourceUrl, "TRUNCATE public.t");
            p.awaitConverged(20_000);
            assertEquals(0, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM t"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.hanacdc.testing.FixtureMatrix#levelsIntoDatabases")
    void truncateCascadeAndSeveralTablesInOneStatement(String level, TargetFixture target) throws Exception {
        try (Pipeline p = pipeline("trunc_cascade", level, target)) {
            exec(p.sourceUrl, "CREATE TABLE public.parent (id int PRIMARY KEY, v text)",
                    "CREATE TABLE public.child (id int PRIMARY KEY, pid int REFERENCES public.parent (id), v text)",
                    "CREATE TABLE public.other (id int PRIMARY KEY, v text)",
                    "INSERT INTO public.parent SELECT g, 'p' || g FROM generate_series(1, 30) g",
                    "INSERT INTO public.child SELECT g, g % 30 + 1, 'c' || g FROM generate_series(1, 90) g",
                    "INSERT INTO public.other SELECT g, 'o' || g FROM generate_series(1, 10) g");
            p.set("hanacdc.tables", "public.parent,public.child,public.other").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "TRUNCATE public.parent CASCADE",
                    "INSERT INTO public.parent VALUES (7, 'after cascade')", "INSERT INTO public.child VALUES (8, 7, 'after cascade')");
            p.awaitConverged(20_000);
            assertEquals(List.of("8 | 7 | after cascade"), Pipeline.rows(p.targetUrl, "SELECT id, pid, v FROM child"));
            exec(p.sourceUrl, "INSERT INTO public.parent VALUES (9, 'before')", "INSERT INTO public.child VALUES (9, 9, 'before')",
                    "TRUNCATE public.child, public.other", "INSERT INTO public.other VALUES (1, 'after')");
            p.awaitConverged(20_000);
            assertEquals(List.of(0L, 2L, 1L), List.of(Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM child"),
                    Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM parent"), Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM other")));
        }
    }

    @ParameterizedTest
    @MethodSource("io.hanacdc.testing.FixtureMatrix#levelsIntoDatabases")
    void truncateOfMoreRowsThanOneTargetDeleteTakes(String level, TargetFixture target) throws Exception {
        try (Pipeline p = pipeline("trunc_many", level, target)) {
            exec(p.sourceUrl, "CREATE TABLE public.big (a int, b text, v text, PRIMARY KEY (a, b))",
                    "INSERT INTO public.big SELECT g % 13, 'k' || g, repeat('x', g % 50) FROM generate_series(1, 4500) g");
            p.set("hanacdc.tables", "public.big").start();
            p.awaitConverged(60_000);
            exec(p.sourceUrl, "TRUNCATE public.big", "INSERT INTO public.big VALUES (1, 'k1', 'after')");
            p.awaitConverged(60_000);
            assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM big"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.hanacdc.testing.FixtureMatrix#levelsIntoDatabases")
    void keysOnlyCaptureDoesNotBringTruncatedRowsBack(String level, TargetFixture target) throws Exception {
        try (Pipeline p = pipeline("trunc_keys", level, target)) {
            exec(p.sourceUrl, "CREATE TABLE public.k (id int PRIMARY KEY, v text)",
                    "INSERT INTO public.k SELECT g, 'loaded' FROM generate_series(1, 50) g");
            p.set("hanacdc.tables", "public.k").set("hanacdc.capture.mode", "keys-only").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "UPDATE public.k SET v = 'before' WHERE id <= 10", "INSERT INTO public.k VALUES (60, 'before')");
            p.tick();
            exec(p.sourceUrl, "UPDATE public.k SET v = 'before, not yet read' WHERE id > 40");
            try (Connection c = TestDatabases.connect(p.sourceUrl); Statement s = c.createStatement()) {
                c.setAutoCommit(false);
                s.execute("TRUNCATE public.k");
                s.execute("INSERT INTO public.k VALUES (5, 'after'), (70, 'after')");
                c.commit();
            }
            p.awaitConverged(20_000);
            assertEquals(List.of("5 | after", "70 | after"), Pipeline.rows(p.targetUrl, "SELECT id, v FROM k ORDER BY id"));
        }
    }

    @ParameterizedTest
    @MethodSource("io.hanacdc.testing.FixtureMatrix#levelsIntoDatabases")
    void uninstallRemovesTheTruncateTrigger(String level, TargetFixture target) throws Exception {
        try (Pipeline p = pipeline("trunc_uninstall", level, target)) {
            exec(p.sourceUrl, "CREATE TABLE public.u (id int PRIMARY KEY)");
            p.set("hanacdc.tables", "public.u");
            DirectCommands commands = new DirectCommands(p.config(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            commands.install(false);
            String truncateTriggers = "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.u'::regclass AND NOT tgisinternal"
                    + " AND (tgtype & 32) <> 0 AND tgenabled <> 'D'"; // TRIGGER_TYPE_TRUNCATE
            assertEquals(1, Pipeline.count(p.sourceUrl, truncateTriggers));
            commands.uninstall();
            assertEquals(0, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgrelid = 'public.u'::regclass AND NOT tgisinternal"));
        }
    }
}
