package io.hanacdc.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.check.NotApplicable;
import io.hanacdc.check.Preflight;
import io.hanacdc.check.Probe;
import io.hanacdc.check.Probes;
import io.hanacdc.cli.DirectCommands;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.schema.TablePattern;
import io.hanacdc.testing.BehaviourSuite;
import io.hanacdc.testing.FreshSource;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.watermark.BatchQueryEquivalence;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The contract every source dialect is held to, in portable SQL: install, initial load, streaming of
 * inserts, updates, deletes, key changes (shifts and swaps in one statement too) and rollbacks,
 * keys-only capture, rows removed past the triggers found and loaded again, a table taken out of the
 * list and uninstalled alone, and an uninstall that leaves no capture object behind. Run on every
 * source fixture (PostgreSQL at both trigger levels, a live SAP HANA when configured), each into
 * every target fixture, on every run.
 */
@MethodSource("io.hanacdc.testing.FixtureMatrix#all")
class SourceBehaviourTest extends BehaviourSuite {
    /** A pipeline from the source into the target, subscribing every table of its schema. */
    private Pipeline pipeline(FreshSource s) throws Exception {
        return s.pipeline(target).set("hanacdc.tables", s.entry("*"));
    }

    /** The dialect's batch SQL on this very source selects what the watermark model selects (BatchQueryEquivalence). */
    @Test
    void batchQueryAgreesWithTheWatermarkModel() throws Exception {
        FreshSource s = fresh("batchsql");
        BatchQueryEquivalence.check(s.url(), SourceDialects.forUrl(s.url(), CaptureOptions.DEFAULT), s.schema(), s::createTable);
    }

    @Test
    void installSnapshotStreamAndUninstall() throws Exception {
        FreshSource s = fresh("cycle");
        String t = s.table("ITEMS");
        s.exec(s.createTable("ITEMS", "\"ID\" INTEGER NOT NULL, \"Name\" VARCHAR(100), \"PRICE\" DECIMAL(12,2), \"AT\" TIMESTAMP, PRIMARY KEY (\"ID\")"));
        for (int i = 1; i <= 30; i++) {
            s.exec("INSERT INTO " + t + " VALUES (" + i + ", 'item " + i + "', " + i + ".25, TIMESTAMP '2024-01-02 03:04:05.123456')");
        }
        try (Pipeline p = pipeline(s)) {
            p.start();
            p.awaitConverged(30_000);
            s.exec("UPDATE " + t + " SET \"PRICE\" = \"PRICE\" * 2 WHERE \"ID\" <= 10",
                    "DELETE FROM " + t + " WHERE \"ID\" BETWEEN 11 AND 15",
                    "UPDATE " + t + " SET \"ID\" = \"ID\" + 100 WHERE \"ID\" = 20",
                    "INSERT INTO " + t + " VALUES (200, 'new', NULL, NULL)");
            try (Connection c = TestDatabases.connect(s.url()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                st.execute("INSERT INTO " + t + " VALUES (300, 'rolled back', 1, NULL)");
                c.rollback();
            }
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
            assertEquals(0, s.triggersOn(s.schema()), "uninstall leaves no trigger");
        }
    }

    /**
     * The removal script of uninstall --print-sql, run statement by statement as printed (one session,
     * autocommit off as hdbsql -z runs it), leaves no trigger and no CDC schema.
     */
    @Test
    void printedRemovalScriptRunByHandLeavesNoCaptureObject() throws Exception {
        FreshSource s = fresh("script");
        s.exec(s.createTable("ITEMS", "\"ID\" INTEGER NOT NULL, PRIMARY KEY (\"ID\")"));
        try (Pipeline p = pipeline(s)) {
            p.start();
            p.stop();
            assertTrue(s.triggersOn(s.schema()) > 0);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            new DirectCommands(p.config(), new PrintStream(out, true, StandardCharsets.UTF_8)).printUninstall(Optional.empty());
            String script = out.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.startsWith("--")).collect(Collectors.joining("\n"));
            try (Connection c = TestDatabases.connect(s.taskUrl()); Statement st = c.createStatement()) {
                c.setAutoCommit(false);
                for (String statement : script.split(";\n")) {
                    if (!statement.isBlank()) {
                        st.execute(statement.strip());
                    }
                }
                c.commit();
            }
            assertEquals(0, s.triggersOn(s.schema()), "the script leaves no trigger");
            assertFalse(s.cdcSchemaExists(), "the script drops the CDC schema install created");
        }
    }

