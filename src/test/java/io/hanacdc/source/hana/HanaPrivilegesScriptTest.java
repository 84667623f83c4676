package io.hanacdc.source.hana;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.source.CaptureNames;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * sql/hana-privileges.sql names the objects the installer creates, read as HANA reads identifiers
 * (introduction-to-sql-209f502.md, "Identifiers and case sensitivity": unquoted names are converted to
 * upper case, quoted ones are taken as written), so a least-privilege install with the default
 * settings finds the schema the script created.
 */
class HanaPrivilegesScriptTest {
    private static final String IDENTIFIER = "(\"(?:[^\"]|\"\")+\"|[A-Za-z_][A-Za-z0-9_#$]*)";

    /** An identifier as HANA reads it. */
    static String identifier(String sql) {
        return sql.startsWith("\"") ? sql.substring(1, sql.length() - 1).replace("\"\"", "\"") : sql.toUpperCase(java.util.Locale.ROOT);
    }

    private static String script() throws Exception {
        return Files.readString(Path.of("sql/hana-privileges.sql"), StandardCharsets.UTF_8);
    }

    private static String only(String regex, String text) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), "sql/hana-privileges.sql has no " + regex);
        String found = m.group(1);
        assertFalse(m.find(), "sql/hana-privileges.sql has more than one " + regex);
        return identifier(found);
    }

    private static CdcConfig defaults() {
        Map<String, String> props = Map.of("hanacdc.source.url", "jdbc:sap://hana:30015/", "hanacdc.target.url", "jdbc:mysql://db/",
                "hanacdc.tables", "SALES.*");
        return CdcConfig.load(k -> Optional.ofNullable(props.get(k)));
    }

    /** What the install script's block runs, one statement each: the shared objects, then the sample table's capture. */
    private static List<String> installStatements(HanaDialect hana, CaptureNames names) {
        List<String> out = new java.util.ArrayList<>(hana.captureSql(names).installShared());
        out.addAll(hana.captureSql(names).installTable(io.hanacdc.source.CaptureLayout.initial(HanaSqlGoldenTest.sample(), false)));
        return out;
    }

    @Test
    void theScriptCreatesTheCdcSchemaTheInstallerUsesByDefault() throws Exception {
        String cdcSchema = defaults().cdcSchema();
        assertEquals(cdcSchema, only("(?m)^CREATE SCHEMA " + IDENTIFIER + " OWNED BY ", script()));
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        List<String> install = installStatements(hana, new CaptureNames(cdcSchema, hana.maxIdentifierBytes()));
        assertTrue(install.get(0).contains("EXEC 'CREATE SCHEMA " + hana.quote(cdcSchema) + "'"), install.get(0));
        assertTrue(install.stream().filter(s -> s.contains("CREATE COLUMN TABLE") || s.contains("CREATE SEQUENCE"))
                .allMatch(s -> s.contains(hana.quote(cdcSchema) + ".")), "every CDC object lives in the CDC schema");
    }

    @Test
    void theOptionalGrantsNameTheCdcSchemaAndTheSequenceTheTriggersUse() throws Exception {
        String cdcSchema = defaults().cdcSchema();
        String script = script();
        assertEquals(cdcSchema, only("GRANT INSERT ON SCHEMA " + IDENTIFIER + " TO", script));
        assertEquals(cdcSchema, only("GRANT SELECT ON " + IDENTIFIER + "\\.\"[^\"]+\" TO", script));
        CaptureNames names = new CaptureNames(cdcSchema, 127);
        assertEquals(names.sequence(), only("GRANT SELECT ON [^.\\s]+\\.(\"[^\"]+\") TO", script));
    }

    /** The script grants TRIGGER on the source schema (or table): the triggers must live in their table's schema. */
    @Test
    void triggersAreCreatedInTheSchemaOfTheirTable() {
        HanaDialect hana = new HanaDialect(CaptureOptions.DEFAULT);
        List<String> install = installStatements(hana, new CaptureNames("HANACDC", 127));
        Pattern trigger = Pattern.compile("^CREATE TRIGGER (\"(?:[^\"]|\"\")+\")\\.\"(?:[^\"]|\"\")+\" AFTER \\w+ ON (\"(?:[^\"]|\"\")+\")\\.");
        List<String> triggers = install.stream().filter(s -> s.startsWith("CREATE TRIGGER")).toList();
        assertFalse(triggers.isEmpty());
        for (String sql : triggers) {
            Matcher m = trigger.matcher(sql);
            assertTrue(m.find(), sql);
            assertEquals(m.group(2), m.group(1), sql);
        }
    }
}
