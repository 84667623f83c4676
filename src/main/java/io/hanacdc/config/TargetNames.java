package io.hanacdc.config;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a source table's target is named: {@code hanacdc.target.table-name}, a template of
 * {@code ${schema}} and {@code ${table}} (default {@code ${table}}), and {@code hanacdc.target.database-map},
 * {@code schema:database} pairs (unmapped schemas go to the database of hanacdc.target.url). The target's
 * limits are checked where the names are used (target.mysql.TargetNaming).
 */
public record TargetNames(String template, Map<String, String> databases) {
    public static final String TEMPLATE_KEY = "hanacdc.target.table-name";
    public static final String MAP_KEY = "hanacdc.target.database-map";
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([^}]*)}");
    private static final List<String> KNOWN = List.of("schema", "table");

    public static TargetNames load(CdcConfig.Reader r) {
        String template = r.text(TaskSettings.TABLE_NAME);
        Matcher m = PLACEHOLDER.matcher(template);
        while (m.find()) {
            if (!KNOWN.contains(m.group(1))) {
                throw new CdcException(TEMPLATE_KEY + "=" + template + " has the unknown placeholder " + m.group()
                        + ": use ${schema} and ${table}");
            }
        }
        if (PLACEHOLDER.matcher(template).replaceAll("").contains("${")) {
            throw new CdcException(TEMPLATE_KEY + "=" + template + " has an unclosed ${: use ${schema} and ${table}");
        }
        return new TargetNames(template, parseMap(r.text(TaskSettings.DATABASE_MAP)));
    }

    /** The target table's name for a source table. */
    public String tableName(TableId id) {
        return PLACEHOLDER.matcher(template).replaceAll(m -> Matcher.quoteReplacement(m.group(1).equals("schema") ? id.schema() : id.name()));
    }

    /** The target database a source table's schema is mapped to, if any. */
    public Optional<String> database(TableId id) {
        return Optional.ofNullable(databases.get(id.schema()));
    }

    /**
     * {@code s1:db1,s2:db2}; a name holding a comma, colon or double quote is written in double quotes,
     * with its own double quotes doubled ({@code "a,b":db1}), as in hanacdc.tables.
     */
    static Map<String, String> parseMap(String spec) {
        Map<String, String> map = new LinkedHashMap<>();
        for (List<String> entry : split(spec)) {
            if (entry.size() == 1 && entry.get(0).isEmpty()) {
                continue; // a trailing or doubled comma
            }
            if (entry.size() != 2 || entry.get(0).isEmpty() || entry.get(1).isEmpty()) {
                throw new CdcException(MAP_KEY + "=" + spec + " is not a list of schema:database pairs, e.g. s1:db1,s2:db2"
                        + " (quote names holding , : or \": \"a,b\":db1)");
            }
            if (map.put(entry.get(0), entry.get(1)) != null) {
                throw new CdcException(MAP_KEY + " maps schema " + entry.get(0) + " twice: keep one entry");
            }
        }
        return Map.copyOf(map);
    }

    /** Entries at unquoted commas, each split at unquoted colons; blanks around a name are dropped, blanks in quotes kept. */
    private static List<List<String>> split(String spec) {
        List<List<String>> entries = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int kept = 0; // length of cur up to its last character that is not an unquoted blank
        boolean quoted = false;
        for (int i = 0; i < spec.length(); i++) {
            char ch = spec.charAt(i);
            if (ch == '"' && quoted && i + 1 < spec.length() && spec.charAt(i + 1) == '"') {
                cur.append('"');
                i++;
            } else if (ch == '"') {
                quoted = !quoted;
            } else if (!quoted && (ch == ':' || ch == ',')) {
                parts.add(cur.substring(0, kept));
                cur.setLength(0);
                kept = 0;
                if (ch == ',') {
                    entries.add(parts);
                    parts = new ArrayList<>();
                }
            } else if (quoted || !Character.isWhitespace(ch) || kept > 0) {
                cur.append(ch);
            }
            if (cur.length() > 0 && (quoted || !Character.isWhitespace(ch))) {
                kept = cur.length();
            }
        }
        if (quoted) {
            throw new CdcException(MAP_KEY + "=" + spec + " has an unclosed double quote");
        }
        parts.add(cur.substring(0, kept));
        entries.add(parts);
        return entries;
    }
}
