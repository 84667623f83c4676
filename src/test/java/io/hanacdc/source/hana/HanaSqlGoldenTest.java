package io.hanacdc.source.hana;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.GoldenFiles;
import io.hanacdc.capture.CaptureEvolver;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.TableStamp;
import io.hanacdc.stream.BatchQuery;
import io.hanacdc.stream.PendingRowsQuery;
import io.hanacdc.stream.VanishQueries;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every statement the HANA dialect emits, pinned as golden text (src/test/resources/golden/hana-*.sql;
 * written only by an explicit -Dgolden.update=true run, see GoldenFiles), and checked against the rules of SAP's
 * HANA SQL reference (SAP-docs/sap-hana-cloud-hana-database, docs/sql-ref/…): CREATE TRIGGER
 * (create-trigger-statement-data-definition-20d5a65.md), CREATE SEQUENCE (…-20d5092.md), SELECT and
 * the IN predicate (select-statement…-20fcf24.md, in-predicate-20f9d29.md), DO BEGIN…END
 * (do-begin-end-statement-procedural-5210385.md).
 */
class HanaSqlGoldenTest {
    private static final String HOSTILE = "Order \"Lines\" ü";
    private static final String LONG = "T".repeat(70) + "ä".repeat(40);

    static SourceTable sample() {
        List<SourceColumn> cols = new ArrayList<>();
        cols.add(column("select", "INTEGER", 10, 0, false));
        cols.add(column("Line No", "BIGINT", 19, 0, false));
        cols.add(column("qty", "TINYINT", 3, 0, true));
        cols.add(column("price", "DECIMAL", 15, 2, true));
        cols.add(column("exact", "DECIMAL", 34, -1, true));
        cols.add(column("small", "SMALLDECIMAL", 16, -1, true));
        cols.add(column("text", "NVARCHAR", 5000, 0, true));
        cols.add(column("code", "ALPHANUM", 10, 0, true));
        cols.add(column("doc", "NCLOB", 0, 0, true));
        cols.add(column("raw", "VARBINARY", 16, 0, true));
        cols.add(column("day", "DATE", 10, 0, true));
        cols.add(column("at", "TIMESTAMP", 27, 7, true));
        cols.add(column("sec", "SECONDDATE", 19, 0, true));
        cols.add(column("flag", "BOOLEAN", 1, 0, true));
        cols.add(column("shape", "ST_GEOMETRY", 0, 0, true));
        cols.add(column("emb", "REAL_VECTOR", 3, 0, true));
        return new SourceTable(new TableId("SALES", HOSTILE), cols, List.of("select", "Line No"));
    }

    private static SourceColumn column(String name, String type, int length, int scale, boolean nullable) {
        int srid = HanaTypes.isSpatial(type) ? 4326 : -1;
        return new SourceColumn(name, HanaTypes.ddl(name, type, length, scale, srid), HanaTypes.map(name, type, length, scale), nullable);
    }

    private static SourceTable longNamed() {
        return new SourceTable(new TableId("SALES", LONG), List.of(column("ID", "INTEGER", 10, 0, false)), List.of("ID"));
    }

    private static List<String> script(CaptureOptions options) {
        HanaDialect hana = new HanaDialect(options);
        return new CaptureInstaller(hana, new CaptureNames("CDC", hana.maxIdentifierBytes()), "task", Duration.ofSeconds(10))
                .script(List.of(sample(), longNamed()));
    }

    /** The install statements one by one, as the script's block runs them. */
    private static List<String> statements(CaptureOptions options) {
        HanaDialect hana = new HanaDialect(options);
        CaptureNames names = new CaptureNames("CDC", hana.maxIdentifierBytes());
        List<String> out = new ArrayList<>(hana.captureSql(names).installShared());
        for (SourceTable t : List.of(sample(), longNamed())) {
            out.addAll(hana.captureSql(names).installTable(io.hanacdc.source.CaptureLayout.initial(t, options.keysOnly())));
        }
        return out;
    }

    private static void golden(String name, List<String> statements) throws IOException {
        GoldenFiles.assertMatches(name, statements);
    }

    @Test
    void installScriptMatchesGolden() throws IOException {
        golden("hana-install.sql", script(CaptureOptions.DEFAULT));
        golden("hana-install-keys-only-fail.sql", script(new CaptureOptions(true, false)));
    }

