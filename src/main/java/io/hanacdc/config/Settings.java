package io.hanacdc.config;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * Every hanacdc.* setting there is: application.properties and README's configuration reference document
 * each, and the code reads no other (SettingsTest keeps the four in step). A key set but not known here is
 * refused at start (SettingsCheck) instead of being silently ignored.
 */
public final class Settings {
    private Settings() {}

    private static final List<String> SCHEMA_CHANGES = Arrays.stream(SchemaChangePolicy.Kind.values()).map(SchemaChangePolicy.Kind::setting).toList();

    /** The keys, in application.properties' order. */
    static final List<String> KEYS = Stream.of(List.of(
            "hanacdc.config", // names the properties file (ConfigSource): as a -D system property or HANACDC_CONFIG
            "hanacdc.task",
            "hanacdc.source.url", "hanacdc.source.user", "hanacdc.source.password", "hanacdc.source.password-file",
            "hanacdc.target.url", "hanacdc.target.user", "hanacdc.target.password", "hanacdc.target.password-file",
            TargetNames.TEMPLATE_KEY, TargetNames.MAP_KEY,
            "hanacdc.tables",
            "hanacdc.cdc-schema", "hanacdc.target.control-database", "hanacdc.target.wide-numbers", "hanacdc.target.sub-microseconds",
            "hanacdc.kafka.topic-prefix", "hanacdc.kafka.partitions", "hanacdc.kafka.replication-factor", "hanacdc.kafka.tombstones",
            "hanacdc.kafka.schemas", "hanacdc.kafka.state-memory-mb",
            "hanacdc.poll-interval-ms", "hanacdc.batch-size", "hanacdc.stream.parallel-tables", "hanacdc.snapshot.chunk-size",
            "hanacdc.install.lock-timeout-ms",
            "hanacdc.alter.user", "hanacdc.alter.password", "hanacdc.alter.password-file",
            "hanacdc.check.writer-password", "hanacdc.check.writer-password-file",
            "hanacdc.status-interval",
            "hanacdc.capture.mode", "hanacdc.capture.on-error", "hanacdc.capture.trigger-level", "hanacdc.capture.max-pending-rows",
            "hanacdc.capture.cdc-partitions",
            "hanacdc.watermark", "hanacdc.watermark.probe-timeout-ms", "hanacdc.watermark.probes-per-poll",
            "hanacdc.admin.host", "hanacdc.admin.port", "hanacdc.admin.token", "hanacdc.admin.token-file",
            "hanacdc.health.max-lag-s",
            "hanacdc.heartbeat.interval-s", "hanacdc.purge.interval-s", "hanacdc.purge.retention-s", "hanacdc.purge.chunk-size",
            VanishCheckSettings.KEY,
            "hanacdc.schema.check-interval-ms"), SCHEMA_CHANGES, List.of(
            "hanacdc.cluster", "hanacdc.cluster.replica", "hanacdc.cluster.address", "hanacdc.cluster.secret", "hanacdc.cluster.secret-file",
            "hanacdc.cluster.peers", "hanacdc.cluster.heartbeat-ms", "hanacdc.cluster.replica-timeout-ms",
            "hanacdc.cluster.file.root", "hanacdc.cluster.file.interval-ms", "hanacdc.cluster.file.stale-after-intervals",
            "hanacdc.cluster.kubernetes.namespace", "hanacdc.cluster.kubernetes.lease-prefix",
            "hanacdc.cluster.kubernetes.lease-duration-ms", "hanacdc.cluster.kubernetes.renew-deadline-ms",
            "hanacdc.cluster.kubernetes.retry-period-ms")).flatMap(List::stream).toList();

    /** Keys that also take one table's value, as {@code <key>.<schema>.<table>}. */
    static final List<String> PER_TABLE = Stream.concat(Stream.of(VanishCheckSettings.KEY), SCHEMA_CHANGES.stream()).toList();

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
