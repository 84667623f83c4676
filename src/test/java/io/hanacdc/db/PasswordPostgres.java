package io.hanacdc.db;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * An embedded PostgreSQL of its own that, unlike the shared test servers (which trust everyone),
 * asks {@link #USER} for its password on every TCP connection. The superuser stays trusted, so the
 * test can prepare and inspect the database without going through the check under test.
 */
final class PasswordPostgres implements AutoCloseable {
    static final String USER = "hc_cdc";
    static final String PASSWORD = "pg-right-" + Long.toString(System.nanoTime(), 36);
    private static final String HBA = """
            host all postgres 127.0.0.1/32 trust
            host all all      127.0.0.1/32 scram-sha-256
            """;
    private final EmbeddedPostgres server;

    PasswordPostgres() throws Exception {
        Path data = Files.createTempDirectory("hanacdc-password-pg");
        server = EmbeddedPostgres.builder().setDataDirectory(data).start(); // initdb -A trust, removed again on close
        try (Connection c = DriverManager.getConnection(adminUrl()); Statement s = c.createStatement()) {
            s.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + PASSWORD + "'");
            Files.writeString(data.resolve("pg_hba.conf"), HBA);
            s.execute("SELECT pg_reload_conf()");
        }
        awaitPasswordRequired();
    }

    /** The database, without credentials. */
    String url() {
        return "jdbc:postgresql://127.0.0.1:" + server.getPort() + "/postgres";
    }

    /** As the trusted superuser, for preparing and inspecting. */
    String adminUrl() {
        return url() + "?user=postgres";
    }

    /** pg_reload_conf() only signals the server; it applies pg_hba.conf a moment later. */
    private void awaitPasswordRequired() throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < deadline) {
            try (Connection stillTrusted = DriverManager.getConnection(url(), USER, "")) {
                Thread.sleep(20);
            } catch (SQLException passwordRequired) {
                return;
            }
        }
        throw new IllegalStateException("pg_hba.conf still lets " + USER + " in without a password");
    }

    @Override
    public void close() throws Exception {
        server.close();
    }
}
