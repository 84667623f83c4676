package io.hanacdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.DocumentedSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in README.md, TESTING.md and docs/*.md leads somewhere: to a file or folder of the repository
 * and, with #anchor, to a heading of that file (as GitHub names it) or an {@code <a id>} in it.
 */
class DocumentationLinksTest {
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} (.+?)\\s*#*$");
    private static final Pattern ID = Pattern.compile("<a id=\"([^\"]+)\">");
    private static final Pattern CODE = Pattern.compile("(?s)```.*?```|`[^`\\n]*`");

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path file : DocumentedSettings.documentation()) {
            Matcher m = LINK.matcher(CODE.matcher(Files.readString(file)).replaceAll(""));
            while (m.find()) {
                String target = m.group(1);
                if (!target.matches("[a-z]+:.*")) { // http:, https:, mailto: are not checked
                    check(file, target).ifPresent(problem -> broken.add(file + ": " + target + " " + problem));
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    /** TESTING.md's table of tests by package names every test class in the package it is in. */
    @Test
    void everyTestClassIsListedUnderItsPackage() throws IOException {
        String testing = Files.readString(Path.of("TESTING.md"));
        Path root = Path.of("src/test/java/io/hanacdc");
        List<String> unlisted = new ArrayList<>();
        try (var files = Files.walk(root)) {
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith("Test.java")).sorted().toList()) {
                String pkg = root.relativize(f.getParent()).toString().replace('/', '.');
                String row = "| `" + (pkg.isEmpty() ? "io.hanacdc" : pkg) + "` |";
                String name = "`" + f.getFileName().toString().replace(".java", "") + "`";
                if (testing.lines().noneMatch(l -> l.startsWith(row) && l.contains(name)) && !pkg.equals("testing")) {
                    unlisted.add(name + " in the row " + row);
                }
            }
        }
        assertEquals(List.of(), unlisted, "TESTING.md \"Where the tests are\"");
    }

    @Test
    void anchorsAreNamedAsGitHubNamesThem() {
        assertEquals("before-you-start-binhana-cdc-check", slug("Before you start: `bin/hana-cdc check`"));
        assertEquals("type-mapping-sap-hana--mysqlmariadb", slug("Type mapping (SAP HANA → MySQL/MariaDB)"));
    }

    @Test
    void theCheckSeesTheDocumentation() throws IOException {
        assertTrue(DocumentedSettings.documentation().size() > 5, "README.md, TESTING.md and docs/*.md: " + DocumentedSettings.documentation());
    }

    private static Optional<String> check(Path from, String target) throws IOException {
        int hash = target.indexOf('#');
        String path = hash < 0 ? target : target.substring(0, hash);
        Path resolved = path.isEmpty() ? from : from.toAbsolutePath().getParent().resolve(path).normalize();
        if (!Files.exists(resolved)) {
            return Optional.of("names no file");
        }
        if (hash < 0 || !resolved.toString().endsWith(".md")) {
            return Optional.empty();
        }
        return anchors(resolved).contains(target.substring(hash + 1)) ? Optional.empty()
                : Optional.of("names no heading of " + resolved.getFileName());
    }

    /** The anchors of a markdown file: its headings' slugs (a repeated one numbered -1, -2…) and its {@code <a id>}s. */
    private static Set<String> anchors(Path file) throws IOException {
        String text = Pattern.compile("(?s)```.*?```").matcher(Files.readString(file)).replaceAll("");
        Set<String> anchors = new HashSet<>();
        Matcher h = HEADING.matcher(text);
        while (h.find()) {
            String s = slug(h.group(1));
            String unique = s;
            for (int n = 1; !anchors.add(unique); n++) {
                unique = s + "-" + n;
            }
        }
        Matcher id = ID.matcher(text);
        while (id.find()) {
            anchors.add(id.group(1));
        }
        return anchors;
    }

    /** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
    static String slug(String heading) {
        return heading.strip().toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}_\\- ]", "").replace(' ', '-');
    }
}
