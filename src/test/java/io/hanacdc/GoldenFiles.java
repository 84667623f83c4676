package io.hanacdc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** SQL pinned as golden text in src/test/resources/golden (regenerate with -Dgolden.update=true and review the diff). */
public final class GoldenFiles {
    private GoldenFiles() {}

    public static void assertMatches(String name, List<String> statements) throws IOException {
        String text = String.join(";\n\n", statements) + ";\n";
        Path file = Path.of("src/test/resources/golden", name);
        if (Boolean.getBoolean("golden.update") || !Files.exists(file)) {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(file, StandardCharsets.UTF_8), text, "golden " + file + " (regenerate with -Dgolden.update=true)");
    }
}
