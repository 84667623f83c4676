package io.hanacdc.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Where settings come from, the camel-main way: one properties file — the one named by the system
 * property hanacdc.config, else by HANACDC_CONFIG, else ./application.properties when present, else
 * the copy in the jar — whose keys system properties override, and environment variables override
 * both (hanacdc.source.url ← HANACDC_SOURCE_URL). Commands other than run read settings the same way.
 */
public final class ConfigSource {
    private ConfigSource() {}

    public static String propertiesLocation() {
        return propertiesLocation(System.getProperty("hanacdc.config"), System.getenv("HANACDC_CONFIG"),
                Files.isRegularFile(Path.of("application.properties")));
    }

    static String propertiesLocation(String property, String environment, boolean fileInWorkingDirectory) {
        for (String explicit : new String[] {property, environment}) {
            if (explicit != null && !explicit.isBlank()) {
                return "file:" + explicit;
            }
        }
        return fileInWorkingDirectory ? "file:application.properties" : "classpath:application.properties;optional=true";
    }

    /** The YAML routes the jar ships (routes/ of the repository), by name. */
    static final List<String> SHIPPED_ROUTES = List.of("status.yaml");

    /**
     * YAML routes from ./routes when that folder exists, else the ones shipped in the jar, named one by one: a
     * wildcard on the class path makes Camel read every entry of the jar, twice (seconds of every start).
     */
    public static String routesLocation() {
        return Files.isDirectory(Path.of("routes")) ? "file:routes/*.yaml"
                : SHIPPED_ROUTES.stream().map(r -> "classpath:routes/" + r).collect(Collectors.joining(","));
    }

    /** The settings; an unknown key set in the file or as a -D system property is refused here (SettingsCheck). */
    public static Function<String, Optional<String>> lookup() {
        CamelContext ctx = new DefaultCamelContext();
        ctx.getPropertiesComponent().setLocation(propertiesLocation());
        SettingsCheck.check(ctx.getPropertiesComponent());
        return key -> ctx.getPropertiesComponent().resolveProperty(key).filter(v -> !v.isBlank());
    }
}
