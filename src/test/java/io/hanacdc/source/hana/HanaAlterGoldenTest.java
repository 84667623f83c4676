package io.hanacdc.source.hana;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.GoldenFiles;
import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.capture.TableAlter;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.TableStamp;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The alter command on HANA (golden/hana-alter.sql), one transaction each with AUTOCOMMIT DDL OFF
 * (set-transaction-autocommit-ddl-statement-transaction-management-d538d11.md): LOCK TABLE … IN
 * EXCLUSIVE MODE (lock-table-statement-transaction-management-20f88d8.md), the capture triggers dropped
 * (drop-trigger-statement-data-definition-20d81ec.md), the user's change — ALTER TABLE … ADD
 * (alter-table-statement-data-definition-20d329a.md), or RENAME COLUMN, whose table name takes no schema,
 * after SET SCHEMA (rename-column-statement-data-definition-20fb2b8.md, set-schema-statement-session-management-20fd550.md)
 * — then the move to the next capture version as a schema change makes it (see hana-dba-script.sql).
 */
class HanaAlterGoldenTest {
    private static final HanaDialect HANA = new HanaDialect(CaptureOptions.DEFAULT);
    private static final CaptureNames NAMES = new CaptureNames("CDC", 127);

    @Test
    void alterStatementsMatchGolden() throws IOException {
        SourceTable before = HanaSqlGoldenTest.sample();
        var v1 = new CaptureVersion(CaptureLayout.initial(before, false), Map.of(), 4242, 0);
        TableAlter alter = new TableAlter(HANA, NAMES, Duration.ofSeconds(10));

        List<SourceColumn> added = new ArrayList<>(before.columns());
        added.add(new SourceColumn("note", "NVARCHAR(40)", HanaTypes.map("note", "NVARCHAR", 40, 0), true));
        SourceTable withNote = new SourceTable(before.id(), added, before.primaryKey());
        List<String> out = new ArrayList<>(alter.script(List.of(v1), withNote, stamp(withNote), "ADD (\"note\" NVARCHAR(40))", 4711));

        List<SourceColumn> renamed = new ArrayList<>(before.columns());
        SourceColumn qty = renamed.get(2);
        renamed.set(2, new SourceColumn("quantity", qty.sourceType(), qty.type(), qty.nullable()));
        SourceTable withQuantity = new SourceTable(before.id(), renamed, before.primaryKey());
        out.addAll(alter.script(List.of(v1), withQuantity, stamp(withQuantity), "RENAME COLUMN \"qty\" TO \"quantity\"", 4711));
        out.add(HanaAlterClauses.LOGGED);
        GoldenFiles.assertMatches("hana-alter.sql", out);
    }

    /**
     * suspend and resume (golden/hana-suspend.sql): the table locked, its capture triggers disabled in place
     * (alter-table-statement-data-definition-20d329a.md, {@code <trigger_option>}: {@code DISABLE TRIGGER <trigger_name>});
     * resume as one transaction that re-creates them as the next version, with nothing re-read (the table is loaded anew).
     */
    @Test
    void suspendAndResumeStatementsMatchGolden() throws IOException {
        SourceTable t = HanaSqlGoldenTest.sample();
        var sql = HANA.captureSql(NAMES);
        List<String> out = new ArrayList<>(List.of(sql.lockSource(t.id())));
        out.addAll(sql.disableTriggers(t.id()));
        var v1 = new CaptureVersion(CaptureLayout.initial(t, false), Map.of(), 4242, 0);
        var v2 = new CaptureVersion(new CaptureLayout(t, 2, t.columnNames()), Map.of(), 4242, 10, CaptureVersion.State.SUSPENDED);
        out.addAll(new io.hanacdc.capture.CaptureEvolver(HANA, NAMES, Duration.ofSeconds(10)).resumeScript(List.of(v1, v2), t, stamp(t)));
        GoldenFiles.assertMatches("hana-suspend.sql", out);
    }

    @Test
    void onlyARenameOfAColumnLeavesAlterTable() {
        var sql = HANA.captureSql(NAMES);
        var id = HanaSqlGoldenTest.sample().id();
        assertEquals(List.of("SET SCHEMA \"SALES\"", "RENAME COLUMN \"Order \"\"Lines\"\" ü\".\"a b\" TO C"), sql.alterTable(id, " rename  column \"a b\" TO C "));
        assertEquals(List.of("ALTER TABLE \"SALES\".\"Order \"\"Lines\"\" ü\" DROP (\"RENAME COLUMN\")"), sql.alterTable(id, "DROP (\"RENAME COLUMN\")"));
    }

    /**
     * Only clauses that roll back whole with the capture change under AUTOCOMMIT DDL OFF are run
     * (set-transaction-autocommit-ddl-statement-transaction-management-d538d11.md, alter-table-statement-data-definition-20d329a.md):
     * column and constraint changes; ROW ORDER, client-side encryption, row/column conversion, ONLINE, partitioning and the table's
     * other settings are refused with the reason. Keywords inside quoted names, literals and comments do not count.
     */
    @Test
    void onlyColumnAndConstraintClausesThatRollBackAreRun() {
        for (String accepted : List.of("ADD (\"note\" NVARCHAR(40))", " add(\"ONLINE\" INTEGER DEFAULT 'ONLINE')", "ALTER (\"qty\" BIGINT)",
                "DROP (\"note\")", "RENAME COLUMN \"a\" TO \"b\"", "ADD CONSTRAINT c1 UNIQUE (\"code\")", "ADD UNIQUE (\"code\")",
                "ADD FOREIGN KEY (\"code\") REFERENCES \"X\"", "ADD CHECK (\"qty\" > 0)", "DROP CONSTRAINT c1", "ALTER CONSTRAINT c1 NOT ENFORCED",
                "ADD PRIMARY KEY (\"select\")", "DROP PRIMARY KEY", "ADD (\"n\" INTEGER) -- ONLINE")) {
            assertEquals(java.util.Optional.empty(), HanaAlterClauses.refusal(accepted), accepted);
        }
        Map<String, String> refused = Map.of("ADD (\"n\" INTEGER) ONLINE", "ONLINE", "DROP (\"n\") ONLINE PREFERRED", "ONLINE",
                "ALTER (\"n\" NVARCHAR(10) CLIENTSIDE ENCRYPTION ON WITH \"K\")", "client-side encryption", "SET ROW ORDER (\"n\")", "ROW ORDER",
                "UNSET ROW ORDER", "ROW ORDER", "COLUMN THREADS 2 BATCH 1000", "BATCH", "ROW", "BATCH",
                "PARTITION BY HASH (\"select\") PARTITIONS 4", "changes no column", "MOVE PARTITION 1 TO 'h:30003'", "changes no column",
                "PRELOAD ALL", "changes no column");
        refused.forEach((clause, reason) -> {
            var why = HanaAlterClauses.refusal(clause);
            org.junit.jupiter.api.Assertions.assertTrue(why.isPresent() && why.get().contains(reason), clause + ": " + why);
        });
    }

    private static TableStamp stamp(SourceTable t) {
        return new TableStamp(t.id(), 4242, "", Map.of());
    }
}
