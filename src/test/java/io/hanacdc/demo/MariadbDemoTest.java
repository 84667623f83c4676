package io.hanacdc.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The demo's default mode (java -jar hana-cdc-demo.jar) as its own process: embedded PostgreSQL into embedded MariaDB
 * with a live workload; a newcomer's first Ctrl+C stops it in order, quietly (before, the embedded databases' own exit
 * hooks stopped them under the running task, which logged connection errors).
 */
@IntegrationTest
class MariadbDemoTest {

    @Test
    void streamsTheWorkloadAndStopsQuietly() throws Exception {
        Map<String, String> env = Map.of("HANACDC_ADMIN_PORT", String.valueOf(AppProcess.freePort()), "HANACDC_STATUS_INTERVAL", "1s");
        try (AppProcess demo = AppProcess.demo("demo-mariadb", env)) {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
            while (!demo.output().contains("demo workload started") && demo.process.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(500);
            }
            assertTrue(demo.output().contains("demo workload started"), demo.output());
            Thread.sleep(3_000); // the workload's transactions stream
            KafkaDemoTest.assertStopsQuietly(demo);
        }
    }
}
