package io.hanacdc.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.hanacdc.testing.BehaviourSuite;
import io.hanacdc.testing.BoundaryCase;
import io.hanacdc.testing.BoundaryCases;
import io.hanacdc.testing.BoundaryTables;
import io.hanacdc.testing.FreshSource;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.verify.Verifier;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The type conformance suite: for every source type the mappings accept, its boundary values and generated ones
 * (BoundaryCases) through every path a value takes to a target — the initial load's chunks, a batch staged by
 * LOAD DATA or COPY (16 rows and more), a batch of a few rows by statement, updates, deletes and upserts by a key of
 * that type, and the re-read of keys-only capture — each compared value by value as both databases print it, and by
 * verify. A value the target cannot hold stops its table on each path, naming the table, the column and the value, with
 * nothing of its batch written. Runs into every MariaDB release of the run and into PostgreSQL, whose types hold most
 * values MariaDB's refuse (TESTING.md "Fixtures").
 */
@MethodSource({"io.hanacdc.testing.FixtureMatrix#intoEveryMariaDb", "io.hanacdc.testing.FixtureMatrix#intoPostgres",
        "io.hanacdc.testing.FixtureMatrix#newestPostgres"})
class TypeBoundaryTest extends BehaviourSuite {
    private static final int BULK = 20;

    @Test
    void everyValueArrivesExactlyOnEveryPath() throws Exception {
        FreshSource s = fresh("bounds");
        BoundaryTables tables = new BoundaryTables(s, source.boundaryCases(target));
        tables.create();
        tables.insert(1, BULK, true);
        try (Pipeline p = s.pipeline(target)) {
            p.set("hanacdc.tables", tables.entries()).set("hanacdc.batch-size", "5000").start();
            tables.awaitCounts(p, 120_000);
            tables.assertSame(p, "initial load");

            tables.insert(10_000, BULK, false);
            tables.awaitCounts(p, 60_000);
            tables.assertSame(p, "batches of " + BULK + " rows and more (LOAD DATA)");

            for (int from = 0; from < maxValues(tables); from += 5) {
                tables.insertFew(20_000, from, 5);
                tables.awaitCounts(p, 60_000);
            }
            tables.assertSame(p, "batches of a few rows (statements)");

            tables.shiftValues(1, 1 + BULK);
            tables.shiftValues(20_000, 20_003);
            tables.touchAndDeleteByKey();
            p.tick();
            tables.awaitCounts(p, 60_000);
            tables.assertSame(p, "updates, and upserts and deletes by keys of every type");

            Verifier.Result[] result = new Verifier.Result[1];
            String report = p.verify(tables.entries(), result);
            assertEquals(0, result[0].differences(), report);
        }
    }

    /** With hanacdc.target.wide-numbers=text, numbers wider than DECIMAL(65,30) arrive as their exact text on every path. */
    @Test
    void numbersWiderThanMySqlsDecimalArriveExactlyAsText() throws Exception {
        source.assumePostgres("the wide numbers are PostgreSQL's numeric(p,s) and numeric; HANA's floating DECIMAL is in its own cases");
        target.assumeMysql("hanacdc.target.wide-numbers is MySQL/MariaDB's: PostgreSQL's numeric holds every value (the other cases)");
        FreshSource s = fresh("boundswide");
        BoundaryTables tables = new BoundaryTables(s, BoundaryCases.wideNumbersAsText());
        tables.create();
        tables.insert(1, BULK, true);
        try (Pipeline p = s.pipeline(target)) {
            p.set("hanacdc.tables", tables.entries()).set("hanacdc.target.wide-numbers", "text").start();
            tables.awaitCounts(p, 60_000);
            tables.insert(10_000, BULK, false);
            tables.insertFew(20_000, 0, 3);
            tables.awaitCounts(p, 60_000);
            tables.touchAndDeleteByKey();
            tables.awaitCounts(p, 60_000);
            tables.assertSame(p, "load, batches and key changes, numbers kept as text");
            Verifier.Result[] result = new Verifier.Result[1];
            String report = p.verify(tables.entries(), result);
            assertEquals(0, result[0].differences(), report);
        }
    }

    /** Keys-only capture re-reads each changed row from the source: the path of a row whose capture failed, and of HANA's moved keys. */
    @Test
    void everyValueArrivesExactlyWhenRowsAreReRead() throws Exception {
        FreshSource s = fresh("boundsreread");
        BoundaryTables tables = new BoundaryTables(s, source.boundaryCases(target));
        tables.create();
        try (Pipeline p = s.pipeline(target)) {
            p.set("hanacdc.tables", tables.entries()).set("hanacdc.capture.mode", "keys-only").set("hanacdc.batch-size", "5000").start();
            tables.awaitCounts(p, 60_000);
            tables.insert(1, BULK, true);
            tables.awaitCounts(p, 60_000);
            tables.insertFew(20_000, 0, 3);
            tables.awaitCounts(p, 60_000);
            tables.assertSame(p, "re-read of keys-only capture");
        }
    }

