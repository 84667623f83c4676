package io.hanacdc.source;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.config.SourceKind;

/**
 * A source database hana-cdc reads from. {@link SourceDialects} finds them with java.util.ServiceLoader
 * (META-INF/services/io.hanacdc.source.SourceDialectProvider lists them, and io.hanacdc.config.SourceKind
 * the same classes for the settings), so it names none itself.
 */
public interface SourceDialectProvider extends SourceKind {
    SourceDialect create(CaptureOptions options);
}
