package io.hanacdc.testing;

import static org.junit.jupiter.api.Assertions.fail;

import io.hanacdc.pipeline.TableStatus;
import io.hanacdc.pipeline.TableWorker;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The tables of the type conformance suite on one source: per case a table keyed by an integer ({@code b_<case>}:
 * id, v) and, for a type that can be a key, one keyed by the value itself ({@code k_<case>}: v, n). It writes values
 * on the source and compares each table's rows with the target's, value by value, as each database prints them.
 */
public final class BoundaryTables {
    private final FreshSource source;
    private final List<BoundaryCase> cases;

    public BoundaryTables(FreshSource source, List<BoundaryCase> cases) {
        this.source = source;
        this.cases = cases;
    }

    public List<BoundaryCase> cases() {
        return cases;
    }

    /** Creates the types the cases need and their tables. */
    public void create() throws SQLException {
        for (BoundaryCase c : cases) {
            source.exec(c.setup().toArray(String[]::new));
            source.exec(source.createTable(byId(c), "\"id\" INTEGER NOT NULL PRIMARY KEY, \"v\" " + c.type()));
            if (c.keyable()) {
                source.exec(source.createTable(byValue(c), "\"v\" " + c.type() + " NOT NULL PRIMARY KEY, \"n\" INTEGER"));
            }
        }
    }

    /** hanacdc.tables for every table of the cases. */
    public String entries() {
        List<String> out = new ArrayList<>();
        for (BoundaryCase c : cases) {
            out.add(source.entry(byId(c)));
            if (c.keyable()) {
                out.add(source.entry(byValue(c)));
            }
        }
        return String.join(",", out);
    }

    public static String byId(BoundaryCase c) {
        return "b_" + c.name();
    }

    public static String byValue(BoundaryCase c) {
        return "k_" + c.name();
    }

