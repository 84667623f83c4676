package io.hanacdc.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Where settings come from, the camel-main way: ./application.properties when present (else the copy
 * in the jar), overridden by system properties and environment variables (hanacdc.source.url ←
 * HANACDC_SOURCE_URL). Commands other than run read settings through the same component.
 */
public final class ConfigSource {
    private ConfigSource() {}

    public static String propertiesLocation() {
        String explicit = System.getProperty("hanacdc.config", System.getenv("HANACDC_CONFIG"));
        if (explicit != null && !explicit.isBlank()) {
            return "file:" + explicit;
        }
        return Files.isRegularFile(Path.of("application.properties")) ? "file:application.properties"
                : "classpath:application.properties;optional=true";
    }

    /** YAML routes from ./routes when that folder exists, else the ones shipped in the jar. */
    public static String routesLocation() {
        return Files.isDirectory(Path.of("routes")) ? "file:routes/*.yaml" : "classpath:routes/*.yaml";
    }

    public static Function<String, Optional<String>> lookup() {
        CamelContext ctx = new DefaultCamelContext();
        ctx.getPropertiesComponent().setLocation(propertiesLocation());
        return key -> ctx.getPropertiesComponent().resolveProperty(key).filter(v -> !v.isBlank());
    }
}
