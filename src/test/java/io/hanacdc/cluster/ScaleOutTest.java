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
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Three replicas of one task (real processes) share 60 tables under a live workload: the leader (elected by Camel's
 * file-lock cluster service) spreads them; the owner of a busy table is killed with SIGKILL mid-stream and its tables
 * go to the survivors; a fourth replica joins and is handed tables between batches. Each time the spread settles
 * within ceil(tables / replicas) + 1. At the end verify finds no difference, and each table's applied-row counter
 * equals its CDC rows: nothing lost, nothing applied twice.
 */
@IntegrationTest
class ScaleOutTest {
    private static final int REPLICAS = 3;
    private static final List<String> TABLES = IntStream.range(0, 60).mapToObj(i -> "s" + i).toList();
    private static final List<String> BUSY = TABLES.subList(0, 6);
    private static final int ALL = TABLES.size() + 1; // + the heartbeat table
    private final HttpClient http = HttpClient.newHttpClient();
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void replicasShareTablesAKilledOwnersTablesMoveAndAJoinedReplicaTakesItsShareWithoutLossOrDuplicates() throws Exception {
        try (Pipeline p = new Pipeline("scaleout")) {
            for (String t : TABLES) {
                exec(p.sourceUrl, "CREATE TABLE public." + t + " (id int PRIMARY KEY, v text)",
                        "INSERT INTO public." + t + " SELECT g, md5(g::text) FROM generate_series(1, " + (BUSY.contains(t) ? 2000 : 50) + ") g");
            }
            Path locks = Files.createTempDirectory("hanacdc-locks");
            Map<String, String> env = new HashMap<>();
            env.put("HANACDC_SOURCE_URL", p.sourceUrl);
            env.put("HANACDC_TARGET_URL", p.targetUrl);
            env.put("HANACDC_TABLES", "public.s*");
            env.put("HANACDC_TASK", "test");
            env.put("HANACDC_BATCH_SIZE", "50");
            env.put("HANACDC_POLL_INTERVAL_MS", "100");
            env.put("HANACDC_PURGE_INTERVAL_S", "3600"); // the CDC rows are counted at the end
            env.put("HANACDC_CLUSTER", "file");
            env.put("HANACDC_CLUSTER_FILE_ROOT", locks.toString());
            env.put("HANACDC_CLUSTER_SECRET", "scale-out-test-secret-of-32-chars");
            env.put("HANACDC_CLUSTER_FILE_INTERVAL_MS", "500");
            env.put("HANACDC_CLUSTER_HEARTBEAT_MS", "500");
            env.put("HANACDC_CLUSTER_REPLICA_TIMEOUT_MS", "3000");
            env.put("HANACDC_HEARTBEAT_INTERVAL_S", "1");
            List<AppProcess> replicas = new ArrayList<>();
            List<Integer> ports = new ArrayList<>();
            List<Workload> workloads = new ArrayList<>();
            try {
                for (int i = 0; i < REPLICAS; i++) {
                    replicas.add(start(env, ports, i));
                }
                Map<String, Integer> owners = awaitSpread(replicas, ports, REPLICAS);
                System.out.println("scale-out: tables per replica at start " + perReplica(owners));
                // only the replica running the heartbeat table writes its row: each row takes a data id that makes every replica ask
                String beats = "SELECT COUNT(*) FROM hanacdc.\"hanacdc$hanacdc_heartbeat\"";
                long beatsBefore = count(p.sourceUrl, beats);
                Thread.sleep(4000);
                long written = count(p.sourceUrl, beats) - beatsBefore;
                assertTrue(written >= 1 && written <= 6, written + " heartbeat rows in 4 s at one a second: one writer, not " + REPLICAS);

                Map<String, Long> startHigh = new HashMap<>();
                for (String t : TABLES) {
                    startHigh.put(t, count(p.targetUrl, "SELECT base_high FROM hanacdc_position WHERE task = 'test' AND source_table = '" + t + "'"));
                }
                for (String t : BUSY) {
                    workloads.add(new Workload(p.sourceUrl, "public." + t, 3000, 1).start());
                }
                Thread.sleep(3000);
                int victim = owners.get("public.s0");
                replicas.get(victim).process.destroyForcibly().waitFor(); // SIGKILL mid-stream: it never gives its tables up
                long killedAt = System.currentTimeMillis();
                Map<String, Integer> afterKill = awaitSpread(replicas, ports, REPLICAS - 1);
                long settledAfterKill = System.currentTimeMillis() - killedAt;
                assertTrue(afterKill.get("public.s0") != victim, "a surviving replica owns public.s0: " + afterKill);

                replicas.add(start(env, ports, REPLICAS));
                while (tablesOf(ports.get(REPLICAS), "?local=true").isEmpty()) { // its JVM starting: not part of the settling time
                    assertTrue(replicas.get(REPLICAS).process.isAlive(), replicas.get(REPLICAS).output());
                    Thread.sleep(100);
                }
                long joinedAt = System.currentTimeMillis();
                Map<String, Integer> afterJoin = awaitSpread(replicas, ports, REPLICAS);
                long settledAfterJoin = System.currentTimeMillis() - joinedAt;
                assertTrue(afterJoin.containsValue(REPLICAS), "the joined replica owns tables: " + perReplica(afterJoin));
                assertOneView(replicas, ports, afterJoin, env);
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
                System.out.printf("scale-out: %d tables on %d replicas %s; owner of public.s0 killed, settled on %d after %d ms %s;"
                                + " a replica joined, settled %d ms after its API answered %s; %d CDC rows applied once, verify: no difference%n",
                        ALL, REPLICAS, perReplica(owners), REPLICAS - 1, settledAfterKill, perReplica(afterKill), settledAfterJoin,
                        perReplica(afterJoin), total);
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

    /**
     * Any replica lists every table as its owner shows it; a command and a history sent to a replica that does not own
     * the table reach its owner; each table's gauges come from its owner alone, labelled with it.
     */
    private void assertOneView(List<AppProcess> replicas, List<Integer> ports, Map<String, Integer> owners, Map<String, String> env)
            throws Exception {
        int owner = owners.get("public.s0");
        int asked = IntStream.range(0, replicas.size()).filter(i -> i != owner && replicas.get(i).process.isAlive()).findFirst().orElseThrow();
        JsonNode all = tablesOf(ports.get(asked), "").orElseThrow();
        assertEquals(ALL, all.size(), "one replica lists every table: " + all);
        for (JsonNode t : all) {
            assertEquals("streaming", t.get("state").asText(), "each table as its owner shows it: " + t);
            assertTrue(t.hasNonNull("owner"), "each table with its owner: " + t);
        }
        HttpResponse<String> paused = post(ports.get(asked), "/api/tables/public.s0/pause");
        assertEquals(200, paused.statusCode(), paused.body());
        assertTrue(json.readTree(paused.body()).get("paused").asBoolean(), "the owner paused the table: " + paused.body());
        JsonNode atOwner = tablesOf(ports.get(owner), "?local=true").orElseThrow();
        assertTrue(find(atOwner, "public.s0").get("paused").asBoolean(), "the command reached the owner");
        assertEquals(200, post(ports.get(asked), "/api/tables/public.s0/resume").statusCode());
        HttpResponse<String> history = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ports.get(asked)
                + "/api/tables/public.s0/history")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, history.statusCode(), "the owner's history of the table: " + history.body());
        JsonNode task = json.readTree(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ports.get(asked) + "/api/history")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        assertEquals(0, task.get("missing").size(), "the task's history from every replica: " + task.get("missing"));

        int gauges = 0;
        for (int i = 0; i < replicas.size(); i++) {
            if (!replicas.get(i).process.isAlive()) {
                continue;
            }
            String metrics = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ports.get(i) + "/metrics")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            for (String line : metrics.lines().filter(l -> l.startsWith("hanacdc_lag_seconds{")).toList()) {
                assertTrue(line.contains("owner=\""), "labelled with its owner: " + line);
                gauges++;
            }
        }
        assertEquals(ALL, gauges, "each table's lag once over all replicas");
        String status = AppProcess.run("scaleout-status", env, 0, "status");
        assertTrue(status.lines().filter(l -> l.startsWith("public.s")).allMatch(l -> l.contains(" owner ") && !l.endsWith(" owner none")),
                "status names each table's owner:\n" + status);
    }

