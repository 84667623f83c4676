package io.hanacdc.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The precedence docs/configuration.md states: which file is read, and what overrides its keys. */
class ConfigSourceTest {
    @Test
    void theFileIsNamedByThePropertyThenTheEnvironmentThenTheWorkingDirectory() {
        assertEquals("file:/a.properties", ConfigSource.propertiesLocation("/a.properties", "/b.properties", true));
        assertEquals("file:/b.properties", ConfigSource.propertiesLocation(null, "/b.properties", true));
        assertEquals("file:/b.properties", ConfigSource.propertiesLocation(" ", "/b.properties", true), "blank counts as unset");
        assertEquals("file:application.properties", ConfigSource.propertiesLocation(null, "", true));
        assertEquals("classpath:application.properties;optional=true", ConfigSource.propertiesLocation(null, null, false));
    }

    /** The jar's routes are named one by one (no class-path wildcard, which reads the whole jar): every file of routes/, no other. */
    @Test
    void theShippedRoutesAreEveryYamlFileOfTheRoutesFolder() throws IOException {
        List<String> files = new ArrayList<>();
        try (var list = Files.list(Path.of("routes"))) {
            list.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".yaml")).sorted().forEach(files::add);
        }
        assertEquals(files, ConfigSource.SHIPPED_ROUTES.stream().sorted().toList());
    }

    /** Keys: environment variable over system property over the one file read (the others are not merged in). */
    @Test
    void environmentOverridesSystemPropertiesWhichOverrideTheFile(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("application.properties"), "hanacdc.task = cwd\nhanacdc.batch-size = 1\n");
        Files.writeString(dir.resolve("named.properties"), "hanacdc.task = named\nhanacdc.poll-interval-ms = 2\nhanacdc.heartbeat.interval-s = 3\n");
        String named = dir.resolve("named.properties").toString();
        assertEquals("named - 2 3", print(dir, Map.of("HANACDC_CONFIG", named)));
        assertEquals("named - 2 3", print(dir, Map.of("HANACDC_CONFIG", "nowhere.properties"), "-Dhanacdc.config=" + named));
        assertEquals("env - 2 prop", print(dir, Map.of("HANACDC_CONFIG", named, "HANACDC_TASK", "env"),
                "-Dhanacdc.task=prop", "-Dhanacdc.heartbeat.interval-s=prop"));
        assertEquals("cwd 1 - -", print(dir, Map.of()));
    }

    /** Runs {@link Print} in its own JVM, in {@code dir}, with these environment variables and JVM options. */
    private static String print(Path dir, Map<String, String> env, String... jvmOptions) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(jvmOptions));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Print.class.getName()));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().keySet().removeIf(k -> k.startsWith("HANACDC_"));
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        p.waitFor(60, TimeUnit.SECONDS);
        return out;
    }

    public static final class Print {
        public static void main(String[] args) {
            var settings = ConfigSource.lookup();
            StringBuilder out = new StringBuilder();
            for (String key : new String[] {"hanacdc.task", "hanacdc.batch-size", "hanacdc.poll-interval-ms", "hanacdc.heartbeat.interval-s"}) {
                out.append(out.length() == 0 ? "" : " ").append(settings.apply(key).orElse("-"));
            }
            System.out.println(out);
        }
    }
}
