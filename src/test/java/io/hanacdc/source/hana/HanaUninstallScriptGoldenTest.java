package io.hanacdc.source.hana;

import io.hanacdc.GoldenFiles;
import io.hanacdc.capture.RemovalScript;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The script {@code uninstall --print-sql} prints for a DBA on SAP HANA (golden hana-uninstall.sql; the
 * SAP reference pages are listed in golden/README.md): the whole task, with the shared objects and the
 * schema hana-cdc created, then one table with {@code --table}. Triggers go before the CDC tables they
 * write, the schema last with the default RESTRICT of DROP SCHEMA, so objects someone else put there stop it.
 */
class HanaUninstallScriptGoldenTest {
    @Test
    void uninstallScriptMatchesGolden() throws IOException {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        RemovalScript removal = new RemovalScript(hana, new CaptureNames("CDC", hana.maxIdentifierBytes()), "task");
        TableId table = HanaSqlGoldenTest.sample().id();
        TableId heartbeat = hana.captureSql(new CaptureNames("CDC", hana.maxIdentifierBytes())).heartbeatTable().id();
        List<String> out = new ArrayList<>(removal.script(Optional.empty(), List.of(table, heartbeat), true, true));
        out.addAll(removal.script(Optional.of(table), List.of(table), false, false));
        GoldenFiles.assertMatches("hana-uninstall.sql", out);
    }
}
