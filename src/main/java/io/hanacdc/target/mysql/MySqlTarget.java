package io.hanacdc.target.mysql;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.CdcException;
import io.hanacdc.config.CdcConfig.Endpoint;
import io.hanacdc.Secrets;
import io.hanacdc.db.DataSources;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;

/** The target database: its flavor, a pool through that flavor's own driver, and the database tables are written to. */
public final class MySqlTarget implements AutoCloseable {
    /** Strict mode turns silent truncation into errors; UTC keeps DATETIME values as the source had them. */
    private static final String SESSION = "SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION,NO_AUTO_VALUE_ON_ZERO', time_zone = '+00:00'";
    private final HikariDataSource pool;
    private final MySqlFlavor flavor;
    private final String database;

    public MySqlTarget(Endpoint endpoint, int poolSize) {
        String url = endpoint.url();
        if (!url.startsWith("jdbc:mysql:") && !url.startsWith("jdbc:mariadb:")) {
            throw new CdcException("hanacdc.target.url " + Secrets.maskUrl(url) + " is not a MySQL/MariaDB URL: use jdbc:mysql://host:3306/database");
        }
        this.flavor = DataSources.probe("target", endpoint, MySqlFlavor::detect);
        this.pool = DataSources.pool("target", new Endpoint(flavor.jdbcUrl(url), endpoint.user(), endpoint.password()),
                poolSize, Optional.of(SESSION), java.util.Map.of());
        try (Connection c = pool.getConnection()) {
            this.database = c.getCatalog();
        } catch (SQLException e) {
            pool.close();
            throw new CdcException(DataSources.describe("target", endpoint, e), e);
        }
        if (database == null || database.isEmpty()) {
            pool.close();
            throw new CdcException("hanacdc.target.url " + Secrets.maskUrl(url) + " names no database: add one, e.g. jdbc:mysql://host:3306/replica");
        }
    }

    public Connection connection() throws SQLException {
        return pool.getConnection();
    }

    public MySqlFlavor flavor() {
        return flavor;
    }

    public String database() {
        return database;
    }

    @Override
    public void close() {
        pool.close();
    }
}
