package io.hanacdc.config;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * Every hanacdc.* setting there is: the groups of config and those each part declares (SettingGroup), each setting
 * declared once (Setting). docs/configuration.md is generated from them and application.properties sets none other
 * (SettingsTest). A key set but not known here is refused at start (SettingsCheck) instead of being silently ignored.
 */
public final class Settings {
    private Settings() {}

    /** Every group, in the reference's order: config's own and those found through ServiceLoader. */
    public static final List<SettingGroup> GROUPS = Stream.concat(
                    Stream.of(new TaskSettings(), new StreamSettings(), new MaintenanceSettings(), new CommandSettings()),
                    ServiceLoader.load(SettingGroup.class, Settings.class.getClassLoader()).stream().map(ServiceLoader.Provider::get))
            .sorted(Comparator.comparingInt(SettingGroup::rank).thenComparing(SettingGroup::title)).toList();

    /** Every key, in the reference's order (a secret's -file twin after it). */
    static final List<String> KEYS = GROUPS.stream().flatMap(g -> g.settings().stream()).flatMap(Setting::keys).toList();

    /** Keys that also take one table's value, as {@code <key>.<schema>.<table>}. */
    static final List<String> PER_TABLE = GROUPS.stream().flatMap(g -> g.settings().stream()).filter(Setting::perTable).map(Setting::key).toList();

    /** Families let through unchecked: the example routes' own (routes/examples/) and the test suite's (also as HANACDC_TEST_*). */
    static final List<String> PASS_THROUGH = List.of("hanacdc.example.", "hanacdc.test.");

    /** Families other parts own and check (SettingsFamily): their keys, prefix and name. */
    static final List<String> FAMILY_KEYS = ServiceLoader.load(SettingsFamily.class, Settings.class.getClassLoader()).stream()
            .map(ServiceLoader.Provider::get).flatMap(f -> f.names().stream().map(n -> f.prefix() + n)).sorted().toList();

    /** The prefixes of those families: their environment variables cannot be told from their keys, so any is let through. */
    private static final List<String> FAMILY_PREFIXES = ServiceLoader.load(SettingsFamily.class, Settings.class.getClassLoader()).stream()
            .map(p -> p.get().prefix()).toList();

    /** The launcher's own environment variables (bin/hana-cdc): they set no key. */
    private static final List<String> LAUNCHER_ENVIRONMENT = List.of("HANACDC_JAVA_OPTS", "HANACDC_JAR", "HANACDC_LIB");

    /** Known keys begin so: one table's value of a per-table key, and the pass-through families. */
    private static final List<String> PREFIXES = Stream.concat(PER_TABLE.stream().map(k -> k + "."), PASS_THROUGH.stream()).toList();

    /** The declaration of a key (one of a secret's two); a key no group declares is a defect. */
    static Setting declared(String key) {
        return GROUPS.stream().flatMap(g -> g.settings().stream()).filter(s -> s.keys().anyMatch(key::equals)).findFirst()
                .orElseThrow(() -> new IllegalStateException(key + " is declared by no SettingGroup"));
    }

    public static boolean isKnown(String key) {
        return KEYS.contains(key) || FAMILY_KEYS.contains(key) || PREFIXES.stream().anyMatch(key::startsWith);
    }

    /**
     * Whether an environment variable is one of hana-cdc's: the reverse of {@link #environmentName} is
     * ambiguous (is HANACDC_A_B hanacdc.a.b or hanacdc.a-b?), so the known keys' own forms are compared.
     */
    static boolean isKnownEnvironment(String name) {
        return LAUNCHER_ENVIRONMENT.contains(name) || KEYS.stream().map(Settings::environmentName).anyMatch(name::equals)
                || Stream.concat(PREFIXES.stream(), FAMILY_PREFIXES.stream()).map(Settings::environmentName).anyMatch(name::startsWith);
    }

    /** The environment variable overriding a key, as Camel looks it up: hanacdc.source.url ← HANACDC_SOURCE_URL. */
    public static String environmentName(String key) {
        return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }
}
