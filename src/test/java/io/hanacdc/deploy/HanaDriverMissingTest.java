package io.hanacdc.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The application as shipped, without SAP's driver (which its jar and image leave out): started on a HANA
 * source it says in one line what to download and where to put it, instead of "No suitable driver".
 */
@IntegrationTest
class HanaDriverMissingTest {
    @Test
    void aHanaSourceWithoutTheDriverSaysWhatToDo() throws Exception {
        String classPath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !entry.contains("ngdbc")).collect(Collectors.joining(File.pathSeparator));
        for (String command : new String[] {"run", "check"}) {
            ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classPath,
                    "io.hanacdc.Application", command);
            pb.environment().put("HANACDC_SOURCE_URL", "jdbc:sap://127.0.0.1:1/?databaseName=H00&password=s3cret");
            pb.environment().put("HANACDC_TARGET_URL", "jdbc:mysql://127.0.0.1:1/replica");
            pb.environment().put("HANACDC_TABLES", "SALES.ORDERS");
            try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
                pb.environment().put("HANACDC_ADMIN_PORT", String.valueOf(free.getLocalPort()));
            }
            Process p = pb.redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), command);
            assertEquals(1, p.exitValue(), command + ":\n" + out);
            assertTrue(out.contains("hana-cdc: no JDBC driver for the source database jdbc:sap://127.0.0.1:1/?databaseName=H00")
                    && out.contains("com.sap.cloud.db.jdbc:ngdbc") && out.contains("lib/ngdbc.jar"), command + ":\n" + out);
            assertFalse(out.contains("s3cret") || out.contains("\tat "), "no password, no stack trace:\n" + out);
        }
    }
}
