package io.hanacdc.source;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.db.DataSources;

/** Connection pools on the source, with the dialect's URL form, driver advice, session settings and driver properties. */
public final class SourcePools {
    private SourcePools() {}

    /** A pool on the source as the task's user. */
    public static HikariDataSource open(CdcConfig cfg, SourceDialect dialect, int size) {
        return open(cfg.source(), dialect, size);
    }

    /** A pool on the source as the given user (the alter command's, which may alter tables). */
    public static HikariDataSource open(CdcConfig.Endpoint as, SourceDialect dialect, int size) {
        CdcConfig.Endpoint endpoint = new CdcConfig.Endpoint(dialect.connectionUrl(as.url()), as.user(), as.password());
        DataSources.requireDriver("source", endpoint.url(), dialect.missingDriver());
        return DataSources.pool("source", endpoint, size, dialect.connectionInitSql(), dialect.driverProperties());
    }
}