    /** DESIGN §5 in every dialect: capture follows added and dropped columns, rows before and after each change arrive right. */
    @Test
    void columnsAddedAndDroppedAreFollowed() throws Exception {
        FreshSource s = fresh("alter");
        String t = s.table("ITEMS");
        s.exec(s.createTable("ITEMS", "\"ID\" INTEGER NOT NULL, \"Name\" VARCHAR(100), \"OLD\" INTEGER, PRIMARY KEY (\"ID\")"),
                "INSERT INTO " + t + " VALUES (1, 'one', 1)");
        try (Pipeline p = pipeline(s)) {
            p.start();
            p.awaitConverged(30_000);
            s.exec("INSERT INTO " + t + " (\"ID\", \"Name\") VALUES (2, 'before')", s.addColumn("ITEMS", "\"NEW\" VARCHAR(20)"),
                    "UPDATE " + t + " SET \"NEW\" = 'during' WHERE \"ID\" = 1");
            p.task().checkSchemas();
            s.exec("INSERT INTO " + t + " (\"ID\", \"Name\", \"NEW\") VALUES (3, 'after', 'x')", s.dropColumn("ITEMS", "OLD"));
            p.task().checkSchemas();
            s.exec("UPDATE " + t + " SET \"Name\" = 'changed' WHERE \"ID\" = 2");
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
        }
    }

    /** Keys shifted onto each other and swapped in one statement: whatever order the rows are visited in, no live key is deleted. */
    @Test
    void keysShiftedAndSwappedInOneStatementArriveRight() throws Exception {
        FreshSource s = fresh("shift");
        String t = s.table("ITEMS");
        s.exec(s.createTable("ITEMS", "\"ID\" INTEGER NOT NULL, \"V\" VARCHAR(20), " + s.shiftableKey("\"ID\"")));
        for (int i : new int[] {1, 2, 3, 10, 11}) {
            s.exec("INSERT INTO " + t + " VALUES (" + i + ", 'was " + i + "')");
        }
        try (Pipeline p = pipeline(s)) {
            p.start();
            p.awaitConverged(30_000);
            s.exec("UPDATE " + t + " SET \"ID\" = \"ID\" + 1 WHERE \"ID\" <= 3", "UPDATE " + t + " SET \"ID\" = 21 - \"ID\" WHERE \"ID\" >= 10");
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
        }
    }

    /** Rows removed past the capture triggers (on SAP HANA a TRUNCATE TABLE) are found by the vanished-row check and loaded again. */
    @Test
    void aTableEmptiedPastItsTriggersIsLoadedAgain() throws Exception {
        FreshSource s = fresh("vanish");
        String t = s.table("ITEMS");
        s.exec(s.createTable("ITEMS", "\"ID\" INTEGER NOT NULL, \"V\" VARCHAR(20), PRIMARY KEY (\"ID\")"));
        for (int i = 1; i <= 20; i++) {
            s.exec("INSERT INTO " + t + " VALUES (" + i + ", 'loaded')");
        }
        try (Pipeline p = pipeline(s).set("hanacdc.vanish-check.interval-s", "1")) {
            p.start();
            p.awaitConverged(30_000);
            s.exec(s.emptyPastTriggers("ITEMS"));
            s.exec("INSERT INTO " + t + " VALUES (100, 'after')");
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
        }
    }

    @Test
    void keysOnlyCaptureConverges() throws Exception {
        FreshSource s = fresh("keys");
        String t = s.table("W");
        s.exec(s.createTable("W", "\"A\" INTEGER NOT NULL, \"B\" VARCHAR(20) NOT NULL, \"V\" VARCHAR(200), PRIMARY KEY (\"A\", \"B\")"));
        try (Pipeline p = pipeline(s).set("hanacdc.capture.mode", "keys-only")) {
            p.start();
            for (int i = 1; i <= 20; i++) {
                s.exec("INSERT INTO " + t + " VALUES (" + i + ", 'k', 'v" + i + "')");
            }
            s.exec("UPDATE " + t + " SET \"V\" = 'changed' WHERE \"A\" < 5", "DELETE FROM " + t + " WHERE \"A\" = 7",
                    "UPDATE " + t + " SET \"B\" = 'moved' WHERE \"A\" = 9");
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
        }
    }

