package io.hanacdc.chaos;

import io.hanacdc.sql.Identifiers;
import io.hanacdc.testing.TargetFixture;
import io.hanacdc.testing.TestDatabases;
import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The target the chaos test writes into, as the test sees it: the connection its own reads use (never hit by a
 * fault), the task's positions, the target's clock, the task's connections to kill, and a table's name there.
 * MySQL/MariaDB: the server without a database; PostgreSQL: the target database as application chaos-test.
 */
final class ChaosTarget {
    final String control;
    final String database;
    final String positions;
    final String label;
    private final boolean postgres;

    ChaosTarget(TargetFixture fixture, String targetUrl) throws Exception {
        this.postgres = fixture.isPostgres();
        this.database = URI.create(targetUrl.substring("jdbc:".length())).getPath().substring(1);
        this.control = postgres ? targetUrl + (targetUrl.contains("?") ? "&" : "?") + "ApplicationName=chaos-test" : TestDatabases.mysqlServer();
        this.positions = table("hanacdc_position");
        this.label = postgres ? "chaos-pg" : "chaos";
    }

    /** A table of the target, qualified and quoted. */
    String table(String name) {
        return postgres ? "public." + Identifiers.ansi(name) : Identifiers.backtick(database) + "." + Identifiers.backtick(name);
    }

    /** Counts whether the positions table exists yet. */
    String positionsPresent() {
        return "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = " + Identifiers.literal(postgres ? "public" : database)
                + " AND table_name = 'hanacdc_position'";
    }

    /** The target's clock as the task's positions record their updated_at: in UTC, the task's sessions' time zone. */
    String now() throws SQLException {
        try (Connection c = TestDatabases.connect(control); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(postgres ? "SELECT CAST(now() AT TIME ZONE 'UTC' AS text)" : "SELECT UTC_TIMESTAMP(6)")) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** Lists the task's connections to the target database (the test's own excluded). */
    String taskConnections() {
        return postgres ? "SELECT pid FROM pg_stat_activity WHERE datname = " + Identifiers.literal(database)
                + " AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND application_name NOT LIKE 'chaos-%'"
                + " AND application_name <> ''" // a session still starting (the test's own too) shows no name yet
                : "SELECT ID FROM information_schema.PROCESSLIST WHERE DB = " + Identifiers.literal(database) + " AND ID <> CONNECTION_ID()";
    }

    /** Ends one of them. */
    String kill(long id) {
        return postgres ? "SELECT pg_terminate_backend(" + id + ")" : "KILL CONNECTION " + id;
    }

    /** A unique key over columns, added as each target's SQL spells it. */
    String addUnique(String table, String name, String columns) {
        return postgres ? "ALTER TABLE " + table(table) + " ADD CONSTRAINT " + name + " UNIQUE (" + columns + ")"
                : "ALTER TABLE " + table(table) + " ADD UNIQUE KEY " + name + " (" + columns + ")";
    }
}
