package io.hanacdc.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The hanacdc.* names the documentation gives: application.properties' keys and README's. */
public final class DocumentedSettings {
    private static final Pattern PROPERTIES_KEY = Pattern.compile("(?m)^#?\\s*(hanacdc\\.[A-Za-z0-9.-]+)\\s*=");
    /** A row of a reference table, | `hanacdc.…` | default | meaning |: its first cell and the rest. */
    private static final Pattern REFERENCE_ROW = Pattern.compile("(?m)^\\| (`hanacdc\\.[^|]*)\\|(.*)$");
    private static final Pattern QUOTED = Pattern.compile("`([^`]+)`");
    private static final Pattern MENTION = Pattern.compile("(?<![\\w.$\"/])hanacdc\\.[a-z][A-Za-z0-9<>_.-]*");

    private DocumentedSettings() {}

    /** Every hanacdc.* key application.properties documents, set or commented out. */
    public static Set<String> inApplicationProperties() throws IOException {
        return Set.copyOf(matches(PROPERTIES_KEY, Files.readString(Path.of("application.properties")), 1));
    }

    /**
     * The names in the rows of README's reference tables. In the first cell `.x` after a name is short for that
     * name with its last part replaced (`hanacdc.admin.host` / `.port`); names may hold placeholders (`<kind>`).
     */
    static List<String> inReadmeReference() throws IOException {
        List<String> names = new ArrayList<>();
        Matcher row = REFERENCE_ROW.matcher(readme());
        while (row.find()) {
            String last = null;
            for (String name : matches(QUOTED, row.group(1), 1)) {
                last = name.startsWith(".") ? last.substring(0, last.lastIndexOf('.')) + name : name;
                names.add(last);
            }
            matches(QUOTED, row.group(2), 1).stream().filter(n -> n.startsWith("hanacdc.")).forEach(names::add);
        }
        return names;
    }

    /** Every hanacdc.* name README mentions anywhere (a family such as `hanacdc.admin.*` as hanacdc.admin). */
    static Set<String> inReadme() throws IOException {
        return Set.copyOf(matches(MENTION, readme(), 0).stream().map(n -> n.replaceAll("\\.$", "")).toList());
    }

    /** Whether a documented name names the key, each placeholder ({@code <kind>}) standing for one part. */
    static boolean names(String documented, String key) {
        String[] parts = documented.split("(?=<)|(?<=>)");
        StringBuilder regex = new StringBuilder();
        for (String part : parts) {
            regex.append(part.startsWith("<") ? "[^.]+" : Pattern.quote(part));
        }
        return key.matches(regex.toString());
    }

    private static String readme() throws IOException {
        return Files.readString(Path.of("README.md"));
    }

    static List<String> matches(Pattern pattern, String text, int group) {
        List<String> found = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            found.add(m.group(group));
        }
        return found;
    }
}
