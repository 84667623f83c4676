package io.hanacdc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** A golden test passes only by comparing with a reviewed file; writing one never passes. */
class GoldenFilesTest {
    private static final List<String> SQL = List.of("SELECT 1 FROM DUMMY", "SELECT 2 FROM DUMMY");

    /** Every golden file is listed in golden/README.md with the SAP reference pages its statements follow, and every file listed exists. */
    @Test
    void everyGoldenFileCitesItsReferencePages() throws Exception {
        String readme = Files.readString(GoldenFiles.DIRECTORY.resolve("README.md"), StandardCharsets.UTF_8);
        try (var files = Files.list(GoldenFiles.DIRECTORY)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".sql")).toList()) {
                String name = f.getFileName().toString();
                assertTrue(readme.lines().anyMatch(l -> l.startsWith("| `" + name + "`") || l.startsWith("| `") && l.split("\\|")[1].contains("`" + name + "`")),
                        name + " is not listed in golden/README.md with the pages it follows");
            }
        }
        java.util.regex.Matcher listed = java.util.regex.Pattern.compile("`(hana-[a-z-]+\\.sql)`").matcher(readme);
        while (listed.find()) {
            assertTrue(Files.exists(GoldenFiles.DIRECTORY.resolve(listed.group(1))), listed.group(1) + " is listed but missing");
        }
    }

    @Test
    void aMissingGoldenFileFailsAndIsNotWritten(@TempDir Path dir) {
        Path file = dir.resolve("missing.sql");
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> GoldenFiles.assertMatches(file, SQL, false));
        assertTrue(e.getMessage().contains("missing") && e.getMessage().contains("-Dgolden.update=true"), e.getMessage());
        assertFalse(Files.exists(file), "only the explicit update step writes golden files");
    }

    @Test
    void theUpdateStepWritesTheFileButStillFails(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("new.sql");
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> GoldenFiles.assertMatches(file, SQL, true));
        assertTrue(e.getMessage().contains("written") && e.getMessage().contains("review"), e.getMessage());
        assertEquals("SELECT 1 FROM DUMMY;\n\nSELECT 2 FROM DUMMY;\n", Files.readString(file, StandardCharsets.UTF_8));
        GoldenFiles.assertMatches(file, SQL, false); // the re-run after review passes
        GoldenFiles.assertMatches(file, SQL, true); // and an update run that changes nothing passes too
    }

    @Test
    void aDifferentGoldenFileFailsAndTheUpdateStepRewritesItButStillFails(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("old.sql");
        Files.writeString(file, "SELECT 0 FROM DUMMY;\n", StandardCharsets.UTF_8);
        assertThrows(AssertionFailedError.class, () -> GoldenFiles.assertMatches(file, SQL, false));
        assertEquals("SELECT 0 FROM DUMMY;\n", Files.readString(file, StandardCharsets.UTF_8));
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> GoldenFiles.assertMatches(file, SQL, true));
        assertTrue(e.getMessage().contains("updated"), e.getMessage());
        GoldenFiles.assertMatches(file, SQL, false);
    }
}