    @Test
    void uninstallAndQueriesMatchGolden() throws IOException {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        CaptureNames names = new CaptureNames("CDC", 127);
        List<String> out = new ArrayList<>(hana.captureSql(names).uninstallTable(sample().id()));
        out.addAll(hana.captureSql(names).uninstallShared());
        out.add(HanaDialect.TABLES);
        String two = io.hanacdc.source.CatalogReads.anyOf("c.SCHEMA_NAME", "c.TABLE_NAME", List.of(sample().id(), new io.hanacdc.schema.TableId("SALES", "Orders")));
        out.add(HanaTableCatalog.COLUMNS.formatted(two));
        out.add(HanaTableCatalog.PRIMARY_KEYS.formatted(two));
        out.add(HanaKeys.UNIQUE_INDEXES.formatted(two));
        out.add(HanaDialect.ESTIMATE);
        out.add(HanaDialect.OPEN_TRANSACTIONS);
        out.add(HanaDialect.CATALOG_READ);
        out.add(HanaDialect.TRIGGERS.formatted(io.hanacdc.source.CatalogReads.anyOf("c.SCHEMA_NAME", "c.TABLE_NAME",
                List.of(sample().id(), new io.hanacdc.schema.TableId("SALES", "Orders")))));
        out.addAll(hana.captureSql(names).uninstallTriggers(sample().id()));
        out.addAll(hana.captureSql(names).installTriggers(new io.hanacdc.source.CaptureLayout(sample(), 3, sample().columnNames())));
        out.add("SELECT " + hana.highWaterMark(names));
        out.add("WHERE " + hana.keyAfterPredicate(sample().keyColumns()));
        SourceTable t = sample();
        BatchQuery q = new BatchQuery(hana, hana.qualified("CDC", names.cdcTable(t.id())), t.columns());
        Watermark base = new Watermark(100, new long[] {7, 9});
        out.add(q.sql(StreamRange.at(base).open(new Watermark(250, new long[] {9, 12})), 5000));
        out.add(q.sql(StreamRange.at(new Watermark(100, new long[0])).open(new Watermark(250, new long[0])), 5000));
        out.addAll(new io.hanacdc.stream.PendingTablesQuery(hana, List.of(names.captureTables(hana, t.id()),
                names.captureTables(hana, new io.hanacdc.schema.TableId("SALES", "Orders")))).statements());
        out.add(HanaDialect.SCHEMA_ROWS);
        out.add(new HanaDialect(CaptureOptions.DEFAULT.withCdcPartitions(4)).captureSql(names).installTable(io.hanacdc.source.CaptureLayout.initial(longNamed(), false)).get(0));
        golden("hana-queries.sql", out);
    }

    /**
     * A schema change: the catalog poll, and what moves capture to version 2 after "price" was widened
     * and renamed (a new CDC column, since its type changed) and "note" added (ALTER TABLE ... ADD (...),
     * LOCK TABLE ... IN EXCLUSIVE MODE: alter-table-statement-data-definition-20d329a.md, lock-table-statement-transaction-management-20f88d8.md).
     */
    @Test
    void schemaChangeStatementsMatchGolden() throws IOException {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        CaptureNames names = new CaptureNames("CDC", 127);
        var sql = hana.captureSql(names);
        SourceTable before = sample();
        List<SourceColumn> cols = new ArrayList<>(before.columns());
        cols.set(3, column("unit price", "DECIMAL", 17, 2, true));
        cols.add(column("note", "NVARCHAR", 40, 0, true));
        SourceTable after = new SourceTable(before.id(), cols, before.primaryKey());
        List<String> cdc = new ArrayList<>(before.columnNames());
        cdc.set(3, "unit price");
        cdc.add("note");
        var v1 = io.hanacdc.source.CaptureLayout.initial(before, false);
        var v2 = new io.hanacdc.source.CaptureLayout(after, 2, cdc);
        List<String> out = new ArrayList<>();
        out.add(HanaDialect.STAMPS.formatted(io.hanacdc.source.CatalogReads.anyOf("c.SCHEMA_NAME", "c.TABLE_NAME",
                List.of(before.id(), longNamed().id()))));
        out.add(sql.lockSource(after.id()));
        out.addAll(sql.addCdcColumns(after.id(), List.of(cols.get(3), cols.get(cols.size() - 1))));
        out.addAll(sql.uninstallTriggers(after.id()));
        out.addAll(sql.installTriggers(v2));
        out.add(sql.resyncKeys(v1, v2, 4711));
        golden("hana-schema-change.sql", out);
    }

