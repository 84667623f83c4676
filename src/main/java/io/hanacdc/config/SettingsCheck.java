package io.hanacdc.config;

import io.hanacdc.common.CdcException;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.apache.camel.spi.PropertiesComponent;
import org.apache.camel.util.OrderedLocationProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses every hanacdc.* key set that is no setting (Settings), naming the nearest one: a typo such as
 * hanacdc.batchsize would otherwise be ignored and the default used. It runs where settings are read, so
 * before anything is installed. A HANACDC_* environment variable that overrides no key is only warned
 * about: the environment is shared with whatever else runs there.
 */
public final class SettingsCheck {
    private static final Logger LOG = LoggerFactory.getLogger(SettingsCheck.class);
    private static final String PREFIX = "hanacdc.";
    private static final String ENVIRONMENT_PREFIX = Settings.environmentName(PREFIX);
    private static final String LISTED = "docs/configuration.md lists every setting";
    private static final String FAR = ": no setting is near it";
    /** Settings are read several times in a process (a command's, then the route builder's): one warning per variable. */
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private SettingsCheck() {}

    /** Checks the keys of Camel's properties (its files, initial and override properties), the -D system properties and the environment. */
    public static void check(PropertiesComponent camel) {
        check(camel, System.getProperties(), System.getenv().keySet(), warning -> {
            if (WARNED.add(warning)) {
                LOG.warn(warning);
            }
        });
    }

    /** @param warn takes each warning about the environment, given before any key is refused */
    static void check(PropertiesComponent camel, Properties system, Collection<String> environment, Consumer<String> warn) {
        Map<String, String> origins = new TreeMap<>();
        Properties loaded = camel.loadProperties(k -> k.startsWith(PREFIX));
        for (String key : loaded.stringPropertyNames()) {
            origins.put(key, loaded instanceof OrderedLocationProperties o ? origin(o.getLocation(key)) : "in Camel's properties");
        }
        system.stringPropertyNames().stream().filter(k -> k.startsWith(PREFIX)).forEach(k -> origins.putIfAbsent(k, "a -D system property"));
        unknownEnvironment(environment).forEach(warn);
        refuseUnknown(origins);
    }

    /** @param origins each key set, with where it was set */
    static void refuseUnknown(Map<String, String> origins) {
        List<String> unknown = origins.entrySet().stream().filter(e -> !Settings.isKnown(e.getKey()))
                .map(e -> e.getKey() + " (" + e.getValue() + ")" + nearest(e.getKey(), candidates(e.getKey()))
                        .map(k -> ": did you mean " + k + "?").orElse(FAR))
                .toList();
        if (!unknown.isEmpty()) {
            throw new CdcException("unknown setting" + (unknown.size() == 1 ? " " : "s: ") + String.join("; ", unknown)
                    + (unknown.stream().anyMatch(u -> u.endsWith(FAR)) ? "; " + LISTED : ""));
        }
    }

    /** A warning for each HANACDC_* variable that overrides no key. */
    static List<String> unknownEnvironment(Collection<String> names) {
        Map<String, String> keys = new LinkedHashMap<>(); // by the variable overriding each
        Settings.KEYS.forEach(k -> keys.put(Settings.environmentName(k), k));
        return names.stream().filter(n -> n.startsWith(ENVIRONMENT_PREFIX) && !Settings.isKnownEnvironment(n)).sorted()
                .map(n -> "environment variable " + n + " overrides no setting and is ignored" + nearest(n, keys.keySet())
                        .map(e -> ": did you mean " + e + " (" + keys.get(e) + ")?").orElse("; " + LISTED))
                .toList();
    }

    /** The keys, the families' keys and, for a key of four parts or more, each per-table key with the key's last two parts as the table. */
    private static List<String> candidates(String key) {
        String[] parts = key.split("\\.");
        String table = parts.length < 4 ? null : "." + parts[parts.length - 2] + "." + parts[parts.length - 1];
        return Stream.of(Settings.KEYS.stream(), Settings.FAMILY_KEYS.stream(),
                table == null ? Stream.<String>empty() : Settings.PER_TABLE.stream().map(k -> k + table)).flatMap(s -> s).toList();
    }

    /** The candidate fewest edits away, if it is near enough to be what was meant: a quarter of the name after the prefix, at least 2. */
    static Optional<String> nearest(String wrong, Collection<String> candidates) {
        int near = Math.max(2, (wrong.length() - PREFIX.length()) / 4);
        return candidates.stream().filter(c -> distance(wrong, c) <= near).min(Comparator.comparingInt(c -> distance(wrong, c)));
    }

    /** Levenshtein distance: the fewest single-character insertions, deletions and substitutions turning a into b. */
    private static int distance(String a, String b) {
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            row[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            int diagonal = row[0];
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int above = row[j];
                row[j] = Math.min(Math.min(row[j] + 1, row[j - 1] + 1), diagonal + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1));
                diagonal = above;
            }
        }
        return row[b.length()];
    }

    private static String origin(String location) {
        return location == null || location.isBlank() ? "in Camel's properties"
                : location.equals("initial") || location.equals("override") ? "in Camel's " + location + " properties" : "in " + location;
    }
}