    /**
     * Each value the target cannot hold, in a table of its own per path: copied by the initial load, in a batch of
     * {@value #BULK} rows, alone in a batch, and re-read under keys-only capture. Each such table stops, its error naming
     * the table, the column and the value, and nothing of the failed batch is on the target; a table beside them streams on.
     */
    @Test
    void aValueTheTargetCannotHoldStopsItsTableNamingIt() throws Exception {
        List<Refused> refused = new ArrayList<>();
        for (BoundaryCase c : source.boundaryCases(target)) {
            for (int i = 0; i < c.refused().size(); i++) {
                refused.add(new Refused(c, c.refused().get(i), "r_" + c.name() + "_" + i));
            }
        }
        Assumptions.assumeFalse(refused.isEmpty(), () -> target + " holds every value of " + source + "'s types: nothing to refuse");
        FreshSource s = fresh("refused");
        List<String> paths = List.of("load", "bulk", "one");
        Map<String, Refused> byTable = new LinkedHashMap<>();
        s.exec(s.createTable("ok", "\"id\" INTEGER NOT NULL PRIMARY KEY"));
        for (BoundaryCase c : source.boundaryCases(target)) {
            if (!c.refused().isEmpty()) {
                s.exec(c.setup().toArray(String[]::new));
            }
        }
        for (Refused r : refused) {
            for (String path : paths) {
                s.exec(s.createTable(r.table + "_" + path, "\"id\" INTEGER NOT NULL PRIMARY KEY, \"v\" " + r.c.type()));
                byTable.put(r.table + "_" + path, r);
            }
            insert(s, r.table + "_load", r, BULK);
        }
        List<String> entries = new ArrayList<>(List.of(s.entry("ok")));
        byTable.keySet().forEach(t -> entries.add(s.entry(t)));
        try (Pipeline p = s.pipeline(target)) {
            p.set("hanacdc.tables", String.join(",", entries)).start();
            p.tick();
            for (Refused r : refused) {
                insert(s, r.table + "_bulk", r, BULK);
                insert(s, r.table + "_one", r, 1);
            }
            s.exec("INSERT INTO " + s.table("ok") + " VALUES (1)");
            awaitStopped(p, byTable);
            assertEquals(1, Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM " + p.targetTable("ok")), "a table beside them streams on");
        }
        FreshSource k = fresh("refusedreread");
        Map<String, Refused> reread = new LinkedHashMap<>();
        for (BoundaryCase c : source.boundaryCases(target)) {
            if (!c.refused().isEmpty()) {
                k.exec(c.setup().toArray(String[]::new));
            }
        }
        for (Refused r : refused) {
            k.exec(k.createTable(r.table, "\"id\" INTEGER NOT NULL PRIMARY KEY, \"v\" " + r.c.type()));
            reread.put(r.table, r);
        }
        try (Pipeline p = k.pipeline(target)) {
            p.set("hanacdc.tables", String.join(",", reread.keySet().stream().map(k::entry).toList())).set("hanacdc.capture.mode", "keys-only").start();
            p.tick();
            for (Refused r : refused) {
                insert(k, r.table, r, 3);
            }
            awaitStopped(p, reread);
        }
    }

    private record Refused(BoundaryCase c, BoundaryCase.Refusal value, String table) {}

    /** Rows with ids 1..n in one transaction, the refused value in the middle one, the case's first exact value in the others. */
    private static void insert(FreshSource s, String table, Refused r, int n) throws Exception {
        try (Connection c = TestDatabases.connect(s.url());
             PreparedStatement ps = c.prepareStatement("INSERT INTO " + s.table(table) + " VALUES (?, " + r.c.parameter() + ")")) {
            c.setAutoCommit(false);
            for (int i = 1; i <= n; i++) {
                ps.setInt(1, i);
                ps.setString(2, i == (n + 1) / 2 ? r.value.literal() : r.c.values().get(0));
                ps.executeUpdate();
            }
            c.commit();
        }
    }

    private static void awaitStopped(Pipeline p, Map<String, Refused> tables) throws Exception {
        long deadline = System.currentTimeMillis() + 120_000;
        Map<String, String> errors = new LinkedHashMap<>();
        while (errors.size() < tables.size() && System.currentTimeMillis() < deadline) {
            p.tick();
            for (TableWorker w : p.task().workers()) {
                TableStatus st = w.status();
                String name = w.table().id().name();
                if (tables.containsKey(name) && st.lastError() != null) { // retrying (docs/how-it-works.md "Failures"): nothing moves until it is corrected
                    errors.put(name, st.lastError());
                }
            }
            Thread.sleep(20);
        }
        List<String> wrong = new ArrayList<>();
        for (var e : tables.entrySet()) {
            String error = errors.get(e.getKey());
            Refused r = e.getValue();
            String what = r.c.type() + " value " + r.value.literal() + " in " + e.getKey();
            if (error == null) {
                wrong.add(what + ": the table did not stop; target rows: " + Pipeline.rows(p.targetUrl, "SELECT * FROM " + p.targetTable(e.getKey())));
            } else if (!error.contains(e.getKey()) || !error.contains("column v") || !error.contains(r.value.shownAs())) {
                wrong.add(what + ": the error does not name the table, column v and '" + r.value.shownAs() + "': " + error);
            } else if (Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM " + p.targetTable(e.getKey())) != 0) {
                wrong.add(what + ": rows of the failed batch reached the target");
            }
        }
        if (!wrong.isEmpty()) {
            fail(wrong.size() + " of " + tables.size() + " refusals went wrong:\n  " + String.join("\n  ", wrong));
        }
        assertTrue(errors.size() == tables.size());
    }

    private static int maxValues(BoundaryTables tables) {
        return tables.cases().stream().mapToInt(c -> c.values().size()).max().orElse(0);
    }
}