    /**
     * A table taken out of hanacdc.tables is named as unread capture, its CDC rows are counted, and
     * uninstall --table removes its capture alone while the listed table streams on.
     */
    @Test
    void aTableNoLongerListedIsNamedUntilItsCaptureIsUninstalled() throws Exception {
        FreshSource s = fresh("unlisted");
        s.exec(s.createTable("T1", "\"ID\" INTEGER NOT NULL, PRIMARY KEY (\"ID\")"),
                s.createTable("T2", "\"ID\" INTEGER NOT NULL, PRIMARY KEY (\"ID\")"));
        try (Pipeline p = pipeline(s)) {
            p.start();
            p.awaitConverged(30_000);
            p.stop();
            long triggersOfBoth = s.triggersOn(s.schema());
            p.set("hanacdc.tables", s.entry("T1")).start();
            for (int i = 1; i <= 20; i++) {
                s.exec("INSERT INTO " + s.table("T2") + " VALUES (" + i + ")");
            }
            var unread = p.task().unread().current();
            assertEquals(List.of(s.schema() + ".T2 unlisted"), unread.stream().map(t -> t.id() + " " + t.state()).toList());
            try (Connection c = TestDatabases.connect(s.taskUrl())) { // the CDC rows, as the task's user reads them
                assertEquals(Map.of(0, 20L), p.task().pendingRowsQuery(List.of(unread.get(0).id())).count(c, List.of(unread.get(0).appliedHigh())));
            }
            commands(p).uninstallTable(s.entry("T2"));
            assertEquals(triggersOfBoth / 2, s.triggersOn(s.schema()), "T2's triggers are gone, T1's stay");
            p.task().checkSchemas();
            assertEquals(List.of(), p.task().unread().current());
            s.exec("INSERT INTO " + s.table("T2") + " VALUES (100)", "INSERT INTO " + s.table("T1") + " VALUES (100)");
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
        }
    }

    /**
     * The off-switch on every source: suspend disables the table's capture triggers at once, the schema check leaves them
     * off, writes meanwhile are not captured; resume re-creates them and the table is loaded anew, so the target ends equal
     * to the source, a row deleted while suspended included. Run as the task's user, which created the triggers (on SAP HANA
     * with TRIGGER on the schema: the live run shows whether that lets it disable them).
     */
    @Test
    void suspendedCaptureStaysOffUntilResumeThenTheTableIsLoadedAnew() throws Exception {
        FreshSource s = fresh("suspend");
        String t = s.table("ITEMS");
        s.exec(s.createTable("ITEMS", "\"ID\" INTEGER NOT NULL, \"V\" VARCHAR(20), PRIMARY KEY (\"ID\")"));
        for (int i = 1; i <= 5; i++) {
            s.exec("INSERT INTO " + t + " VALUES (" + i + ", 'v" + i + "')");
        }
        try (Pipeline p = pipeline(s)) {
            CdcConfig.Endpoint owner = p.config().source();
            p.start();
            p.awaitConverged(30_000);
            long capturing = s.enabledTriggersOn(s.schema());
            commands(p).suspendOrResume(true, Optional.of(s.entry("ITEMS")), owner);
            assertEquals(0, s.enabledTriggersOn(s.schema()), "capture triggers disabled");
            s.exec("INSERT INTO " + t + " VALUES (6, 'suspended')", "UPDATE " + t + " SET \"V\" = 'changed' WHERE \"ID\" = 1",
                    "DELETE FROM " + t + " WHERE \"ID\" = 2");
            p.task().checkSchemas();
            assertEquals(0, s.enabledTriggersOn(s.schema()), "the schema check leaves suspended triggers off");
            commands(p).suspendOrResume(false, Optional.of(s.entry("ITEMS")), owner);
            assertEquals(capturing, s.enabledTriggersOn(s.schema()), "capture triggers back");
            p.task().checkSchemas();
            p.awaitConverged(30_000);
            p.stop();
            uninstall(p);
        }
    }