    /**
     * Inserts, in one transaction per table, at least {@code minRows} rows with ids from {@code firstId}, cycling through
     * the case's values; and each value once as a key of its keyed table, when {@code keys}.
     */
    public void insert(int firstId, int minRows, boolean keys) throws SQLException {
        try (Connection c = TestDatabases.connect(source.url())) {
            c.setAutoCommit(false);
            for (BoundaryCase bc : cases) {
                int rows = Math.max(minRows, bc.values().size());
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + source.table(byId(bc)) + " (\"id\", \"v\") VALUES (?, " + bc.parameter() + ")")) {
                    for (int i = 0; i < rows; i++) {
                        ps.setInt(1, firstId + i);
                        ps.setString(2, bc.values().get(i % bc.values().size()));
                        ps.executeUpdate();
                    }
                }
                if (keys && bc.keyable()) {
                    try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + source.table(byValue(bc)) + " (\"v\", \"n\") SELECT " + bc.parameter() + ", 0 FROM "
                            + source.dummy() + " WHERE NOT EXISTS (SELECT 1 FROM " + source.table(byValue(bc)) + " WHERE \"v\" = " + bc.parameter() + ")")) {
                        for (String v : bc.values()) {
                            ps.setString(1, v);
                            ps.setString(2, v);
                            ps.executeUpdate();
                        }
                    }
                }
                c.commit();
            }
        }
    }

    /** Inserts rows of the given values (one transaction per table): a batch of a few rows, the statement path. */
    public void insertFew(int firstId, int from, int count) throws SQLException {
        try (Connection c = TestDatabases.connect(source.url())) {
            c.setAutoCommit(false);
            for (BoundaryCase bc : cases) {
                try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + source.table(byId(bc)) + " (\"id\", \"v\") VALUES (?, " + bc.parameter() + ")")) {
                    for (int i = from; i < Math.min(from + count, bc.values().size()); i++) {
                        ps.setInt(1, firstId + i);
                        ps.setString(2, bc.values().get(i));
                        ps.executeUpdate();
                    }
                }
                c.commit();
            }
        }
    }

    /** Sets every row with an id in [from, to) to the case's next value, one transaction per table. */
    public void shiftValues(int from, int to) throws SQLException {
        try (Connection c = TestDatabases.connect(source.url())) {
            c.setAutoCommit(false);
            for (BoundaryCase bc : cases) {
                try (PreparedStatement ps = c.prepareStatement("UPDATE " + source.table(byId(bc)) + " SET \"v\" = " + bc.parameter() + " WHERE \"id\" = ?")) {
                    for (int id = from; id < to; id++) {
                        ps.setString(1, bc.values().get((id + 1) % bc.values().size()));
                        ps.setInt(2, id);
                        ps.executeUpdate();
                    }
                }
                c.commit();
            }
        }
    }

    /** Updates every keyed row (the upsert finds it by its key) and deletes every other value's row by its key. */
    public void touchAndDeleteByKey() throws SQLException {
        try (Connection c = TestDatabases.connect(source.url())) {
            c.setAutoCommit(false);
            for (BoundaryCase bc : cases) {
                if (!bc.keyable()) {
                    continue;
                }
                try (Statement s = c.createStatement()) {
                    s.executeUpdate("UPDATE " + source.table(byValue(bc)) + " SET \"n\" = \"n\" + 1");
                }
                try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + source.table(byValue(bc)) + " WHERE \"v\" = " + bc.parameter())) {
                    for (int i = 0; i < bc.values().size(); i += 2) {
                        ps.setString(1, bc.values().get(i));
                        ps.executeUpdate();
                    }
                }
                c.commit();
            }
        }
    }

    /** Ticks until every table's target has as many rows as its source; fails naming a table that stopped, or on time-out. */
    public void awaitCounts(Pipeline p, long timeoutMillis) throws Exception {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (true) {
            p.tick();
            for (TableWorker w : p.task().workers()) {
                TableStatus st = w.status();
                if (st.lastError() != null) { // stopped, or retrying a batch the target refused: no value here may be refused
                    fail("table " + st.table() + " is " + st.state() + " (seed " + BoundaryCases.SEED + "): " + st.lastError());
                }
            }
            List<String> behind = behind(p);
            if (behind.isEmpty()) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                fail("tables did not catch up: " + behind);
            }
            Thread.sleep(20);
        }
    }

    private List<String> behind(Pipeline p) throws SQLException {
        List<String> out = new ArrayList<>();
        for (BoundaryCase bc : cases) {
            for (String t : bc.keyable() ? List.of(byId(bc), byValue(bc)) : List.of(byId(bc))) {
                long want = source.count("SELECT COUNT(*) FROM " + source.table(t));
                long have = Pipeline.count(p.targetUrl, "SELECT COUNT(*) FROM " + p.targetTable(t));
                if (want != have) {
                    out.add(t + " " + have + "/" + want);
                }
            }
        }
        return out;
    }

    /** Every value of every table as the source and the target print it, compared by the case's rule; all differences at once. */
    public void assertSame(Pipeline p, String path) throws SQLException {
        List<String> wrong = new ArrayList<>();
        for (BoundaryCase bc : cases) {
            compare(bc, byId(bc), false, p, wrong);
            if (bc.keyable()) {
                compare(bc, byValue(bc), true, p, wrong);
            }
        }
        if (!wrong.isEmpty()) {
            fail(wrong.size() + " value(s) did not arrive exactly after the " + path + " (seed " + BoundaryCases.SEED + "):\n  "
                    + wrong.stream().limit(60).collect(Collectors.joining("\n  ")));
        }
    }

    private void compare(BoundaryCase bc, String table, boolean keyedByValue, Pipeline p, List<String> wrong) throws SQLException {
        Map<String, List<String>> src = read(source.url(), "SELECT " + (keyedByValue ? "\"n\"" : "\"id\"") + ", " + bc.sourceText().formatted("\"v\"")
                + " FROM " + source.table(table), bc, keyedByValue);
        Map<String, List<String>> dst = read(p.targetUrl, "SELECT " + p.targetTable(keyedByValue ? "n" : "id") + ", "
                + bc.targetText().formatted(p.targetTable("v")) + " FROM " + p.targetTable(table), bc, keyedByValue);
        // rows compared as multisets of (other column, value): the keyed table's order differs between the databases' collations
        if (!src.equals(dst)) {
            for (String key : src.keySet()) {
                if (!src.get(key).equals(dst.get(key))) {
                    wrong.add(bc.type() + " (" + table + ") " + key + ": source " + src.get(key) + ", target " + dst.get(key));
                }
            }
            for (String key : dst.keySet()) {
                if (!src.containsKey(key)) {
                    wrong.add(bc.type() + " (" + table + ") " + key + ": only on the target " + dst.get(key));
                }
            }
        }
    }

    /** Rows by id (id → value) or, for a table keyed by the value, by value (value → its other column). */
    private static Map<String, List<String>> read(String url, String sql, BoundaryCase bc, boolean keyedByValue) throws SQLException {
        Map<String, List<String>> out = new TreeMap<>();
        try (Connection c = TestDatabases.connect(url); Statement s = c.createStatement()) {
            if (url.startsWith("jdbc:postgresql:")) { // the task's own sessions read so too
                s.execute("SET TimeZone = 'UTC'");
                s.execute("SET IntervalStyle = 'iso_8601'");
            }
            try (ResultSet rs = s.executeQuery(sql)) {
                while (rs.next()) {
                    String value = bc.compare().normalize(rs.getString(2));
                    String other = rs.getString(1);
                    String key = keyedByValue ? "value " + abbreviated(value) : "id " + other;
                    out.computeIfAbsent(key, k -> new ArrayList<>()).add(keyedByValue ? "n=" + other : abbreviated(value));
                }
            }
        }
        return out;
    }

    private static String abbreviated(String v) {
        return v.length() <= 120 ? "'" + v + "'" : "'" + v.substring(0, 60) + "…' (" + v.length() + " characters, hash " + v.hashCode() + ")";
    }

}
