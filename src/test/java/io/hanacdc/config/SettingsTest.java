package io.hanacdc.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The declared settings (Settings) hold what is documented and what is read: every key application.properties
 * sets is declared and every setting is in it, README and docs/ name no other (docs/configuration.md is generated
 * from the declarations: ConfigurationReferenceTest), and the code and the routes read none that is not declared.
 */
class SettingsTest {
    /** A string literal that is a whole hanacdc.* name, and a Camel placeholder of one. */
    private static final Pattern LITERAL = Pattern.compile("\"(hanacdc\\.[a-z0-9.-]+)\"");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(hanacdc\\.[a-z0-9.-]+)");
    /** Literals that name no setting: StatusReporter's logger. */
    private static final Set<String> NOT_SETTINGS = Set.of("hanacdc.status");
    /** A sample table for the per-table keys. */
    private static final String TABLE = ".SALES.ORDERS";

    @Test
    void everyKeyApplicationPropertiesSetsIsDeclared() throws IOException {
        assertEquals(Set.of(), unknown(DocumentedSettings.inApplicationProperties().stream()));
    }

    @Test
    void everySettingIsInTheExampleApplicationProperties() throws IOException {
        Set<String> properties = DocumentedSettings.inApplicationProperties();
        assertEquals(List.of(), Settings.KEYS.stream().filter(k -> !properties.contains(k)).toList(), "not in application.properties");
    }

    /** A name README or docs/ mention is a setting, a family of them (hanacdc.admin) or a documented form of one (with <kind>). */
    @Test
    void theDocumentationNamesNoOtherSetting() throws IOException {
        Set<String> wrong = new TreeSet<>();
        for (String name : DocumentedSettings.inDocumentation()) {
            boolean known = Settings.isKnown(name) || Settings.isKnown(name + ".x") || Settings.KEYS.stream().anyMatch(k -> k.startsWith(name + ".")
                    || DocumentedSettings.names(name, k) || DocumentedSettings.names(name, k + TABLE));
            if (!known) {
                wrong.add(name);
            }
        }
        assertEquals(Set.of(), wrong);
    }

    @Test
    void theCodeAndTheRoutesReadNoOtherSetting() throws IOException {
        Set<String> read = new TreeSet<>();
        for (Path file : files(Stream.of("src/main/java", "src/demo/java"), ".java")) {
            read.addAll(DocumentedSettings.matches(LITERAL, Files.readString(file), 1));
        }
        for (Path file : files(Stream.of("routes", "k8s"), ".yaml")) {
            read.addAll(DocumentedSettings.matches(PLACEHOLDER, Files.readString(file), 1));
        }
        read.removeAll(NOT_SETTINGS);
        // a literal ending in a dot starts names the code completes (hanacdc.schema-changes.<kind>)
        read.removeIf(name -> name.endsWith(".") && Settings.KEYS.stream().anyMatch(k -> k.startsWith(name)));
        assertTrue(read.contains("hanacdc.batch-size") && read.contains("hanacdc.status-interval"), "the scan finds the settings: " + read);
        assertEquals(Set.of(), unknown(read.stream()));
    }

    private static Set<String> unknown(Stream<String> keys) {
        return new TreeSet<>(keys.filter(k -> !Settings.isKnown(k)).toList());
    }

    private static List<Path> files(Stream<String> folders, String suffix) throws IOException {
        List<Path> all = new ArrayList<>();
        for (String folder : folders.filter(f -> Files.isDirectory(Path.of(f))).toList()) {
            try (Stream<Path> walk = Files.walk(Path.of(folder))) {
                walk.filter(p -> p.toString().endsWith(suffix)).forEach(all::add);
            }
        }
        return all;
    }
}
