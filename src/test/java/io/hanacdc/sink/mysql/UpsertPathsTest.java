package io.hanacdc.sink.mysql;

import io.hanacdc.sink.ValueRules;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CdcConfig.Endpoint;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.TargetNames;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.EmptyDate;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetRows;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.TestDatabases;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The two ways a batch of upserts reaches MariaDB — LOAD DATA into a stage, then INSERT ... SELECT
 * ... ON DUPLICATE KEY UPDATE, and the multi-row INSERT ... ON DUPLICATE KEY UPDATE — store exactly
 * the same values, and neither deletes what the upsert keeps, whatever the target gains meanwhile.
 * Which path ran is read from the server's Com_load and Com_insert_select counters.
 */
@IntegrationTest
class UpsertPathsTest {
    private static final List<SourceColumn> COLUMNS = List.of(
            col("id", ColumnType.of(Kind.BIGINT), false), col("i", ColumnType.of(Kind.INTEGER), true),
            col("s", ColumnType.of(Kind.SMALLINT), true), col("b", ColumnType.of(Kind.BOOLEAN), true),
            col("d", ColumnType.decimal(12, 2), true), col("fd", ColumnType.of(Kind.FLOATING_DECIMAL), true),
            col("r", ColumnType.of(Kind.REAL), true), col("dbl", ColumnType.of(Kind.DOUBLE), true),
            col("c", ColumnType.sized(Kind.CHAR, 3), true), col("v", ColumnType.sized(Kind.VARCHAR, 60), true),
            col("t", ColumnType.of(Kind.TEXT), true), col("vb", ColumnType.sized(Kind.VARBINARY, 300), true),
            col("bl", ColumnType.of(Kind.BLOB), true), col("dt", ColumnType.of(Kind.DATE), true),
            col("tm", ColumnType.fractional(Kind.TIME, 6), true), col("ts", ColumnType.fractional(Kind.TIMESTAMP, 6), true),
            col("j", ColumnType.of(Kind.JSON), true), col("big", ColumnType.of(Kind.BIGINT), true));
    private static final long[] LONGS = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 999_999_999_999_999_999L, -1_000_000_000_000_000_000L, 10, 7};
    private static final String[] TEXTS = {"tab\there", "line\nbreak\r\n", "back\\slash", "\\N", "", "nul\0byte", "😀 𝄞 emoji",
        "ünïcödé ß €", "lone \uD800 surrogate", "'quote\" `tick`", "\\", "ends with backslash\\", "x".repeat(60), "ab ", "  "};
    /** Binary values ending in what UTF-8 would read as the first byte of a character, right before the next field. */
    private static final byte[][] ENDINGS = {{}, {(byte) 0xf3}, {0x61, (byte) 0xe2}, {(byte) 0xc3}, {(byte) 0xf0, (byte) 0x9f}, {(byte) 0xff, 0x5c}};

    @Test
    void loadDataAndTheStatementStoreTheSameValues() throws Exception {
        String url = TestDatabases.freshMysql("upsert");
        try (MySqlTarget target = target(url, ""); MySqlTarget statements = target(url, "allowLocalInfile=false");
             Connection c = target.connection(); Connection sc = statements.connection()) {
            RowWriter load = writer(target, c, "by_load", ", extra INT NULL"); // a column not written stays as it is
            RowWriter statement = writer(statements, sc, "by_statement", ", extra INT NULL");
            List<Object[]> rows = rows(0);
            long before = loads(c);
            load.upsert(c, rows);
            statement.upsert(sc, rows);
            assertEquals(before + 1, loads(c), "the batch went through LOAD DATA");
            assertEquals(0, status(sc, "COM_INSERT_SELECT"), "the other through the statement (its driver refuses local files)");
            assertSameRows(c);
            exec(c, "UPDATE by_load SET extra = 5");
            exec(c, "UPDATE by_statement SET extra = 5");
            List<Object[]> changed = rows(7); // every row again with other values: both paths update
            load.upsert(c, changed);
            statement.upsert(sc, changed);
            assertEquals(before + 2, loads(c));
            assertSameRows(c);
            assertEquals(0, count(c, "SELECT COUNT(*) FROM by_load WHERE extra IS NULL"), "the upsert keeps columns it does not write");
        }
    }

    /** A live target gains a foreign key, a unique key and a delete trigger after LOAD DATA was first used: nothing is deleted. */
    @Test
    void keysAndTriggersAddedToTheTargetLaterDeleteNothing() throws Exception {
        try (MySqlTarget target = target(TestDatabases.freshMysql("upsert"), ""); Connection c = target.connection()) {
            RowWriter parent = writer(target, c, "parent", "");
            long before = loads(c);
            parent.upsert(c, rows(0));
            exec(c, "CREATE TABLE child (id BIGINT PRIMARY KEY, pid BIGINT, FOREIGN KEY (pid) REFERENCES parent (id) ON DELETE CASCADE) ENGINE=InnoDB");
            exec(c, "INSERT INTO child SELECT id, id FROM parent");
            exec(c, "ALTER TABLE parent ADD UNIQUE KEY id_s (id, s)");
            exec(c, "CREATE TABLE deleted (id BIGINT)");
            exec(c, "CREATE TRIGGER on_delete AFTER DELETE ON parent FOR EACH ROW INSERT INTO deleted VALUES (OLD.id)");
            List<Object[]> changed = rows(3);
            parent.upsert(c, changed);
            assertEquals(before + 2, loads(c), "both batches went through LOAD DATA");
            assertEquals(changed.size(), count(c, "SELECT COUNT(*) FROM child"), "no child row was deleted by cascade");
            assertEquals(0, count(c, "SELECT COUNT(*) FROM deleted"), "no parent row was deleted");
            assertEquals(((Number) changed.get(4)[2]).longValue(), count(c, "SELECT s FROM parent WHERE id = 4"), "the rows were updated");
        }
    }

    @Test
    void aDriverThatRefusesLocalFilesFallsBackInTheSameTransaction() throws Exception {
        try (MySqlTarget target = target(TestDatabases.freshMysql("upsert"), "allowLocalInfile=false"); Connection c = target.connection()) {
            RowWriter w = writer(target, c, "refused", "");
            c.setAutoCommit(false);
            exec(c, "INSERT INTO refused (id) VALUES (-1)");
            w.upsert(c, rows(0));
            c.commit();
            assertEquals(rows(0).size() + 1, count(c, "SELECT COUNT(*) FROM refused"));
        }
    }

    @Test
    void aValueTheColumnCannotHoldFailsTheBatchAsTheStatementWould() throws Exception {
        try (MySqlTarget target = target(TestDatabases.freshMysql("upsert"), ""); Connection c = target.connection()) {
            RowWriter w = writer(target, c, "strict", "");
            List<Object[]> rows = rows(0);
            rows.get(5)[9] = "y".repeat(61);
            SQLException e = assertThrows(SQLException.class, () -> w.upsert(c, rows));
            assertTrue(e.getMessage().contains("table s.strict") && e.getMessage().contains("column v: value " + "y".repeat(61))
                    && e.getMessage().contains("Data too long for column 'v'"), e.getMessage());
            assertEquals(0, count(c, "SELECT COUNT(*) FROM strict"));
        }
    }

    /**
     * What a change route may put in a row — a whole number too large for the column, text for a number, a decimal with
     * more places than the column keeps — never reaches the table changed: LOAD DATA LOCAL would clip or zero it (it
     * ignores strict mode) and a DECIMAL would round it, so each path refuses the batch naming table, column and value.
     */
    @Test
    void aValueAChangeRouteMadeThatTheColumnCannotHoldIsRefusedOnBothPaths() throws Exception {
        Object[][] wrong = {{1, 1L << 40, "1099511627776"}, {1, "abc", "abc"}, {2, 70_000, "70000"},
            {4, new BigDecimal("1.234"), "1.234"}, {4, new BigDecimal("12345678901.5"), "12345678901.5"}};
        try (MySqlTarget target = target(TestDatabases.freshMysql("upsert"), ""); Connection c = target.connection()) {
            RowWriter w = writer(target, c, "routed", "");
            for (Object[] bad : wrong) {
                for (int n : new int[] {40, 3}) {
                    List<Object[]> rows = rows(0).subList(0, n);
                    rows.get(1)[(int) bad[0]] = bad[1];
                    Exception e = assertThrows(Exception.class, () -> w.upsert(c, rows));
                    String column = COLUMNS.get((int) bad[0]).name();
                    assertTrue(e.getMessage().contains("table s.routed") && e.getMessage().contains("column " + column + ": value " + bad[2]),
                            n + " rows, " + bad[1] + ": " + e.getMessage());
                    assertEquals(0, count(c, "SELECT COUNT(*) FROM routed"), bad[1] + " in " + n + " rows: nothing written");
                }
            }
        }
    }

    /**
     * SAP HANA's empty dates, which a source reads as the neutral EmptyDate, are stored as MySQL's zero date on both paths
     * and read back (verify) as the same neutral value.
     */
    @Test
    void emptyDatesAreStoredAsTheZeroDateOnBothPaths() throws Exception {
        int dt = 13;
        int ts = 15;
        try (MySqlTarget target = target(TestDatabases.freshMysql("upsert"), ""); Connection c = target.connection()) {
            RowWriter w = writer(target, c, "empty", "");
            for (int n : new int[] {40, 3}) {
                List<Object[]> rows = rows(n).subList(0, n);
                rows.get(1)[dt] = EmptyDate.DATE;
                rows.get(1)[ts] = EmptyDate.TIMESTAMP;
                w.upsert(c, rows);
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CAST(dt AS CHAR), CAST(ts AS CHAR), dt, ts FROM empty WHERE id = 1")) {
                    assertTrue(rs.next());
                    assertEquals("0000-00-00", rs.getString(1), n + " rows");
                    assertEquals("0000-00-00 00:00:00", rs.getString(2).replaceFirst("\\.0+$", ""), n + " rows");
                    assertEquals(EmptyDate.DATE, TargetValues.read(rs, 3, COLUMNS.get(dt).type()), "read back as verify reads it");
                    assertEquals(EmptyDate.TIMESTAMP, TargetValues.read(rs, 4, COLUMNS.get(ts).type()));
                }
                exec(c, "DELETE FROM empty");
            }
        }
    }

    /** verify reads rows by a key holding SAP HANA's empty date, and the keys after one, binding it as the writer does. */
    @Test
    void verifyReadsByAKeyHoldingAnEmptyDate() throws Exception {
        try (MySqlTarget target = target(TestDatabases.freshMysql("upsert"), "")) {
            List<SourceColumn> cols = List.of(COLUMNS.get(0), COLUMNS.get(13), COLUMNS.get(1)); // id, dt, i
            MySqlTable t = new MySqlTable(target.database(), "dated", new SourceTable(new TableId("s", "dated"), cols, List.of("id", "dt")),
                    target.types());
            try (Connection c = target.connection()) {
                exec(c, t.createSql());
                new RowWriter(t, ColumnLimits.read(c, t)).upsert(c, List.of(new Object[] {1L, EmptyDate.DATE, 7},
                        new Object[] {1L, LocalDate.of(2024, 1, 1), 8}));
            }
            try (TargetSession s = target.session()) {
                TargetRows rows = target.rows(t);
                List<Object[]> read = rows.rowsByKey(s, List.<Object[]>of(new Object[] {1L, EmptyDate.DATE}));
                assertEquals(1, read.size());
                assertArrayEquals(new Object[] {1L, EmptyDate.DATE, 7}, read.get(0));
                List<Object[]> after = rows.keysAfter(s, Optional.empty(), new Object[] {1L, EmptyDate.DATE}, 10);
                assertEquals(1, after.size());
                assertArrayEquals(new Object[] {1L, LocalDate.of(2024, 1, 1)}, after.get(0));
            }
        }
    }

    private static List<Object[]> rows(int shift) {
        List<Object[]> rows = new ArrayList<>();
        for (int n = 0; n < 40; n++) {
            int k = n + shift;
            byte[] bytes = new byte[256];
            for (int b = 0; b < 256; b++) {
                bytes[b] = (byte) (b + k);
            }
            boolean nulls = n % 9 == 8;
            rows.add(nulls ? new Object[] {(long) n, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null}
                    : new Object[] {(long) n, k % 2 == 0 ? Integer.MAX_VALUE - k : Integer.MIN_VALUE + k, k * 7, k % 2 == 0,
                        BigDecimal.valueOf(9_999_999_999L - k, 2), new BigDecimal("123456789012345678901234567890.12345678901234567890123456789" + k % 10),
                        k % 3 == 0 ? 1.4e-45f : 0.1f * k, k % 3 == 0 ? 4.9e-324 : k % 3 == 1 ? 1.7976931348623157e308 : -0.0 - k / 3.0,
                        TEXTS[k % TEXTS.length].substring(0, Math.min(3, TEXTS[k % TEXTS.length].length())),
                        TEXTS[k % TEXTS.length], n == 20 ? "é\t".repeat(100_000 + k) : String.join("|", TEXTS).repeat(k % 4), bytes, ENDINGS[k % ENDINGS.length],
                        k % 2 == 0 ? LocalDate.of(1, 1, 1).plusDays(k) : LocalDate.of(9999, 12, 31).minusDays(k),
                        LocalTime.of(23, 59, 59, 999_999_000).minusSeconds(k), LocalDateTime.of(2024, 2, 29, 12, 0, 0, 123_456_000).plusHours(k),
                        "{\"k\": " + k + ", \"s\": \"a\\tb\"}", LONGS[k % LONGS.length]});
        }
        return rows;
    }

    private static void assertSameRows(Connection c) throws SQLException {
        String cols = String.join(", ", COLUMNS.stream().map(SourceColumn::name).toList());
        try (Statement s = c.createStatement(); Statement s2 = c.createStatement();
             ResultSet a = s.executeQuery("SELECT " + cols + " FROM by_load ORDER BY id");
             ResultSet b = s2.executeQuery("SELECT " + cols + " FROM by_statement ORDER BY id")) {
            int n = 0;
            while (a.next()) {
                assertTrue(b.next());
                for (int i = 1; i <= COLUMNS.size(); i++) {
                    Object expected = b.getObject(i);
                    Object actual = a.getObject(i);
                    assertTrue(Objects.deepEquals(expected, actual), "row " + a.getLong(1) + " column " + COLUMNS.get(i - 1).name()
                            + ": " + (expected instanceof byte[] e ? HexFormat.of().formatHex(e) : expected) + " but " + (actual instanceof byte[] x ? HexFormat.of().formatHex(x) : actual));
                }
                n++;
            }
            assertEquals(40, n);
            assertTrue(!b.next());
        }
    }

    private static RowWriter writer(MySqlTarget target, Connection c, String name, String extra) throws SQLException {
        MySqlTable t = new MySqlTable(target.database(), name, new SourceTable(new TableId("s", name), COLUMNS, List.of("id")), target.types());
        String create = t.createSql();
        int end = create.lastIndexOf(")");
        exec(c, create.substring(0, end) + extra + create.substring(end));
        return new RowWriter(t, ColumnLimits.read(c, t));
    }

    private static MySqlTarget target(String url, String settings) {
        return new MySqlTarget(new Endpoint(settings.isEmpty() ? url : url + (url.contains("?") ? "&" : "?") + settings, "", ""), 1, "", "test",
                TargetNames.load(new CdcConfig.Reader(k -> Optional.empty())), ValueRules.DEFAULT);
    }

    private static long loads(Connection c) throws SQLException {
        return status(c, "COM_LOAD");
    }

    private static long status(Connection c, String counter) throws SQLException {
        return count(c, "SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = '" + counter + "'");
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static SourceColumn col(String name, ColumnType type, boolean nullable) {
        return new SourceColumn(name, type.kind().name(), type, nullable);
    }
}
