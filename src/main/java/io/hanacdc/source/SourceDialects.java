package io.hanacdc.source;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.config.SourceKind;
import java.util.List;
import java.util.ServiceLoader;

/** Chooses the source dialect from the JDBC URL, asking each source on the class path whether the URL is its own. */
public final class SourceDialects {
    private static final List<SourceDialectProvider> PROVIDERS = ServiceLoader.load(SourceDialectProvider.class,
            SourceDialectProvider.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();

    private SourceDialects() {}

    public static SourceDialect forUrl(String jdbcUrl, CaptureOptions options) {
        return SourceKind.forUrl(jdbcUrl, PROVIDERS).create(options);
    }
}
