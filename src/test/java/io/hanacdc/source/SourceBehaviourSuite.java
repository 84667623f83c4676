package io.hanacdc.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.admin.Commands;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.check.NotApplicable;
import io.hanacdc.check.Preflight;
import io.hanacdc.check.Probe;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.watermark.BatchQueryEquivalence;
import io.hanacdc.testing.SourceFixture;
import io.hanacdc.testing.TargetSuite;
import io.hanacdc.testing.TestDatabases;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every source dialect is held to, in portable SQL: install, initial load, streaming of
 * inserts, updates, deletes, key changes (shifts and swaps in one statement too) and rollbacks,
 * keys-only capture, rows removed past the triggers found and loaded again, a table taken out of the
 * list and uninstalled alone, and an uninstall that leaves no capture object behind. Subclassed per
 * source dialect; each subclass runs once per target fixture.
 */
@MethodSource("io.hanacdc.testing.TargetFixture#all")
abstract class SourceBehaviourSuite extends TargetSuite {
    protected abstract SourceFixture fixture() throws Exception;

    private Pipeline pipeline(String hint, String schema) throws Exception {
        return captureSettings(new Pipeline(fixture().taskUrl(), hint, target).set("hanacdc.tables", schema + ".*").set("hanacdc.cdc-schema", schema + "_CDC"));
    }

    /** Capture settings the whole suite runs with (a dialect may be held to the contract in more than one way). */
    protected Pipeline captureSettings(Pipeline p) {
        return p;
    }

    /** The test's schema and its CDC schema go, whatever the test left. */
    private void dropSchemas(SourceFixture f, String schema) throws Exception {
        exec(f.dropSchema(schema));
        Pipeline.exec(f.taskUrl(), f.dropSchema(schema + "_CDC")); // the task's user created it
    }

    private void exec(String... sql) throws Exception {
        Pipeline.exec(fixture().url(), sql);
    }

    /** The dialect's batch SQL on this very source selects what the watermark model selects (BatchQueryEquivalence). */
    @Test
    void batchQueryAgreesWithTheWatermarkModel() throws Exception {
        SourceFixture f = fixture();
        String s = f.freshSchema("batchsql");
        try {
            BatchQueryEquivalence.check(f.url(), SourceDialects.forUrl(f.url(), CaptureOptions.DEFAULT), s, (table, columns) -> f.createTable(s, table, columns));
        } finally {
            exec(f.dropSchema(s));
        }
    }