    private static DirectCommands commands(Pipeline p) {
        return new DirectCommands(p.config(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    private static void uninstall(Pipeline p) throws Exception {
        commands(p).uninstall();
    }

    /**
     * hana-cdc check on this source: every probe of the dialect runs and passes (the live HANA run is
     * where the HANA probes prove SAP's documented behaviour); probes of another source's assumptions
     * are skipped; the subscribed table is untouched and no scratch object or CDC schema is left.
     */
    @Test
    void preflightCheckRunsAndPassesEveryProbeOfThisSource() throws Exception {
        FreshSource s = fresh("check");
        s.exec(s.createTable("ITEMS", "\"ID\" INTEGER NOT NULL, \"Name\" VARCHAR(100), PRIMARY KEY (\"ID\")"),
                "INSERT INTO " + s.table("ITEMS") + " VALUES (1, 'kept')");
        try (Pipeline p = pipeline(s)) {
            var cfg = p.config();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            String ownerUser = System.getenv().getOrDefault("HANACDC_TEST_HANA_OWNER_USER", "");
            Optional<CdcConfig.Endpoint> writer = ownerUser.isEmpty() || s.url().equals(s.taskUrl()) ? Optional.empty()
                    : Optional.of(new CdcConfig.Endpoint(s.url(), ownerUser, System.getenv().getOrDefault("HANACDC_TEST_HANA_OWNER_PASSWORD", "")));
            boolean passed = new Preflight(cfg, writer).check(new PrintStream(out, true, StandardCharsets.UTF_8), false);
            String text = out.toString(StandardCharsets.UTF_8);
            assertTrue(passed, text);
            for (Probe probe : Probes.ofSource(SourceDialects.forUrl(cfg.source().url(), cfg.capture()))) {
                String status = probe instanceof NotApplicable ? "SKIP" : "PASS";
                boolean oneHost = probe.name().equals("scale-out transactions") && text.contains("index server(s) listed in M_SERVICES");
                assertTrue(oneHost || text.lines().anyMatch(l -> l.startsWith(status) && l.contains(probe.name())), probe.name() + ":\n" + text);
            }
            if (writer.isPresent()) { // the owner writes a table it may write and nothing of capture's: whose rights the triggers run with
                assertTrue(text.lines().anyMatch(l -> l.startsWith("PASS") && l.contains("writer rights")), text);
            }
            assertEquals(1, s.count("SELECT COUNT(*) FROM " + s.table("ITEMS") + " WHERE \"Name\" = 'kept'"));
            assertEquals(0, s.triggersOn(s.schema()), "no trigger on the subscribed table");
            assertEquals(0, s.triggersOn(s.cdcSchema()), "no scratch capture left");
        }
    }

    /**
     * A table without a primary key takes its unique key over NOT NULL columns as its key (not one that allows NULL):
     * the load, updates, a change of that key and deletes arrive, and status names the index; a table whose only unique key
     * allows NULL is refused.
     */
    @Test
    void aUniqueKeyOverNotNullColumnsServesAsTheKey() throws Exception {
        FreshSource s = fresh("ukey");
        String t = s.table("CODES");
        s.exec(s.createTable("CODES", "\"SPARE\" INTEGER, \"REGION\" VARCHAR(8) NOT NULL, \"CODE\" INTEGER NOT NULL, \"NAME\" VARCHAR(40),"
                        + " UNIQUE (\"SPARE\"), UNIQUE (\"REGION\", \"CODE\")"),
                s.createTable("LOOSE", "\"A\" INTEGER, \"B\" INTEGER, UNIQUE (\"A\")"));
        for (int i = 1; i <= 20; i++) {
            s.exec("INSERT INTO " + t + " VALUES (" + (i % 2 == 0 ? i : "NULL") + ", 'EU', " + i + ", 'code " + i + "')");
        }
        try (Connection c = TestDatabases.connect(s.url())) {
            TableResolver.Resolved r = new TableResolver(SourceDialects.forUrl(s.url(), CaptureOptions.DEFAULT), s.cdcSchema())
                    .resolve(c, TablePattern.parseList(s.entry("*")));
            assertEquals(List.of(List.of("REGION", "CODE")), r.tables().stream().map(SourceTable::primaryKey).toList());
            String refused = r.refused().get(new TableId(s.schema(), "LOOSE"));
            assertTrue(refused != null && refused.contains("nor a unique index over NOT NULL columns"), String.valueOf(refused));
        }
        try (Pipeline p = s.pipeline(target).set("hanacdc.tables", s.entry("CODES"))) {
            String key = p.start().workers().stream().filter(w -> w.table().id().name().equals("CODES")).findFirst().orElseThrow().status().key();
            assertTrue(key.startsWith("unique index ") && key.endsWith(" (REGION, CODE)"), "status says which index is the key: " + key);
            p.awaitConverged(30_000);
            s.exec("UPDATE " + t + " SET \"NAME\" = 'renamed' WHERE \"CODE\" <= 5",
                    "UPDATE " + t + " SET \"CODE\" = \"CODE\" + 100 WHERE \"CODE\" = 7",
                    "DELETE FROM " + t + " WHERE \"CODE\" BETWEEN 10 AND 12",
                    "INSERT INTO " + t + " VALUES (NULL, 'US', 1, 'same code, other region')");
            p.awaitConverged(30_000);
        }
    }
}
