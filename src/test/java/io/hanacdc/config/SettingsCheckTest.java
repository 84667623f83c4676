package io.hanacdc.config;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hanacdc.common.CdcException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.spi.PropertiesComponent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Unknown hanacdc.* keys are refused, all at once, naming the nearest setting; unknown HANACDC_* variables only warned about. */
class SettingsCheckTest {
    private static String refusal(Map<String, String> origins) {
        return assertThrows(CdcException.class, () -> SettingsCheck.refuseUnknown(origins)).getMessage();
    }

    @Test
    void aTypoIsRefusedNamingWhereAndTheNearestSetting() {
        assertEquals("unknown setting hanacdc.batchsize (in /etc/app.properties): did you mean hanacdc.batch-size?",
                refusal(Map.of("hanacdc.batchsize", "in /etc/app.properties")));
        assertEquals("unknown setting hanacdc.source.pasword-file (a -D system property): did you mean hanacdc.source.password-file?",
                refusal(Map.of("hanacdc.source.pasword-file", "a -D system property")));
        assertEquals("unknown setting hanacdc.schema-change.drop-column.SALES.ORDERS (in f): did you mean hanacdc.schema-changes.drop-column.SALES.ORDERS?",
                refusal(Map.of("hanacdc.schema-change.drop-column.SALES.ORDERS", "in f")), "a per-table key's setting mistyped");
    }

    @Test
    void everyUnknownKeyIsNamedAtOnceAndOneNearNothingPointsToTheReference() {
        assertEquals("unknown settings: hanacdc.poll-interval (in f): did you mean hanacdc.poll-interval-ms?; "
                        + "hanacdc.whatever (in f): no setting is near it; docs/configuration.md lists every setting",
                refusal(new TreeMap<>(Map.of("hanacdc.poll-interval", "in f", "hanacdc.whatever", "in f", "hanacdc.task", "in f"))));
    }

    @Test
    void settingsPerTableKeysAndPassThroughFamiliesAreAllowed() {
        Map<String, String> origins = new HashMap<>();
        for (String key : Settings.KEYS) {
            origins.put(key, "in f");
        }
        for (String key : List.of("hanacdc.schema-changes.change-type.SALES.ORDERS", "hanacdc.vanish-check.interval-s.\"my.schema\".T",
                "hanacdc.kafka.compression.type", "hanacdc.kafka.sasl.jaas.config", "hanacdc.example.tee-dir", "hanacdc.test.kill-cycles")) {
            origins.put(key, "in f");
        }
        assertDoesNotThrow(() -> SettingsCheck.refuseUnknown(origins));
        refusal(Map.of("hanacdc.schema-changes.change-typ", "in f")); // a family's own keys are checked
        assertEquals("unknown setting hanacdc.kafka.security.protocl (in f): did you mean hanacdc.kafka.security.protocol?",
                refusal(Map.of("hanacdc.kafka.security.protocl", "in f")), "a Kafka client setting misspelt");
    }

    @Test
    void environmentVariablesOverridingNoKeyAreWarnedAboutNotRefused(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("app.properties"), "hanacdc.task = t\nhanacdc.batch-size = 10\ncamel.main.name = x\n");
        PropertiesComponent camel = new DefaultCamelContext().getPropertiesComponent();
        camel.setLocation("file:" + dir.resolve("app.properties"));
        List<String> warnings = new ArrayList<>();
        List<String> environment = List.of("PATH", "HANACDC_BATCHSIZE", "HANACDC_SOURCE_URL", "HANACDC_SOURCE_PASSWORD_FILE", "HANACDC_CONFIG",
                "HANACDC_JAVA_OPTS", "HANACDC_JAR", "HANACDC_LIB", "HANACDC_TEST_PG_URL", "HANACDC_EXAMPLE_TEE_DIR", "HANACDC_KAFKA_TOPIC",
                "HANACDC_SCHEMA_CHANGES_CHANGE_TYPE_SALES_ORDERS", "HANACDC_NONSENSE_THAT_IS_FAR");
        SettingsCheck.check(camel, new Properties(), environment, warnings::add);
        assertEquals(List.of(
                "environment variable HANACDC_BATCHSIZE overrides no setting and is ignored: did you mean HANACDC_BATCH_SIZE (hanacdc.batch-size)?",
                "environment variable HANACDC_NONSENSE_THAT_IS_FAR overrides no setting and is ignored; "
                        + "docs/configuration.md lists every setting"), warnings);
    }

    /** The file's keys and the -D system properties are checked, each named with where it was set. */
    @Test
    void theFilesKeysAndSystemPropertiesAreChecked(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("app.properties");
        Files.writeString(file, "hanacdc.task = t\nhanacdc.batchsize = 10\n");
        PropertiesComponent camel = new DefaultCamelContext().getPropertiesComponent();
        camel.setLocation("file:" + file);
        Properties system = new Properties();
        system.setProperty("hanacdc.targt.url", "jdbc:mysql://x/y");
        system.setProperty("hanacdc.config", file.toString());
        List<String> warnings = new ArrayList<>();
        String m = assertThrows(CdcException.class, () -> SettingsCheck.check(camel, system, List.of("HANACDC_TASKK"), warnings::add)).getMessage();
        assertEquals("unknown settings: hanacdc.batchsize (in " + file + "): did you mean hanacdc.batch-size?; "
                + "hanacdc.targt.url (a -D system property): did you mean hanacdc.target.url?", m);
        assertEquals(1, warnings.size(), "the environment is warned about before the refusal: " + warnings);
    }
}
