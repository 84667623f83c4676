package io.hanacdc.config;

import io.hanacdc.common.CdcException;
import io.hanacdc.common.Secrets;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/**
 * A kind of source as the settings see it: the URLs it takes and the defaults that differ by source. Each source's
 * home implements it (META-INF/services), so the settings name no source themselves.
 */
public interface SourceKind {
    /** How the JDBC URLs of this source begin, e.g. "jdbc:postgresql:". */
    String urlPrefix();

    /** The URL form a user is pointed to when a URL names no supported source. */
    String urlForm();

    /**
     * The CDC schema when hanacdc.cdc-schema is not set: the name an unquoted identifier folds to on
     * this source, so a DBA's script can name it without quotes.
     */
    String defaultCdcSchema();

    /**
     * Seconds between two checks of a streaming table for rows that vanished at the source without a
     * captured removal, when hanacdc.vanish-check.interval-s is not set; 0: off. On when a common
     * statement removes rows without firing the capture triggers and an exact row count is cheap.
     */
    int defaultVanishCheckSeconds();

    /** The kind among {@code kinds} whose URLs begin as {@code jdbcUrl} does; refused with the supported forms when none. */
    static <K extends SourceKind> K forUrl(String jdbcUrl, List<K> kinds) {
        return kinds.stream().filter(k -> jdbcUrl.startsWith(k.urlPrefix())).findFirst()
                .orElseThrow(() -> new CdcException("hanacdc.source.url " + Secrets.maskUrl(jdbcUrl) + " is not a supported source: use "
                        + kinds.stream().map(SourceKind::urlForm).collect(Collectors.joining(" or "))));
    }

    /** The kind of the source {@code jdbcUrl} names, among those on the class path. */
    static SourceKind forUrl(String jdbcUrl) {
        return forUrl(jdbcUrl, Loaded.KINDS);
    }

    /** Holds the kinds found once, out of the interface's public surface. */
    final class Loaded {
        static final List<SourceKind> KINDS = ServiceLoader.load(SourceKind.class, SourceKind.class.getClassLoader()).stream()
                .map(ServiceLoader.Provider::get).toList();

        private Loaded() {}
    }
}
