package io.hanacdc.source.hana;

import io.hanacdc.GoldenFiles;
import io.hanacdc.check.ScratchCapture;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The SQL of the HANA probes of {@code hana-cdc check}, pinned as golden text (hana-check.sql; see the
 * golden README for the SAP reference pages each statement follows): the privilege reads, the
 * transaction-id read, the scratch tables with their capture, the catalog and TRUNCATE probes.
 */
class HanaCheckSqlGoldenTest {
    @Test
    void checkProbesMatchGolden() throws IOException {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        CaptureNames names = new CaptureNames("hanacdc", hana.maxIdentifierBytes());
        TableId scratch = new TableId("hanacdc", "hanacdc_check_x1");
        SourceTable table = new SourceTable(scratch, List.of(new SourceColumn("k", "INTEGER", ColumnType.of(ColumnType.Kind.INTEGER), false)), List.of("k"));
        String catalog = hana.qualified("hanacdc", "hanacdc_catalog_x1");
        List<String> out = new ArrayList<>(List.of(HanaPrivilegesProbe.ON_TABLE, HanaPrivilegesProbe.SYSTEM, HanaPrivilegesProbe.SCHEMA_OWNER,
                HanaTransactionIdProbe.OWN_TRANSACTION, ScratchCapture.createTable(hana, scratch, ""),
                ScratchCapture.createTable(hana, scratch, HanaEmptyDatesProbe.COLUMNS), String.format(HanaEmptyDatesProbe.INSERT, hana.qualified(scratch.schema(), scratch.name()))));
        out.addAll(hana.captureSql(names).installTable(CaptureLayout.initial(table, false)));
        out.add(String.format(HanaTruncateProbe.TRUNCATE, hana.qualified(scratch.schema(), scratch.name())));
        String qualified = hana.qualified(scratch.schema(), scratch.name());
        out.add(String.format(HanaTriggerValidityProbe.ADD, qualified));
        out.addAll(hana.captureSql(names).alterTable(scratch, HanaTriggerValidityProbe.RENAME));
        out.add(String.format(HanaTriggerValidityProbe.RETYPE, qualified));
        out.add(String.format(HanaTriggerValidityProbe.DROP, qualified));
        out.add(String.format(HanaTriggerValidityProbe.WIDEN, qualified));
        out.add("INSERT INTO " + qualified + " (\"k\") VALUES (1)");
        out.addAll(List.of(String.format(HanaCatalogProbe.CREATE, catalog), String.join(";\n\n", hana.captureSql(names).alterTable(new TableId("hanacdc", "hanacdc_catalog_x1"), "RENAME COLUMN \"R\" TO \"R2\""))));
        String ukey = hana.qualified("hanacdc", "hanacdc_ukey_x1");
        String ukeyIndex = hana.qualified("hanacdc", "hanacdc_ukey_ix1");
        out.addAll(List.of(String.format(HanaUniqueKeyProbe.CREATE, ukey), String.format(HanaUniqueKeyProbe.INDEX, ukeyIndex, ukey),
                String.format(HanaUniqueKeyProbe.DROP_INDEX, ukeyIndex)));
        out.addAll(List.of(String.format(HanaTriggerLockWaitProbe.HOLD, hana.qualified("hanacdc", names.cdcTable(scratch))),
                HanaTriggerLockWaitProbe.SHORT_WAIT, HanaDialect.SEQUENCE, io.hanacdc.check.SequenceSettingsProbe.createCached(hana, "hanacdc", "hanacdc_check_seq_x1"),
                String.format(HanaStorages.ROW_TABLES, io.hanacdc.source.CatalogReads.anyOf("SCHEMA_NAME", "TABLE_NAME", List.of(new TableId("SALES", "VBAK")))),
                ScratchCapture.createTable(hana, scratch, ScratchCapture.Spec.of(hana, "").stored("ROW ")), HanaScaleOutProbe.INDEX_SERVERS,
                ScratchCapture.createTable(hana, scratch, ScratchCapture.Spec.of(hana, "").named("hanacdc_check_at0", String.format(HanaScaleOutProbe.AT, "hana1", 30003)))));
        hana.otherWrites().forEach(w -> out.add(String.format(w.sql(), hana.qualified(scratch.schema(), scratch.name()))));
        out.add(ScratchCapture.createTable(hana, scratch, io.hanacdc.check.CapturedTypesProbe.columns(hana, hana.capturedTypes())));
        hana.capturedTypes().forEach(t -> out.add("SELECT " + t.value() + " FROM DUMMY"));
        out.addAll(hana.writeGrants(qualified, "hanacdc", hana.captureSql(names).grantee("SAPHANADB")));
        GoldenFiles.assertMatches("hana-check.sql", out);
    }
}