    /**
     * The counts of many tables in one statement (metrics, API, and status of a table no task reads): CDC rows not
     * applied, each a subquery with ORDER BY and LIMIT in a FROM clause, joined by UNION ALL, as SAP-docs/sap-hana-cloud-hana-database
     * docs/sql-ref/010-SQL-Reference/012-SQL-Statements/select-statement-data-manipulation-20fcf24.md
     * has {@code <subquery> ::= … [ <order_by_clause> <limit_clause> ]} and {@code ( <select_statement> ) [ [ AS ] <subquery_alias> ]};
     * and rows held back per open transaction, a GROUP BY per CDC table, joined the same way.
     */
    @Test
    void pendingRowsQueryMatchesGolden() throws IOException {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        CaptureNames names = new CaptureNames("CDC", 127);
        PendingRowsQuery q = new PendingRowsQuery(hana, List.of(names.captureTables(hana, sample().id()),
                names.captureTables(hana, new io.hanacdc.schema.TableId("SALES", "Orders"))));
        List<String> out = new ArrayList<>(q.statements());
        io.hanacdc.stream.HeldBackQuery held = new io.hanacdc.stream.HeldBackQuery(hana, List.of(hana.qualified("CDC", names.cdcTable(sample().id())),
                hana.qualified("CDC", names.cdcTable(new io.hanacdc.schema.TableId("SALES", "Orders")))));
        out.addAll(held.statements(List.of(new Watermark(250, new long[] {9, 12}), new Watermark(300, new long[] {12}))));
        golden("hana-pending-rows.sql", out);
    }

    /**
     * The source's reads of the vanished-row check (VanishCheck), which HANA needs because TRUNCATE TABLE
     * fires no trigger (create-trigger-statement-data-definition-20d5a65.md): the exact row count,
     * COUNT(*) (count-function-aggregate-28c3b57.md, 010-SQL-Reference/011-SQL-Functions/), and per capture
     * table the removing rows a base watermark has not applied, with a searched CASE inside COUNT
     * (expressions-20a4389.md, "Case Expressions"; COUNT of an expression counts its non-NULL values) and
     * the IN predicate (in-predicate-20f9d29.md); with open transactions at the base and without.
     */
    @Test
    void vanishCheckQueriesMatchGolden() throws IOException {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        CaptureNames names = new CaptureNames("CDC", 127);
        SourceTable t = sample();
        List<String> captureTables = names.captureTables(hana, t.id());
        VanishQueries q = new VanishQueries(hana, hana.qualified(t.id().schema(), t.id().name()), captureTables);
        List<String> out = new ArrayList<>(List.of(q.rowCountSql()));
        captureTables.forEach(c -> out.add(q.removalsSql(c, new Watermark(4711, new long[] {7, 9}))));
        out.add(q.removalsSql(captureTables.get(0), new Watermark(4711, new long[0])));
        golden("hana-vanish-check.sql", out);
    }

    /**
     * The script a DBA runs when the task's user may not move capture to version 2 (the change above):
     * one transaction in a session with autocommit off (set-transaction-autocommit-ddl-statement-transaction-management-d538d11.md),
     * the switch point read as it runs with NEXTVAL in the select list of an INSERT's subquery
     * (create-sequence-statement-data-definition-20d5092.md, insert-statement-data-manipulation-20f7f70.md).
     */
    @Test
    void dbaScriptMatchesGolden() throws IOException {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        CaptureNames names = new CaptureNames("CDC", 127);
        SourceTable before = sample();
        List<SourceColumn> cols = new ArrayList<>(before.columns());
        cols.add(column("note", "NVARCHAR", 40, 0, true));
        SourceTable after = new SourceTable(before.id(), cols, before.primaryKey());
        var v1 = new CaptureVersion(io.hanacdc.source.CaptureLayout.initial(before, false), Map.of(), 4242, 0);
        golden("hana-dba-script.sql", new CaptureEvolver(hana, names, Duration.ofSeconds(10))
                .script(List.of(v1), after, new TableStamp(after.id(), 4242, "", Map.of()), 4711));
    }

