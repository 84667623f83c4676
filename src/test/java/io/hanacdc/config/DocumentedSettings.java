package io.hanacdc.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The hanacdc.* names the documentation gives: application.properties' keys, README's and docs/'s. */
public final class DocumentedSettings {
    private static final Pattern PROPERTIES_KEY = Pattern.compile("(?m)^#?\\s*(hanacdc\\.[A-Za-z0-9.-]+)\\s*=");
    private static final Pattern MENTION = Pattern.compile("(?<![\\w.$\"/])hanacdc\\.[a-z][A-Za-z0-9<>_.-]*");

    private DocumentedSettings() {}

    /** Every hanacdc.* key application.properties documents, set or commented out. */
    public static Set<String> inApplicationProperties() throws IOException {
        return Set.copyOf(matches(PROPERTIES_KEY, Files.readString(Path.of("application.properties")), 1));
    }

    /** Every hanacdc.* name README.md and docs/*.md mention anywhere (a family such as `hanacdc.admin.*` as hanacdc.admin). */
    static Set<String> inDocumentation() throws IOException {
        Set<String> names = new TreeSet<>();
        for (Path file : documentation().stream().filter(f -> !f.endsWith("TESTING.md")).toList()) { // it shows mistyped keys
            matches(MENTION, Files.readString(file), 0).stream().map(n -> n.replaceAll("\\.$", ""))
                    .filter(n -> !n.contains("_")) // an object in a CDC schema named hanacdc (hanacdc.hanacdc_data_id), no setting
                    .forEach(names::add);
        }
        return names;
    }

    /** README.md, TESTING.md and the docs/ folder's markdown files. */
    public static List<Path> documentation() throws IOException {
        List<Path> files = new ArrayList<>(List.of(Path.of("README.md"), Path.of("TESTING.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        return files;
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

    static List<String> matches(Pattern pattern, String text, int group) {
        List<String> found = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            found.add(m.group(group));
        }
        return found;
    }
}
