package io.hanacdc.config;

import java.util.stream.Collectors;

/** docs/configuration.md as the declarations (Settings.GROUPS) give it; ConfigurationReferenceTest keeps the file so. */
final class ConfigurationReference {
    static final String REGENERATE = "mvn -q test -Dtest=ConfigurationReferenceTest -Dgolden.update=true";

    private static final String INTRO = """
            # Configuration reference

            <!-- Generated from the settings' declarations (io.hanacdc.config.Setting, each group's SettingGroup) by
                 ConfigurationReferenceTest: edit the declarations, then %s -->

            Settings are read from one properties file, the first of: the file named by the system property
            `-Dhanacdc.config=PATH` (in `HANACDC_JAVA_OPTS`), the file named by the environment variable
            `HANACDC_CONFIG`, `./application.properties` in the working directory, the copy inside the jar. Only
            that file is read; the others are not merged in. Any key of it can be overridden by a `-D` system
            property, and an environment variable — upper case, dots and dashes as underscores
            (`hanacdc.source.url` → `HANACDC_SOURCE_URL`) — overrides both. `ConfigSourceTest` pins this order.
            [application.properties](../application.properties) is a commented example.

            A `hanacdc.*` key, in the file or as a `-D` property, that is none of the settings below (nor one of their
            per-table keys, the example routes' `hanacdc.example.*`, the tests' `hanacdc.test.*` or Kafka's client
            settings as `hanacdc.kafka.*`) is refused at start, naming the nearest setting, instead of being ignored; an
            unknown `HANACDC_*` environment variable is warned about in the log.

            A setting written `key` / `key-file` is a credential: its value, or the file holding it (see
            [Credentials from files](operations.md#credentials-from-files)); set one of the two. A setting marked
            *per table* also takes one table's value, as `<key>.<schema>.<table>` (e.g.
            `hanacdc.schema-changes.change-type.SALES.ORDERS = apply`).

            Camel's own settings (`camel.main.*`) work as usual; `camel.main.routes-include-pattern` replaces
            the default route location.
            """;

    private ConfigurationReference() {}

    static String markdown() {
        StringBuilder md = new StringBuilder(INTRO.formatted(REGENERATE));
        for (SettingGroup group : Settings.GROUPS) {
            md.append("\n## ").append(group.title()).append("\n\n");
            if (!group.about().isEmpty()) {
                md.append(group.about()).append("\n\n");
            }
            md.append("| key | default | meaning |\n|---|---|---|\n");
            group.settings().forEach(s -> md.append(row(s)));
        }
        return md.toString();
    }

    private static String row(Setting s) {
        String key = "`" + s.key() + "`" + (s.type() == Setting.Type.SECRET ? " / `" + s.fileKey() + "`" : "")
                + (s.perTable() ? " (per table)" : "");
        String values = switch (s.type()) {
            case CHOICE -> " Values: " + s.choices().stream().map(c -> "`" + c + "`").collect(Collectors.joining(", ")) + ".";
            case NUMBER -> " A whole number, at least " + s.min() + ".";
            default -> "";
        };
        return "| " + key + " | " + s.documentedDefault() + " | " + s.doc() + (s.doc().endsWith(".") ? "" : ".") + values + " |\n";
    }
}
