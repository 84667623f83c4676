package io.hanacdc.cluster;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.Workload;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Three replicas of one task (real processes) share four tables through Camel's file-lock cluster
 * service under a live workload; replicas started together share the tables. The owner of one table is killed with SIGKILL mid-stream; another
 * replica takes the table over within the lease time. At the end verify finds no difference, and each
 * table's applied-row counter equals its CDC rows: nothing lost, nothing applied twice.
 */
@IntegrationTest
class ScaleOutTest {
    private static final int REPLICAS = 3;
    private static final List<String> TABLES = List.of("s0", "s1", "s2", "s3", "s4", "s5");
    private static final long INTERVAL_MS = 500;
    private static final int STALE_AFTER = 4;
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void replicasShareTablesAndAKilledOwnerIsReplacedWithoutLossOrDuplicates() throws Exception {
        try (Pipeline p = new Pipeline("scaleout")) {
            for (String t : TABLES) {
                exec(p.sourceUrl, "CREATE TABLE public." + t + " (id int PRIMARY KEY, v text)",
                        "INSERT INTO public." + t + " SELECT g, md5(g::text) FROM generate_series(1, 2000) g");
            }
            Path locks = Files.createTempDirectory("hanacdc-locks");
            Map<String, String> env = new HashMap<>();
            env.put("HANACDC_SOURCE_URL", p.sourceUrl);
            env.put("HANACDC_TARGET_URL", p.targetUrl);
            env.put("HANACDC_TABLES", "public.s*");
            env.put("HANACDC_TASK", "test");
            env.put("HANACDC_BATCH_SIZE", "50");
            env.put("HANACDC_POLL_INTERVAL_MS", "100");
            env.put("HANACDC_CLUSTER", "file");
            env.put("HANACDC_CLUSTER_FILE_ROOT", locks.toString());
            env.put("HANACDC_CLUSTER_FILE_INTERVAL_MS", String.valueOf(INTERVAL_MS));
            env.put("HANACDC_CLUSTER_FILE_STALE_AFTER_INTERVALS", String.valueOf(STALE_AFTER));
            env.put("HANACDC_CLUSTER_JOIN_SPREAD_MS", "8000");
            List<AppProcess> replicas = new ArrayList<>();
            List<Integer> ports = new ArrayList<>();
            List<Workload> workloads = new ArrayList<>();
            try {
                for (int i = 0; i < REPLICAS; i++) {
                    int port = AppProcess.freePort();
                    env.put("HANACDC_ADMIN_PORT", String.valueOf(port));
                    ports.add(port);
                    replicas.add(AppProcess.start("scaleout-" + i, env));
                }
                Map<String, Integer> owners = awaitOwners(replicas, ports, TABLES.size() + 1); // + the heartbeat table
                Map<Integer, Integer> perReplica = new TreeMap<>();
                owners.values().forEach(r -> perReplica.merge(r, 1, Integer::sum));
                System.out.println("scale-out: table owners " + owners + ", tables per replica " + perReplica);
                assertTrue(perReplica.size() > 1, "replicas started together share the tables: " + owners);

                Map<String, Long> startHigh = new HashMap<>();
                for (String t : TABLES) {
                    startHigh.put(t, count(p.targetUrl, "SELECT base_high FROM hanacdc_position WHERE task = 'test' AND source_table = '" + t + "'"));
                    workloads.add(new Workload(p.sourceUrl, "public." + t, 3000, 1).start());
                }
                Thread.sleep(3000);
                int victim = owners.get("public.s0");
                String applied = "SELECT batches_applied FROM hanacdc_position WHERE task = 'test' AND source_table = 's0'";
                replicas.get(victim).process.destroyForcibly().waitFor(); // SIGKILL mid-stream: its lock is never released cleanly
                long killedAt = System.currentTimeMillis();
                long before = count(p.targetUrl, applied);
                while (count(p.targetUrl, applied) == before) {
                    assertTrue(System.currentTimeMillis() - killedAt < 30_000, "nobody took over public.s0 after its owner was killed");
                    Thread.sleep(50);
                }
                long takeover = System.currentTimeMillis() - killedAt;
                Map<String, Integer> after = awaitOwners(replicas, ports, TABLES.size() + 1);
                assertTrue(after.get("public.s0") != victim, "a surviving replica owns public.s0: " + after);
                Thread.sleep(2000);
                for (Workload w : workloads) {
                    w.stopAndJoin();
                }
                AppProcess verify = AppProcess.start("scaleout-verify", env, "verify", "--wait-seconds", "60");
                assertTrue(verify.process.waitFor(120, TimeUnit.SECONDS), "verify finished");
                assertEquals(0, verify.process.exitValue(), "verify found differences:\n" + verify.output());
                long total = 0;
                for (String t : TABLES) {
                    long cdcRows = count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.\"public$" + t + "\" WHERE \"__$DATA_ID\" > " + startHigh.get(t));
                    long rowsApplied = count(p.targetUrl, "SELECT rows_applied FROM hanacdc_position WHERE task = 'test' AND source_table = '" + t + "'");
                    assertEquals(cdcRows, rowsApplied, t + ": every CDC row applied exactly once across owners");
                    total += rowsApplied;
                }
                System.out.printf("scale-out: %d replicas, owner of public.s0 killed, taken over after %d ms (lock interval %d ms x %d);"
                        + " %d CDC rows applied once, verify: no difference, duplicates 0%n", REPLICAS, takeover, INTERVAL_MS, STALE_AFTER, total);
            } finally {
                for (Workload w : workloads) {
                    w.stopAndJoin();
                }
                for (AppProcess r : replicas) {
                    r.close();
                }
            }
        }
    }

    /** Table to the index of the replica whose API shows it streaming; waits until every table has exactly one. */
    private Map<String, Integer> awaitOwners(List<AppProcess> replicas, List<Integer> ports, int tables) throws Exception {
        long deadline = System.currentTimeMillis() + 150_000; // three JVMs starting and loading on a busy 2-core machine
        while (true) {
            Map<String, Integer> owners = new TreeMap<>();
            boolean conflict = false;
            for (int i = 0; i < replicas.size(); i++) {
                if (!replicas.get(i).process.isAlive()) {
                    continue;
                }
                for (JsonNode t : tablesOf(ports.get(i)).orElse(json.createArrayNode())) {
                    if (t.get("state").asText().equals("streaming")) {
                        conflict |= owners.put(t.get("table").asText(), i) != null;
                    }
                }
            }
            if (!conflict && owners.size() == tables) {
                return owners;
            }
            assertTrue(System.currentTimeMillis() < deadline, "every table owned by exactly one replica; now " + owners
                    + (conflict ? " (a table shown streaming twice)" : "") + "\n" + replicas.get(0).output());
            Thread.sleep(200);
        }
    }

    private Optional<JsonNode> tablesOf(int port) {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/tables")).build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? Optional.of(json.readTree(r.body())) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty(); // not listening yet
        }
    }
}