    /**
     * schema.* lists base tables only: SYS.TABLES also holds temporary tables and SQLScript table types
     * (tables-system-view-2101973.md: IS_TEMPORARY, IS_USER_DEFINED_TYPE, TABLE_TYPE ROW/COLUMN/VIRTUAL),
     * and a table type must never get triggers. The CDC schema itself is refused as a pattern (TableResolver).
     */
    @Test
    void wildcardsListOnlyBaseTables() {
        for (String rule : List.of("IS_TEMPORARY = 'FALSE'", "IS_USER_DEFINED_TYPE = 'FALSE'", "TABLE_TYPE IN ('ROW', 'COLUMN')")) {
            assertTrue(HanaDialect.TABLES.contains(rule), "SYS.TABLES read without " + rule + ": " + HanaDialect.TABLES);
        }
    }

    /**
     * M_TRANSACTIONS.TRANSACTION_STATUS is INACTIVE, ACTIVE, PRECOMMITTED, ABORTING, PARTIAL_ABORTING or
     * ACTIVE_PREPARE_COMMIT (m-transactions-system-view-20c9610.md). Fail safe: every status but INACTIVE,
     * and an unknown or missing one, is open, so the watermark holds rows back rather than skipping them.
     */
    @Test
    void everyTransactionStatusButInactiveIsOpen() {
        String sql = HanaDialect.OPEN_TRANSACTIONS;
        assertTrue(sql.contains("(TRANSACTION_STATUS IS NULL OR TRANSACTION_STATUS <> 'INACTIVE')"), sql);
        assertFalse(sql.contains("TRANSACTION_STATUS IN"), "a list of open statuses misses the ones it does not name: " + sql);
    }

    /**
     * CURRENT_UPDATE_TRANSACTION() returns 0 in read mode (current-update-transaction-function-miscellaneous-e04d1f4.md):
     * the re-read rows of a schema change are written after a write of the same transaction, and only if
     * the transaction then is in write mode (SIGNAL of a declared condition: create-trigger-statement-data-definition-20d5a65.md,
     * do-begin-end-statement-procedural-5210385.md).
     */
    @Test
    void reReadRowsOfASchemaChangeAreWrittenInWriteModeOnly() {
        SourceTable t = sample();
        var v1 = io.hanacdc.source.CaptureLayout.initial(t, false);
        var v2 = new io.hanacdc.source.CaptureLayout(t, 2, t.columnNames());
        String sql = new HanaDialect(CaptureOptions.DEFAULT).captureSql(new CaptureNames("CDC", 127)).resyncKeys(v1, v2, 10);
        int write = sql.indexOf("UPDATE \"CDC\".\"hanacdc_capture\" SET version = version WHERE source_schema = 'SALES'");
        int check = sql.indexOf("SELECT CURRENT_UPDATE_TRANSACTION() INTO T FROM DUMMY; IF :T = 0 THEN SIGNAL READ_MODE");
        int insert = sql.indexOf("INSERT INTO");
        assertTrue(sql.startsWith("DO BEGIN DECLARE T BIGINT; DECLARE READ_MODE CONDITION FOR SQL_ERROR_CODE 10001; ") && sql.endsWith("; END"), sql);
        assertTrue(write > 0 && check > write && insert > check, "write, then check write mode, then record: " + sql);
    }

