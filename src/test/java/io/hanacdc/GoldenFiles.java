package io.hanacdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * SQL pinned as golden text in src/test/resources/golden. A test passes only when the file exists and
 * matches: a missing file fails, so a golden test can never pass without having compared anything.
 * Writing is a separate, explicit step: with -Dgolden.update=true a missing or different file is
 * written and the test still fails, asking for the diff to be reviewed and the test re-run.
 */
public final class GoldenFiles {
    static final Path DIRECTORY = Path.of("src/test/resources/golden");

    private GoldenFiles() {}

    public static void assertMatches(String name, List<String> statements) throws IOException {
        assertMatches(DIRECTORY.resolve(name), statements, Boolean.getBoolean("golden.update"));
    }

    static void assertMatches(Path file, List<String> statements, boolean update) throws IOException {
        assertText(file, String.join(";\n\n", statements) + ";\n", update);
    }

    /** A generated text file (docs/configuration.md) pinned the same way, -Dgolden.update=true writing it. */
    public static void assertText(Path file, String text) throws IOException {
        assertText(file, text, Boolean.getBoolean("golden.update"));
    }

    private static void assertText(Path file, String text, boolean update) throws IOException {
        boolean exists = Files.exists(file);
        if (exists && Files.readString(file, StandardCharsets.UTF_8).equals(text)) {
            return;
        }
        if (update) {
            Files.writeString(file, text, StandardCharsets.UTF_8);
            fail("golden file " + file + (exists ? " updated" : " written") + ": review it (git diff) and re-run without -Dgolden.update");
        }
        if (!exists) {
            fail("golden file " + file + " is missing: write it with -Dgolden.update=true, review it and re-run");
        }
        assertEquals(Files.readString(file, StandardCharsets.UTF_8), text,
                "golden " + file + " (if the change is intended: -Dgolden.update=true, review the diff, re-run)");
    }
}
