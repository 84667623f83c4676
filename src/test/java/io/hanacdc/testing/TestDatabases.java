package io.hanacdc.testing;

import io.hanacdc.demo.EmbeddedDatabases;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Real databases for tests: the servers named by HANACDC_TEST_PG_URL / HANACDC_TEST_MYSQL_URL
 * (server URLs with user, e.g. jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres), or embedded
 * ones when unset. Every test gets fresh databases on them.
 */
public final class TestDatabases {
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static final String RUN = Long.toString(System.currentTimeMillis() % 1_000_000, 36) + ProcessHandle.current().pid();

    private TestDatabases() {}

    public static String postgresServer() throws Exception {
        String env = System.getenv("HANACDC_TEST_PG_URL");
        return env != null && !env.isBlank() ? env : EmbeddedDatabases.postgresUrl();
    }

    public static String mysqlServer() throws Exception {
        String env = System.getenv("HANACDC_TEST_MYSQL_URL");
        return env != null && !env.isBlank() ? env : EmbeddedDatabases.mariadbUrl();
    }

    /** A new PostgreSQL database; returns its URL. */
    public static String freshPostgres(String hint) throws Exception {
        return freshPostgres(hint, postgresServer());
    }

    /** A new database on the given PostgreSQL server; returns its URL. */
    public static String freshPostgres(String hint, String server) throws Exception {
        String name = ("hc_" + hint + "_" + RUN + "_" + SEQ.incrementAndGet()).toLowerCase();
        try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return withDatabase(server, name);
    }

    /** A new MySQL/MariaDB database; returns its URL. */
    public static String freshMysql(String hint) throws Exception {
        return freshMysql(hint, mysqlServer());
    }

    /** A new database on the given MySQL/MariaDB server; returns its URL. */
    public static String freshMysql(String hint, String server) throws Exception {
        String name = ("hc_" + hint + "_" + RUN + "_" + SEQ.incrementAndGet()).toLowerCase();
        try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4");
        }
        return withDatabase(server, name);
    }

    /** Replaces the database part of a jdbc:xxx://host:port/db?params URL. */
    static String withDatabase(String serverUrl, String db) {
        int hostStart = serverUrl.indexOf("//") + 2;
        int slash = serverUrl.indexOf('/', hostStart);
        int q = serverUrl.indexOf('?');
        String head = slash < 0 ? (q < 0 ? serverUrl : serverUrl.substring(0, q)) : serverUrl.substring(0, slash);
        String params = q < 0 ? "" : serverUrl.substring(q);
        return head + "/" + db + params;
    }

    public static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url);
    }
}
