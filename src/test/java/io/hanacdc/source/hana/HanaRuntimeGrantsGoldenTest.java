package io.hanacdc.source.hana;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hanacdc.CdcException;
import io.hanacdc.GoldenFiles;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureOptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The DBA's path on HANA: install --print-sql --runtime-user appends, after the objects, the grants the
 * task's user needs to run (GRANT … ON &lt;object&gt; TO &lt;user&gt;, one object each, SELECT on a sequence
 * being the right to use it, and the CATALOG READ system privilege: grant-statement-access-control-20f674e.md;
 * user names undelimited: introduction-to-sql-209f502.md, "Identifiers"); and the catalog read by which a
 * task finds the shared objects present and creates none of them (schemas-system-view-20cde59.md, sequences-system-view-20cf0e7.md, tables-system-view-2101973.md).
 */
class HanaRuntimeGrantsGoldenTest {
    private static final List<SourceTable> TABLES = List.of(HanaSqlGoldenTest.sample());

    private static CaptureInstaller installer(HanaDialect hana) {
        return new CaptureInstaller(hana, new CaptureNames("CDC", hana.maxIdentifierBytes()), "task", Duration.ofSeconds(10));
    }

    @Test
    void runtimeGrantsFollowTheInstallScriptAndMatchGolden() throws Exception {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        List<String> plain = installer(hana).script(TABLES);
        List<String> withGrants = installer(hana).script(TABLES, Optional.of("CDC_RUNNER"));
        assertEquals(plain, withGrants.subList(0, plain.size()), "the objects come first, unchanged");
        List<String> pinned = new ArrayList<>(withGrants.subList(plain.size(), withGrants.size()));
        pinned.add(hana.captureSql(new CaptureNames("CDC", hana.maxIdentifierBytes())).sharedMissing());
        GoldenFiles.assertMatches("hana-runtime-grants.sql", pinned);
    }

    @Test
    void aUserNameThatIsNoUndelimitedIdentifierIsRefused() {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        assertThrows(CdcException.class, () -> installer(hana).script(TABLES, Optional.of("cdc\" TO PUBLIC --")));
    }
}
