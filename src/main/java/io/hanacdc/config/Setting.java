package io.hanacdc.config;

import java.util.List;
import java.util.stream.Stream;

/**
 * One hanacdc.* setting, declared once where it belongs (a {@link SettingGroup}): its key, type, default,
 * validation and one line of documentation. {@link CdcConfig.Reader} reads it by its declaration, Settings knows
 * it for the unknown-key check, and docs/configuration.md is generated from it (ConfigurationReferenceTest).
 *
 * @param fallback    the default value; null when there is none or it is worked out where it is read
 * @param defaultText the default as the reference writes it (markdown), for defaults worked out where read
 * @param choices     the values a choice takes, its default first
 * @param min         the least value a number takes
 * @param perTable    also set for one table, as {@code <key>.<schema>.<table>}
 */
public record Setting(String key, Type type, String fallback, String defaultText, List<String> choices, long min, String doc,
                      boolean perTable) {
    /** A secret also comes from the file its {@code -file} twin names (SecretFile). */
    public enum Type { TEXT, NUMBER, CHOICE, SECRET }

    public static Setting text(String key, String fallback, String doc) {
        return new Setting(key, Type.TEXT, fallback, null, List.of(), 0, doc, false);
    }

    /** A setting without default, or whose default is worked out where it is read. */
    public static Setting text(String key, String doc) {
        return text(key, null, doc);
    }

    public static Setting secret(String key, String doc) {
        return new Setting(key, Type.SECRET, null, null, List.of(), 0, doc, false);
    }

    /** A whole number of at least {@code min}; {@code fallback} null when the default is worked out where read. */
    public static Setting number(String key, Long fallback, long min, String doc) {
        return new Setting(key, Type.NUMBER, fallback == null ? null : fallback.toString(), null, List.of(), min, doc, false);
    }

    /** One of {@code choices}, the first being the default. */
    public static Setting choice(String key, List<String> choices, String doc) {
        return new Setting(key, Type.CHOICE, choices.get(0), null, List.copyOf(choices), 0, doc, false);
    }

    /** The same setting with its default written so in the reference. */
    public Setting defaultText(String text) {
        return new Setting(key, type, fallback, text, choices, min, doc, perTable);
    }

    public Setting perTableToo() {
        return new Setting(key, type, fallback, defaultText, choices, min, doc, true);
    }

    /** The same setting for one table: {@code <key>.<schema>.<table>}, defaulting to the value for all tables. */
    public Setting forTable(String schema, String table) {
        return new Setting(key + "." + schema + "." + table, type, fallback, defaultText, choices, min, doc, false);
    }

    /** The keys it is set by: a secret's {@code -file} twin too. */
    public Stream<String> keys() {
        return type == Type.SECRET ? Stream.of(key, fileKey()) : Stream.of(key);
    }

    public String fileKey() {
        return key + "-file";
    }

    /** The key: a setting is written into messages as its key ("set " + WIDE_NUMBERS + "=text"). */
    @Override
    public String toString() {
        return key;
    }

    /** The default as the reference writes it. */
    public String documentedDefault() {
        return defaultText != null ? defaultText : fallback == null ? "—" : fallback.isEmpty() ? "empty" : "`" + fallback + "`";
    }
}
