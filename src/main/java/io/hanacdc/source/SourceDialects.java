package io.hanacdc.source;

import io.hanacdc.CdcException;
import io.hanacdc.source.hana.HanaDialect;
import io.hanacdc.source.postgres.PostgresDialect;
import java.util.List;

/** Chooses the source dialect from the JDBC URL. */
public final class SourceDialects {
    private SourceDialects() {}

    public static SourceDialect forUrl(String jdbcUrl, CaptureOptions options) {
        return List.of(new HanaDialect(options), new PostgresDialect(options)).stream().filter(d -> d.accepts(jdbcUrl)).findFirst()
                .orElseThrow(() -> new CdcException("hanacdc.source.url " + io.hanacdc.config.Secrets.maskUrl(jdbcUrl) + " is not a supported source: use"
                        + " jdbc:sap://host:port/?databaseName=TENANT (SAP HANA) or jdbc:postgresql://host:port/database"));
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
