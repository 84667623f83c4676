package io.hanacdc.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the jar and the image ship, checked from the build files: hana-cdc's licence, every shipped library in
 * THIRD-PARTY.md, and SAP's driver, whose licence forbids passing it on, left out of both but found in lib/.
 */
class PackagingTest {
    private static final Pattern DEPENDENCY = Pattern.compile("<dependency>\\s*<groupId>([^<]+)</groupId>\\s*<artifactId>([^<]+)</artifactId>"
            + "(?:\\s*<version>([^<]+)</version>)?(?:\\s*<scope>([^<]+)</scope>)?");

    private static String read(String file) throws Exception {
        return Files.readString(Path.of(file));
    }

    @Test
    void licenceAndEveryShippedDirectDependencyListed() throws Exception {
        assertTrue(read("LICENSE").contains("Apache License\n                           Version 2.0, January 2004"));
        String pom = read("pom.xml");
        String camel = find(pom, "<camel.version>([^<]+)</camel.version>");
        String kafka = find(pom, "<kafka.version>([^<]+)</kafka.version>");
        // the task's own dependencies: after the BOM imports, before the build and the profiles
        String own = pom.substring(pom.indexOf("</dependencyManagement>"), pom.indexOf("<build>"));
        String thirdParty = read("THIRD-PARTY.md");
        Matcher m = DEPENDENCY.matcher(own);
        int shipped = 0;
        while (m.find()) {
            String scope = m.group(4) == null ? "compile" : m.group(4);
            String coordinates = m.group(1) + ":" + m.group(2) + ":" + (m.group(3) == null ? camel
                    : m.group(3).replace("${camel.version}", camel).replace("${kafka.version}", kafka));
            if (scope.equals("compile") || scope.equals("runtime")) {
                shipped++;
                assertTrue(thirdParty.contains("(" + coordinates + " "), coordinates + " is shipped but not in THIRD-PARTY.md: regenerate it");
            }
        }
        assertTrue(shipped > 10, "dependencies found in pom.xml: " + shipped);
    }

    @Test
    void sapsDriverStaysOutOfTheJarAndTheImageAndIsFoundInLib() throws Exception {
        String pom = read("pom.xml");
        assertEquals("provided", find(pom, "<artifactId>ngdbc</artifactId>\\s*<version>[^<]+</version>\\s*<scope>([^<]+)</scope>"),
                "ngdbc compiles and tests here but is not shaded into the jar");
        assertTrue(pom.contains("<Class-Path>lib/ngdbc.jar</Class-Path>"), "java -jar finds lib/ngdbc.jar beside the jar");
        assertFalse(read("THIRD-PARTY.md").lines().anyMatch(l -> l.startsWith("- (") && l.contains("com.sap")), "not listed as shipped");

        String dockerfile = read("Dockerfile");
        assertFalse(dockerfile.lines().anyMatch(l -> l.startsWith("COPY") && (l.contains("ngdbc") || l.contains("lib"))),
                "the image is built without SAP's driver");
        assertTrue(dockerfile.contains("\"-cp\", \"/app/hana-cdc.jar:/app/lib/*\", \"io.hanacdc.Application\""), "the image takes /app/lib/*.jar");
        assertTrue(dockerfile.contains("COPY target/hana-cdc.jar LICENSE THIRD-PARTY.md /app/"), "the image carries the licences");
        assertTrue(read("bin/hana-cdc").contains("-cp \"$jar:$lib/*\" io.hanacdc.Application"), "the launcher takes lib/*.jar");
        assertTrue(read(".gitignore").lines().anyMatch("/lib/*.jar"::equals), "a driver put in lib/ is never committed");
    }

    /** Camel K resolves hana-cdc's Maven artifact with its dependencies: that artifact must be the plain jar, not the shaded one. */
    @Test
    void publishedArtifactIsThePlainJarAndTheRunnableJarAFileBesideIt() throws Exception {
        String pom = read("pom.xml");
        String shade = pom.substring(pom.indexOf("<artifactId>maven-shade-plugin</artifactId>"));
        assertTrue(shade.contains("<outputFile>${project.build.directory}/${runnable.jar}.jar</outputFile>"), "shade writes a file of its own");
        assertFalse(shade.substring(0, shade.indexOf("</plugin>")).contains("shadedArtifactAttached"), "and attaches nothing");
        assertEquals("hana-cdc", find(pom, "<runnable.jar>([^<]+)</runnable.jar>"), "bin/hana-cdc, the image and the bench run target/hana-cdc.jar");
        assertFalse(pom.contains("<finalName>"), "the artifact keeps Maven's own name");
    }

    private static String find(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex);
        return m.group(1);
    }
}