    /**
     * NEXTVAL may not be used in a SELECT with DISTINCT, GROUP BY or a set operator (create-sequence-statement-data-definition-20d5092.md);
     * whether that reaches through a derived table is not said, so no statement that takes NEXTVAL has any of them, however nested:
     * every re-read (with and without capture-error tables) and every statement of the scripts that print it.
     */
    @Test
    void nextvalIsNeverTakenInAStatementWithDistinctOrASetOperator() {
        SourceTable t = sample();
        var v1 = io.hanacdc.source.CaptureLayout.initial(t, false);
        var v2 = new io.hanacdc.source.CaptureLayout(t, 2, t.columnNames());
        List<String> all = new ArrayList<>();
        for (CaptureOptions options : List.of(CaptureOptions.DEFAULT, new CaptureOptions(true, false))) {
            HanaDialect hana = new HanaDialect(options);
            CaptureNames names = new CaptureNames("CDC", 127);
            all.add(hana.captureSql(names).resyncKeys(v1, v2, 10));
            all.addAll(script(options));
            all.addAll(new CaptureEvolver(hana, names, Duration.ofSeconds(10)).script(List.of(new CaptureVersion(v1, Map.of(), 1, 0)), t,
                    new TableStamp(t.id(), 1, "", Map.of()), 10));
        }
        for (String statement : all) {
            for (String part : statement.split("; ")) {
                if (part.contains(".NEXTVAL")) {
                    assertFalse(Pattern.compile("\\b(DISTINCT|UNION|INTERSECT|MINUS|EXCEPT|GROUP BY)\\b").matcher(part).find(),
                            "NEXTVAL in a statement with DISTINCT, GROUP BY or a set operator: " + part);
                }
            }
        }
    }

    /**
     * Error 131 (lock wait timeout) and 133 (deadlock) roll the writer's transaction back (sql-error-codes-20a78d3.md):
     * the capture trigger's exit handler re-signals them first (RESIGNAL in a handler: create-trigger-statement-data-definition-20d5a65.md),
     * and records a capture error only for the others.
     */
    @Test
    void captureTriggersResignalLockWaitTimeoutsAndDeadlocks() {
        for (String sql : statements(CaptureOptions.DEFAULT)) {
            if (sql.startsWith("CREATE TRIGGER")) {
                int resignal = sql.indexOf("DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN IF ::SQL_ERROR_CODE = 131 OR ::SQL_ERROR_CODE = 133 THEN RESIGNAL; ELSE ");
                assertTrue(resignal > 0 && resignal < sql.indexOf("$err"), sql);
            }
        }
    }

    /**
     * A script printed for a DBA (install, the move to a new capture version, removal) is one anonymous block whose exit handler
     * rolls back and re-signals (do-begin-end-statement-procedural-5210385.md), between the AUTOCOMMIT DDL switches: a runner that
     * goes on after an error (hdbsql -I without -E) finds nothing after the block to commit half of it.
     */
    @Test
    void everyPrintedScriptIsOneBlockThatRollsBackOnAnyError() {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        CaptureNames names = new CaptureNames("CDC", 127);
        SourceTable t = sample();
        var v1 = new CaptureVersion(io.hanacdc.source.CaptureLayout.initial(t, false), Map.of(), 1, 0);
        for (List<String> script : List.of(script(CaptureOptions.DEFAULT),
                new CaptureEvolver(hana, names, Duration.ofSeconds(10)).script(List.of(v1), t, new TableStamp(t.id(), 2, "", Map.of()), 10),
                new io.hanacdc.capture.RemovalScript(hana, names, "task").script(java.util.Optional.empty(), List.of(t.id()), true, true))) {
            assertEquals(3, script.size(), script.toString());
            assertEquals("SET TRANSACTION AUTOCOMMIT DDL OFF", script.get(0));
            assertTrue(script.get(1).startsWith("DO BEGIN DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END; ")
                    && script.get(1).endsWith(" COMMIT; END"), script.get(1));
            assertFalse(script.get(1).contains(" DO BEGIN "), "nested blocks are BEGIN … END;, not DO: " + script.get(1));
            assertEquals("SET TRANSACTION AUTOCOMMIT DDL ON", script.get(2));
        }
    }

    /**
     * The sequence's settings the watermark relies on, read from SYS.SEQUENCES (sequences-system-view-20cf0e7.md): INCREMENT_BY 1,
     * IS_CYCLED FALSE, and no cache across hosts — CACHE_SIZE up to 1, as M_SEQUENCES shows a host's cache only above 1
     * (m-sequences-system-view-20be95c.md); the departure names the ALTER SEQUENCE that restores them (alter-sequence-statement-data-definition-20d06b0.md).
     */
    @Test
    void aSequenceThatCachesStepsOrCyclesDeparts() {
        for (long noCache : new long[] {0, 1}) {
            assertEquals(java.util.Optional.empty(), HanaDialect.sequenceDeparture(1, noCache, false, "\"CDC\".\"hanacdc_data_id\""));
        }
        assertEquals("INCREMENT BY 1, CACHE 50, NO CYCLE instead of INCREMENT BY 1, NO CACHE, NO CYCLE (restore: ALTER SEQUENCE \"CDC\".\"hanacdc_data_id\""
                + " INCREMENT BY 1 NO CACHE NO CYCLE)", HanaDialect.sequenceDeparture(1, 50, false, "\"CDC\".\"hanacdc_data_id\"").orElseThrow());
        assertTrue(HanaDialect.sequenceDeparture(2, 0, false, "s").isPresent());
        assertTrue(HanaDialect.sequenceDeparture(1, 0, true, "s").isPresent());
    }

