package io.hanacdc.source;

import io.hanacdc.CdcException;
import io.hanacdc.Secrets;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/** Chooses the source dialect from the JDBC URL, asking each source on the class path whether the URL is its own. */
public final class SourceDialects {
    private static final List<SourceDialectProvider> PROVIDERS = ServiceLoader.load(SourceDialectProvider.class,
            SourceDialectProvider.class.getClassLoader()).stream().map(ServiceLoader.Provider::get).toList();

    private SourceDialects() {}

    public static SourceDialect forUrl(String jdbcUrl, CaptureOptions options) {
        return PROVIDERS.stream().filter(p -> jdbcUrl.startsWith(p.urlPrefix())).findFirst().map(p -> p.create(options))
                .orElseThrow(() -> new CdcException("hanacdc.source.url " + Secrets.maskUrl(jdbcUrl) + " is not a supported source: use "
                        + PROVIDERS.stream().map(SourceDialectProvider::urlForm).collect(Collectors.joining(" or "))));
    }

    /** The CDC schema when hanacdc.cdc-schema is not set, for the source the URL names. */
    public static String defaultCdcSchema(String jdbcUrl) {
        return forUrl(jdbcUrl, CaptureOptions.DEFAULT).defaultCdcSchema();
    }

    /** Seconds between vanished-row checks when hanacdc.vanish-check.interval-s is not set, for the source the URL names. */
    public static int defaultVanishCheckSeconds(String jdbcUrl) {
        return forUrl(jdbcUrl, CaptureOptions.DEFAULT).defaultVanishCheckSeconds();
    }
}
