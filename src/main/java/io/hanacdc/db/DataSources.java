package io.hanacdc.db;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.common.CdcException;
import io.hanacdc.common.Secrets;
import io.hanacdc.common.StartupTimeline;
import io.hanacdc.config.CdcConfig.Endpoint;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/** Connection pools for source and target, and the errors users see when a database cannot be reached. */
public final class DataSources {
    private DataSources() {}

    public static HikariDataSource pool(String role, Endpoint endpoint, int size, Optional<String> initSql, Map<String, String> driverProperties) {
        HikariConfig cfg = new HikariConfig();
        cfg.setPoolName("hanacdc-" + role);
        cfg.setJdbcUrl(endpoint.url());
        driverProperties.forEach(cfg::addDataSourceProperty);
        if (!endpoint.user().isEmpty()) {
            cfg.setUsername(endpoint.user());
            cfg.setPassword(endpoint.password());
        }
        cfg.setMaximumPoolSize(size);
        cfg.setMinimumIdle(1);
        cfg.setConnectionTimeout(Duration.ofSeconds(15).toMillis());
        initSql.ifPresent(cfg::setConnectionInitSql);
        long t = System.nanoTime();
        probe(role, endpoint, c -> c.isValid(5));
        HikariDataSource pool = new HikariDataSource(cfg);
        StartupTimeline.took("pool opened: " + role + ", up to " + size, t);
        return pool;
    }

    /** Refuses, with the advice given, when no driver on the class path takes the URL (DriverManager says only "No suitable driver"). */
    public static void requireDriver(String role, String url, String advice) {
        try {
            DriverManager.getDriver(url);
        } catch (SQLException e) {
            throw new CdcException("no JDBC driver for the " + role + " database " + Secrets.maskUrl(url) + ": " + advice);
        }
    }

    /** Something to learn from one connection. */
    public interface Probe<T> {
        T apply(Connection c) throws SQLException;
    }

    /**
     * Runs a probe on one plain connection. Used before a pool is built: it fails fast, with the
     * driver's own reason, where a pool would retry until its timeout.
     */
    public static <T> T probe(String role, Endpoint endpoint, Probe<T> probe) {
        try (Connection c = endpoint.user().isEmpty() ? DriverManager.getConnection(endpoint.url())
                : DriverManager.getConnection(endpoint.url(), endpoint.user(), endpoint.password())) {
            return probe.apply(c);
        } catch (SQLException e) {
            throw new CdcException(describe(role, endpoint, e), e);
        }
    }

    /** One line saying which database, what went wrong, and what to check; never the password. */
    public static String describe(String role, Endpoint endpoint, SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        boolean refused = state.startsWith("28");
        String what = refused ? "the user name or password was refused"
                : state.startsWith("08") ? "the server could not be reached"
                : state.equals("3D000") || state.equals("42000") ? "the database does not exist or is not accessible"
                : "the connection failed";
        String setting = "hanacdc." + role;
        // a refusal names exactly the two settings at fault; the URL can carry them too (and a driver's message can quote the URL)
        String check = refused ? setting + ".user and " + setting + ".password (or user and password in " + setting + ".url)"
                : setting + ".url, .user and .password";
        return "cannot connect to the " + role + " database " + endpoint + ": " + what + " (" + Secrets.maskUrl(rootMessage(e)) + "). Check " + check;
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = e.getMessage() == null ? "" : e.getMessage();
        return t == e || m.contains(String.valueOf(t.getMessage())) ? m : m + ": " + t.getMessage();
    }
}
