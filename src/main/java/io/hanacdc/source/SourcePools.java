package io.hanacdc.source;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.db.DataSources;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;

/** Connection pools on the source, with the dialect's URL form, driver advice, session settings and driver properties. */
public final class SourcePools {
    private SourcePools() {}

    /** A pool on the source as the task's user. */
    public static HikariDataSource open(CdcConfig cfg, SourceDialect dialect, int size) {
        return open(cfg.source(), dialect, size);
    }

    /**
     * One connection as the task's user, outside any pool, with the pool's URL form, driver properties and session
     * settings: for a short look before a pool is worth opening.
     */
    public static Connection connect(CdcConfig cfg, SourceDialect dialect) {
        CdcConfig.Endpoint endpoint = new CdcConfig.Endpoint(dialect.connectionUrl(cfg.source().url()), cfg.source().user(), cfg.source().password());
        DataSources.requireDriver("source", endpoint.url(), dialect.missingDriver());
        Properties props = new Properties();
        props.putAll(dialect.driverProperties());
        if (!endpoint.user().isEmpty()) {
            props.setProperty("user", endpoint.user());
            props.setProperty("password", endpoint.password());
        }
        try {
            Connection c = DriverManager.getConnection(endpoint.url(), props);
            Optional<String> init = dialect.connectionInitSql();
            try (Statement s = c.createStatement()) {
                if (init.isPresent()) {
                    s.execute(init.get());
                }
            } catch (SQLException e) {
                c.close();
                throw e;
            }
            return c;
        } catch (SQLException e) {
            throw new CdcException(DataSources.describe("source", endpoint, e), e);
        }
    }

    /** A pool on the source as the given user (the alter command's, which may alter tables). */
    public static HikariDataSource open(CdcConfig.Endpoint as, SourceDialect dialect, int size) {
        CdcConfig.Endpoint endpoint = new CdcConfig.Endpoint(dialect.connectionUrl(as.url()), as.user(), as.password());
        DataSources.requireDriver("source", endpoint.url(), dialect.missingDriver());
        return DataSources.pool("source", endpoint, size, dialect.connectionInitSql(), dialect.driverProperties());
    }
}