    /** "User names may contain underscores and hyphens without requiring quotes" (introduction-to-sql-209f502.md); other characters may not. */
    @Test
    void hyphenatedUserNamesAreGrantedUnquoted() {
        var sql = new HanaDialect(CaptureOptions.DEFAULT).captureSql(new CaptureNames("CDC", 127));
        assertEquals("CDC-USER_1", sql.grantee("CDC-USER_1"));
        org.junit.jupiter.api.Assertions.assertThrows(io.hanacdc.common.CdcException.class, () -> sql.grantee("CDC USER"));
        org.junit.jupiter.api.Assertions.assertThrows(io.hanacdc.common.CdcException.class, () -> sql.grantee("-CDC"));
    }

    @Test
    void statementsFollowTheDocumentedGrammar() {
        for (CaptureOptions options : List.of(CaptureOptions.DEFAULT, new CaptureOptions(true, false))) {
            for (String sql : statements(options)) {
                assertFalse(sql.contains("IF EXISTS") || sql.contains("IF NOT EXISTS"), "HANA has no IF [NOT] EXISTS: " + sql);
                assertFalse(sql.stripTrailing().endsWith(";"), "no statement separator after the statement over JDBC: " + sql);
                if (sql.startsWith("CREATE TRIGGER")) {
                    assertTrue(sql.contains(" FOR EACH ROW BEGIN "), "FOR EACH ROW written explicitly: " + sql);
                    if (sql.contains(" AFTER INSERT ON ")) {
                        assertFalse(sql.contains("OLD ROW") || sql.contains(":OLD."), "INSERT triggers may declare only NEW ROW: " + sql);
                    }
                    if (sql.contains(" AFTER DELETE ON ")) {
                        assertFalse(sql.contains("NEW ROW") || sql.contains(":NEW."), "DELETE triggers may declare only OLD ROW: " + sql);
                    }
                    assertFalse(Pattern.compile("\\bEXEC\\b").matcher(sql).find(), "no dynamic SQL in trigger bodies: " + sql);
                    assertTrue(sql.contains("\"CDC\".\"hanacdc_data_id\".NEXTVAL") && sql.contains("CURRENT_UPDATE_TRANSACTION()")
                            && sql.contains("CURRENT_UTCTIMESTAMP"), sql);
                    assertEquals(count(sql, "\\bBEGIN\\b"), count(sql, "\\bEND\\b(?! IF)"), "balanced BEGIN/END blocks: " + sql);
                    assertEquals(count(sql, "(?<!END )\\bIF\\b"), count(sql, "\\bEND IF;"), "balanced IF blocks: " + sql);
                }
                if (sql.startsWith("DO BEGIN")) {
                    assertTrue(sql.matches("DO BEGIN DECLARE N INTEGER; SELECT COUNT\\(\\*\\) INTO N FROM SYS\\.\\w+ WHERE .*; IF :N [=>] 0 THEN EXEC '.*'; END IF; END"), sql);
                }
            }
        }
        String sequence = statements(CaptureOptions.DEFAULT).get(1);
        assertTrue(sequence.contains("NO CACHE"), "the sequence must not cache, so ids are monotonic across hosts: " + sequence);
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        assertFalse(hana.keyAfterPredicate(sample().keyColumns()).contains(") > ("), "HANA rejects row-value comparison with >");
    }

