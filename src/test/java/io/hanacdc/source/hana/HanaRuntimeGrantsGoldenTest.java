package io.hanacdc.source.hana;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.GoldenFiles;
import io.hanacdc.capture.RuntimeGrants;
import io.hanacdc.common.CdcException;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The DBA's path on HANA: install --print-sql --runtime-user appends, after the objects, the grants the
 * task's user needs to run, made by RuntimeGrants (GRANT … ON &lt;object&gt; TO &lt;user&gt;, one object each, SELECT on a sequence
 * being the right to use it, and the CATALOG READ system privilege: grant-statement-access-control-20f674e.md;
 * user names undelimited: introduction-to-sql-209f502.md, "Identifiers"); and the catalog read by which a
 * task finds the shared objects present and creates none of them (schemas-system-view-20cde59.md, sequences-system-view-20cf0e7.md, tables-system-view-2101973.md).
 */
class HanaRuntimeGrantsGoldenTest {
    private final HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
    private final CaptureNames names = new CaptureNames("CDC", hana);

    private List<TableId> tables() {
        return List.of(HanaSqlGoldenTest.sample().id());
    }

    @Test
    void runtimeGrantsMatchGolden() throws Exception {
        List<String> pinned = new ArrayList<>(new RuntimeGrants(hana, names).statements("CDC_RUNNER", tables(), false));
        pinned.add(hana.captureSql(names).sharedMissing());
        GoldenFiles.assertMatches("hana-runtime-grants.sql", pinned);
    }

    @Test
    void aGapProbingTaskMayAlsoInsertItsPlaceholderRows() {
        List<String> probing = new RuntimeGrants(hana, names).statements("CDC_RUNNER", tables(), true);
        assertTrue(probing.contains("GRANT SELECT, INSERT, DELETE ON \"CDC\".\"SALES$Order \"\"Lines\"\" ü\" TO CDC_RUNNER"), probing.toString());
    }

    @Test
    void aUserNameThatIsNoUndelimitedIdentifierIsRefused() {
        assertThrows(CdcException.class, () -> new RuntimeGrants(hana, names).statements("cdc\" TO PUBLIC --", tables(), false));
    }
}
