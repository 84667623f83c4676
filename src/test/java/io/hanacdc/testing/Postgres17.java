package io.hanacdc.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.ZipFile;

/**
 * An embedded PostgreSQL 17, the newest release the embedded binaries offer, started once per JVM beside the default
 * embedded (14) or local (15) server: the fixtures of the newest release run on it. Its binaries are the file the build
 * copies to target/embedded-binaries (pom.xml), read here instead of from the class path.
 */
final class Postgres17 {
    static final Path BINARIES = Path.of("target", "embedded-binaries", "postgres-17.jar");
    private static EmbeddedPostgres server;

    private Postgres17() {}

    /** Why this server cannot start here, or null. */
    static String absence() {
        if (!System.getProperty("os.name").toLowerCase().contains("linux") || !System.getProperty("os.arch").matches("amd64|x86_64")) {
            return "the PostgreSQL 17 binaries the build copies are for Linux on x86-64";
        }
        return Files.isRegularFile(BINARIES) ? null : BINARIES + " is missing (mvn generate-test-resources copies it)";
    }

    static synchronized String url() throws IOException {
        if (server == null) {
            server = EmbeddedPostgres.builder().setPgBinaryResolver(Postgres17::binaries).start();
            Runtime.getRuntime().addShutdownHook(new Thread(Postgres17::close, "postgres-17-stop"));
        }
        return "jdbc:postgresql://127.0.0.1:" + server.getPort() + "/postgres?user=postgres";
    }

    private static InputStream binaries(String system, String hardware) throws IOException {
        try (ZipFile jar = new ZipFile(BINARIES.toFile())) {
            // zonky asks with uname's spelling (Linux, x86_64); the jar names it in lower case
            var entry = jar.getEntry(("postgres-" + system + "-" + hardware + ".txz").toLowerCase(Locale.ROOT));
            if (entry == null) {
                throw new IOException(BINARIES + " holds no PostgreSQL for " + system + "-" + hardware);
            }
            try (InputStream in = jar.getInputStream(entry)) {
                return new ByteArrayInputStream(in.readAllBytes());
            }
        }
    }

    private static synchronized void close() {
        try {
            if (server != null) {
                server.close();
            }
        } catch (IOException e) {
            // the JVM is exiting; nothing to do
        }
    }
}