    @Test
    void identifiersAreQuotedAndLongNamesShortenedWithinHanasLimitWithoutCollisions() {
        CaptureNames names = new CaptureNames("CDC", 127);
        TableId a = new TableId("S", "X".repeat(100) + "_first");
        TableId b = new TableId("S", "X".repeat(100) + "_second");
        for (String kind : List.of("ins", "upd", "del", "tx")) {
            assertTrue(names.trigger(a, kind).getBytes(StandardCharsets.UTF_8).length <= 127);
            assertFalse(names.trigger(a, kind).equals(names.trigger(b, kind)));
        }
        assertFalse(names.errorTable(a).equals(names.errorTable(b)));
        String joined = String.join("\n", statements(CaptureOptions.DEFAULT));
        assertTrue(joined.contains("\"SALES\".\"Order \"\"Lines\"\" ü\""), "embedded quotes doubled");
        assertTrue(joined.contains("EXEC 'CREATE SCHEMA \"CDC\"'"), "DDL inside EXEC is a string literal");
    }

    @Test
    void typeMappingEdgeCases() {
        assertEquals(ColumnType.Kind.UNSIGNED_TINYINT, HanaTypes.map("c", "TINYINT", 3, 0).kind());
        assertEquals(ColumnType.Kind.FLOATING_DECIMAL, HanaTypes.map("c", "DECIMAL", 34, -1).kind());
        assertEquals(ColumnType.decimal(38, 10), HanaTypes.map("c", "DECIMAL", 38, 10));
        assertEquals(ColumnType.Kind.FLOATING_DECIMAL, HanaTypes.map("c", "SMALLDECIMAL", 16, -1).kind());
        assertEquals(ColumnType.sized(ColumnType.Kind.VARCHAR, 5000), HanaTypes.map("c", "NVARCHAR", 5000, 0));
        assertEquals("DECIMAL", HanaTypes.ddl("c", "DECIMAL", 34, -1, -1));
        assertEquals("NVARCHAR(10)", HanaTypes.ddl("c", "ALPHANUM", 10, 0, -1));
        var e = org.junit.jupiter.api.Assertions.assertThrows(io.hanacdc.common.CdcException.class, () -> HanaTypes.map("S.T.ARR", "ARRAY", 0, 0));
        assertTrue(e.getMessage().contains("S.T.ARR") && e.getMessage().contains("ARRAY"));
    }

    /**
     * A spatial CDC column declares the source column's SRID (ST_Geometry(4326) as in SAP's examples, e.g.
     * first-value-function-aggregate-034b175.md; the SRID from st-geometry-columns-system-view-d23480c.md):
     * undeclared it is SRID 0 and rejects the values. REAL_VECTOR without a dimension takes a vector of any
     * dimension (vector-data-type-04cfbb8.md); what SYS.TABLE_COLUMNS.LENGTH means for it is not documented.
     */
    @Test
    void spatialColumnsKeepTheirSridAndVectorsDeclareNoDimension() {
        assertEquals("ST_GEOMETRY(4326)", HanaTypes.ddl("c", "ST_GEOMETRY", 0, 0, 4326));
        assertEquals("ST_POINT(0)", HanaTypes.ddl("c", "ST_POINT", 0, 0, 0));
        assertEquals("REAL_VECTOR", HanaTypes.ddl("c", "REAL_VECTOR", 3, 0, -1));
        var e = org.junit.jupiter.api.Assertions.assertThrows(io.hanacdc.common.CdcException.class, () -> HanaTypes.ddl("S.T.SHAPE", "ST_GEOMETRY", 0, 0, -1));
        assertTrue(e.getMessage().contains("S.T.SHAPE") && e.getMessage().contains("SRID"), e.getMessage());
        assertTrue(HanaTableCatalog.COLUMNS.contains("SYS.ST_GEOMETRY_COLUMNS") && HanaTableCatalog.COLUMNS.contains("SRS_ID"), HanaTableCatalog.COLUMNS);
    }

    @Test
    void urlKeepsEmptyDatesDistinctFromNull() {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        assertEquals("jdbc:sap://h:30013/?databaseName=T&emptyTimestampIsNull=false", hana.connectionUrl("jdbc:sap://h:30013/?databaseName=T"));
        assertEquals("jdbc:sap://h:30015/?emptyTimestampIsNull=false", hana.connectionUrl("jdbc:sap://h:30015"));
        assertEquals("jdbc:sap://h:443/?encrypt=true&emptyTimestampIsNull=false", hana.connectionUrl("jdbc:sap://h:443/?encrypt=true"));
    }

    private static int count(String s, String regex) {
        return (int) Pattern.compile(regex).matcher(s).results().count();
    }
}
