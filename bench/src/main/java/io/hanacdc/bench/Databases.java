package io.hanacdc.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The local PostgreSQL and MariaDB servers: connections, and the bench_* databases each scenario
 * creates for itself. Every database made here is remembered and dropped by {@link #dropAll()}.
 */
public final class Databases {
    /** The product's own target session settings, so the baseline writes under the same rules. */
    public static final String TARGET_SESSION =
            "SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION,NO_AUTO_VALUE_ON_ZERO', time_zone = '+00:00'";
    private final String pgHost;
    private final String mysqlHost;
    private final Set<String> pgCreated = new LinkedHashSet<>();
    private final Set<String> mysqlCreated = new LinkedHashSet<>();

    public Databases(String pgHost, String mysqlHost) {
        this.pgHost = pgHost;
        this.mysqlHost = mysqlHost;
    }

    public String pgUrl(String db) {
        return "jdbc:postgresql://" + pgHost + "/" + db + "?user=postgres";
    }

    /** The URL handed to hana-cdc: jdbc:mysql, as a user would write it; the product picks the MariaDB driver itself. */
    public String targetUrlForProduct(String db) {
        return "jdbc:mysql://" + mysqlHost + "/" + db + "?user=root";
    }

    public Connection pg(String db) throws SQLException {
        return DriverManager.getConnection(pgUrl(db));
    }

    /** A MariaDB connection through the same driver and URL options the product uses (none beyond the defaults). */
    public Connection mysql(String db) throws SQLException {
        return DriverManager.getConnection("jdbc:mariadb://" + mysqlHost + "/" + db + "?user=root");
    }

    public String freshPg(String db) throws SQLException {
        check(db);
        try (Connection c = pg("postgres"); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + db);
        }
        pgCreated.add(db);
        return db;
    }

    public String freshMysql(String db) throws SQLException {
        check(db);
        try (Connection c = mysql(""); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + db);
            s.execute("CREATE DATABASE " + db + " CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin");
        }
        mysqlCreated.add(db);
        return db;
    }

    public void dropPg(String db) throws SQLException {
        try (Connection c = pg("postgres"); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
        }
        pgCreated.remove(db);
    }

    public void dropMysql(String db) throws SQLException {
        try (Connection c = mysql(""); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + db);
        }
        mysqlCreated.remove(db);
    }

    public void dropAll() {
        for (String db : Set.copyOf(pgCreated)) {
            try {
                dropPg(db);
            } catch (SQLException e) {
                System.err.println("could not drop PostgreSQL database " + db + ": " + e.getMessage());
            }
        }
        for (String db : Set.copyOf(mysqlCreated)) {
            try {
                dropMysql(db);
            } catch (SQLException e) {
                System.err.println("could not drop MariaDB database " + db + ": " + e.getMessage());
            }
        }
    }

    public String versions() {
        try (Connection p = pg("postgres"); Connection m = mysql("")) {
            return "PostgreSQL " + scalar(p, "SHOW server_version") + ", MariaDB " + scalar(m, "SELECT VERSION()");
        } catch (SQLException e) {
            return "versions unknown: " + e.getMessage();
        }
    }

    public static String scalar(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    public static void exec(Connection c, String... sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String q : sql) {
                s.execute(q);
            }
        }
    }

    /** Names are spliced into SQL: only bench_ databases with plain characters, so nothing else is ever dropped. */
    private static void check(String db) {
        if (!db.matches("bench_[a-z0-9_]+")) {
            throw new IllegalArgumentException("bench databases must be named bench_[a-z0-9_]+: " + db);
        }
    }
}