    @Test
    void installSnapshotStreamAndUninstall() throws Exception {
        SourceFixture f = fixture();
        String s = f.freshSchema("cycle");
        exec(f.createTable(s, "ITEMS", "\"ID\" INTEGER NOT NULL, \"Name\" VARCHAR(100), \"PRICE\" DECIMAL(12,2), \"AT\" TIMESTAMP, PRIMARY KEY (\"ID\")"));
        for (int i = 1; i <= 30; i++) {
            exec("INSERT INTO \"" + s + "\".\"ITEMS\" VALUES (" + i + ", 'item " + i + "', " + i + ".25, TIMESTAMP '2024-01-02 03:04:05.123456')");
        }
        try (Pipeline p = pipeline("cycle", s)) {
            p.start();
            p.awaitConverged(30_000);
            exec("UPDATE \"" + s + "\".\"ITEMS\" SET \"PRICE\" = \"PRICE\" * 2 WHERE \"ID\" <= 10",
                    "DELETE FROM \"" + s + "\".\"ITEMS\" WHERE \"ID\" BETWEEN 11 AND 15",
                    "UPDATE \"" + s + "\".\"ITEMS\" SET \"ID\" = \"ID\" + 100 WHERE \"ID\" = 20",
                    "INSERT INTO \"" + s + "\".\"ITEMS\" VALUES (200, 'new', NULL, NULL)");
            try (Connection c = TestDatabases.connect(f.url()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.execute("INSERT INTO \"" + s + "\".\"ITEMS\" VALUES (300, 'rolled back', 1, NULL)");
                c.rollback();
            }
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
            assertEquals(0, Pipeline.count(f.url(), triggersOn(s)), "uninstall leaves no trigger");
        } finally {
            dropSchemas(f, s);
        }
    }

    /**
     * The removal script of uninstall --print-sql, run statement by statement as printed (one session,
     * autocommit off as hdbsql -z runs it), leaves no trigger and no CDC schema.
     */
    @Test
    void printedRemovalScriptRunByHandLeavesNoCaptureObject() throws Exception {
        SourceFixture f = fixture();
        String s = f.freshSchema("script");
        exec(f.createTable(s, "ITEMS", "\"ID\" INTEGER NOT NULL, PRIMARY KEY (\"ID\")"));
        try (Pipeline p = pipeline("script", s)) {
            p.start();
            p.stop();
            assertTrue(Pipeline.count(f.url(), triggersOn(s)) > 0);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new Commands(p.config(), new PrintStream(out, true, StandardCharsets.UTF_8)).printUninstall(Optional.empty());
            String script = out.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("--")).collect(Collectors.joining("\n"));
            try (Connection c = TestDatabases.connect(f.taskUrl()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                for (String statement : script.split(";\n")) {
                    if (!statement.isBlank()) {
                        st.execute(statement.strip());
                    }
                }
                c.commit();
            }
            assertEquals(0, Pipeline.count(f.url(), triggersOn(s)), "the script leaves no trigger");
            try (Connection c = TestDatabases.connect(f.url())) {
                assertFalse(CaptureInstaller.schemaExists(c, s + "_CDC"), "the script drops the CDC schema install created");
            }
        } finally {
            dropSchemas(f, s);
        }
    }

    /** DESIGN §5 in every dialect: capture follows added and dropped columns, rows before and after each change arrive right. */
    @Test
    void columnsAddedAndDroppedAreFollowed() throws Exception {
        SourceFixture f = fixture();
        String s = f.freshSchema("alter");
        String t = "\"" + s + "\".\"ITEMS\"";
        exec(f.createTable(s, "ITEMS", "\"ID\" INTEGER NOT NULL, \"Name\" VARCHAR(100), \"OLD\" INTEGER, PRIMARY KEY (\"ID\")"),
                "INSERT INTO " + t + " VALUES (1, 'one', 1)");
        try (Pipeline p = pipeline("alter", s)) {
            p.start();
            p.awaitConverged(30_000);
            exec("INSERT INTO " + t + " (\"ID\", \"Name\") VALUES (2, 'before')", f.addColumn(s, "ITEMS", "\"NEW\" VARCHAR(20)"),
                    "UPDATE " + t + " SET \"NEW\" = 'during' WHERE \"ID\" = 1");
            p.task().checkSchemas();
            exec("INSERT INTO " + t + " (\"ID\", \"Name\", \"NEW\") VALUES (3, 'after', 'x')", f.dropColumn(s, "ITEMS", "OLD"));
            p.task().checkSchemas();
            exec("UPDATE " + t + " SET \"Name\" = 'changed' WHERE \"ID\" = 2");
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
        } finally {
            dropSchemas(f, s);
        }
    }

    /** Keys shifted onto each other and swapped in one statement: whatever order the rows are visited in, no live key is deleted. */
    @Test
    void keysShiftedAndSwappedInOneStatementArriveRight() throws Exception {
        SourceFixture f = fixture();
        String s = f.freshSchema("shift");
        String t = "\"" + s + "\".\"ITEMS\"";
        exec(f.createTable(s, "ITEMS", "\"ID\" INTEGER NOT NULL, \"V\" VARCHAR(20), " + f.shiftableKey("\"ID\"")));
        for (int i : new int[] {1, 2, 3, 10, 11}) {
            exec("INSERT INTO " + t + " VALUES (" + i + ", 'was " + i + "')");
        }
        try (Pipeline p = pipeline("shift", s)) {
            p.start();
            p.awaitConverged(30_000);
            exec("UPDATE " + t + " SET \"ID\" = \"ID\" + 1 WHERE \"ID\" <= 3", "UPDATE " + t + " SET \"ID\" = 21 - \"ID\" WHERE \"ID\" >= 10");
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
        } finally {
            dropSchemas(f, s);
        }
    }

    /** Rows removed past the capture triggers (on SAP HANA a TRUNCATE TABLE) are found by the vanished-row check and loaded again. */
    @Test
    void aTableEmptiedPastItsTriggersIsLoadedAgain() throws Exception {
        SourceFixture f = fixture();
        String s = f.freshSchema("vanish");
        String t = "\"" + s + "\".\"ITEMS\"";
        exec(f.createTable(s, "ITEMS", "\"ID\" INTEGER NOT NULL, \"V\" VARCHAR(20), PRIMARY KEY (\"ID\")"));
        for (int i = 1; i <= 20; i++) {
            exec("INSERT INTO " + t + " VALUES (" + i + ", 'loaded')");
        }
        try (Pipeline p = pipeline("vanish", s).set("hanacdc.vanish-check.interval-s", "1")) {
            p.start();
            p.awaitConverged(30_000);
            exec(f.emptyPastTriggers(s, "ITEMS"));
            exec("INSERT INTO " + t + " VALUES (100, 'after')");
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
        } finally {
            dropSchemas(f, s);
        }
    }

    @Test
    void keysOnlyCaptureConverges() throws Exception {
        SourceFixture f = fixture();
        String s = f.freshSchema("keys");
        exec(f.createTable(s, "W", "\"A\" INTEGER NOT NULL, \"B\" VARCHAR(20) NOT NULL, \"V\" VARCHAR(200), PRIMARY KEY (\"A\", \"B\")"));
        try (Pipeline p = pipeline("keys", s).set("hanacdc.capture.mode", "keys-only")) {
            p.start();
            for (int i = 1; i <= 20; i++) {
                exec("INSERT INTO \"" + s + "\".\"W\" VALUES (" + i + ", 'k', 'v" + i + "')");
            }
            exec("UPDATE \"" + s + "\".\"W\" SET \"V\" = 'changed' WHERE \"A\" < 5", "DELETE FROM \"" + s + "\".\"W\" WHERE \"A\" = 7",
                    "UPDATE \"" + s + "\".\"W\" SET \"B\" = 'moved' WHERE \"A\" = 9");
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
        } finally {
            dropSchemas(f, s);
        }
    }

    /**
     * A table taken out of hanacdc.tables is named as unread capture, its CDC rows are counted, and
     * uninstall --table removes its capture alone while the listed table streams on.
     */
    @Test
    void aTableNoLongerListedIsNamedUntilItsCaptureIsUninstalled() throws Exception {
        SourceFixture f = fixture();
        String s = f.freshSchema("unlisted");
        exec(f.createTable(s, "T1", "\"ID\" INTEGER NOT NULL, PRIMARY KEY (\"ID\")"),
                f.createTable(s, "T2", "\"ID\" INTEGER NOT NULL, PRIMARY KEY (\"ID\")"));
        try (Pipeline p = pipeline("unlisted", s)) {
            p.start();
            p.awaitConverged(30_000);
            p.stop();
            long triggersOfBoth = Pipeline.count(f.url(), triggersOn(s));
            p.set("hanacdc.tables", s + ".T1").start();
            for (int i = 1; i <= 20; i++) {
                exec("INSERT INTO \"" + s + "\".\"T2\" VALUES (" + i + ")");
            }
            var unread = p.task().unread().current();
            assertEquals(List.of(s + ".T2 unlisted"), unread.stream().map(t -> t.id() + " " + t.state()).toList());
            try (Connection c = TestDatabases.connect(f.url())) {
                assertEquals(20, p.task().pendingRowsQuery(unread.get(0).id()).count(c, unread.get(0).appliedHigh()));
            }
            commands(p).uninstallTable(s + ".T2");
            assertEquals(triggersOfBoth / 2, Pipeline.count(f.url(), triggersOn(s)), "T2's triggers are gone, T1's stay");
            p.task().checkSchemas();
            assertEquals(List.of(), p.task().unread().current());
            exec("INSERT INTO \"" + s + "\".\"T2\" VALUES (100)", "INSERT INTO \"" + s + "\".\"T1\" VALUES (100)");
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
        } finally {
            dropSchemas(f, s);
        }
    }

    /** The catalog query counting the triggers on a schema's tables. */
    protected abstract String triggersOn(String schema);

    private static Commands commands(Pipeline p) {
        return new Commands(p.config(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    private static void uninstall(Pipeline p) throws Exception {
        commands(p).uninstall();
    }

    /**
     * hana-cdc check on this source: every probe of the dialect runs and passes (the live HANA suite is
     * where the HANA probes prove SAP's documented behaviour); probes of another source's assumptions
     * are skipped; the subscribed table is untouched and no scratch object or CDC schema is left.
     */
    @Test
    void preflightCheckRunsAndPassesEveryProbeOfThisSource() throws Exception {
        SourceFixture f = fixture();
        String s = f.freshSchema("check");
        exec(f.createTable(s, "ITEMS", "\"ID\" INTEGER NOT NULL, \"Name\" VARCHAR(100), PRIMARY KEY (\"ID\")"),
                "INSERT INTO \"" + s + "\".\"ITEMS\" VALUES (1, 'kept')");
        try (Pipeline p = pipeline("check", s)) {
            var cfg = p.config();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            boolean passed = new Preflight(cfg).check(new PrintStream(out, true, StandardCharsets.UTF_8), false);
            String text = out.toString(StandardCharsets.UTF_8);
            assertTrue(passed, text);
            for (Probe probe : SourceDialects.forUrl(cfg.source().url(), cfg.capture()).probes()) {
                String status = probe instanceof NotApplicable ? "SKIP" : "PASS";
                assertTrue(text.lines().anyMatch(l -> l.startsWith(status) && l.contains(probe.name())), probe.name() + ":\n" + text);
            }
            assertEquals(1, Pipeline.count(f.url(), "SELECT COUNT(*) FROM \"" + s + "\".\"ITEMS\" WHERE \"Name\" = 'kept'"));
            assertEquals(0, Pipeline.count(f.url(), triggersOn(s)), "no trigger on the subscribed table");
            assertEquals(0, Pipeline.count(f.url(), triggersOn(s + "_CDC")), "no scratch capture left");
        } finally {
            dropSchemas(f, s);
        }
    }
}
