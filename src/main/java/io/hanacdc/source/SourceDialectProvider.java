package io.hanacdc.source;

/**
 * A source database hana-cdc reads from. {@link SourceDialects} finds them with java.util.ServiceLoader
 * (META-INF/services/io.hanacdc.source.SourceDialectProvider lists them), so it names none itself.
 */
public interface SourceDialectProvider {
    /** How the JDBC URLs of this source begin, e.g. "jdbc:postgresql:". */
    String urlPrefix();

    /** The URL form a user is pointed to when a URL names no supported source. */
    String urlForm();

    SourceDialect create(CaptureOptions options);
}