    private HttpResponse<String> post(int port, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static JsonNode find(JsonNode tables, String table) {
        for (JsonNode t : tables) {
            if (t.get("table").asText().equals(table)) {
                return t;
            }
        }
        throw new AssertionError("no table " + table + " in " + tables);
    }

    private static AppProcess start(Map<String, String> env, List<Integer> ports, int i) throws Exception {
        int port = AppProcess.freePort();
        Map<String, String> own = new HashMap<>(env);
        own.put("HANACDC_ADMIN_PORT", String.valueOf(port));
        ports.add(port);
        return AppProcess.start("scaleout-" + i, own);
    }

    private static Map<Integer, Integer> perReplica(Map<String, Integer> owners) {
        Map<Integer, Integer> out = new TreeMap<>();
        owners.values().forEach(r -> out.merge(r, 1, Integer::sum));
        return out;
    }

    /**
     * Table to the index of the replica whose API shows it streaming; waits until every table has exactly one and no
     * replica streams more than ceil(tables / live) + 1.
     */
    private Map<String, Integer> awaitSpread(List<AppProcess> replicas, List<Integer> ports, int live) throws Exception {
        long deadline = System.currentTimeMillis() + 180_000; // JVMs starting and loading on a busy 2-core machine
        int most = (ALL + live - 1) / live + 1;
        while (true) {
            Map<String, Integer> owners = new TreeMap<>();
            boolean conflict = false;
            for (int i = 0; i < replicas.size(); i++) {
                if (!replicas.get(i).process.isAlive()) {
                    continue;
                }
                for (JsonNode t : tablesOf(ports.get(i), "?local=true").orElse(json.createArrayNode())) {
                    if (t.get("state").asText().equals("streaming")) {
                        conflict |= owners.put(t.get("table").asText(), i) != null;
                    }
                }
            }
            Map<Integer, Integer> spread = perReplica(owners);
            if (!conflict && owners.size() == ALL && spread.size() == live && spread.values().stream().allMatch(n -> n <= most)) {
                return owners;
            }
            assertTrue(System.currentTimeMillis() < deadline, "every table owned by exactly one replica, at most " + most
                    + " each; now " + spread + ", " + owners.size() + " tables" + (conflict ? " (a table shown streaming twice)" : "")
                    + "\n" + replicas.get(replicas.size() - 1).output());
            Thread.sleep(200);
        }
    }

    private Optional<JsonNode> tablesOf(int port, String query) {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/tables" + query)).build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? Optional.of(json.readTree(r.body())) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty(); // not listening yet
        }
    }
}
