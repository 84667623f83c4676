package io.hanacdc.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.sql.Identifiers;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TargetFixture;
import io.hanacdc.testing.TestDatabases;
import java.io.File;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * DESIGN §7, the reference test: eight writers on four tables while the task process snapshots
 * and streams, is killed with SIGKILL at random moments and restarted, loses target connections,
 * source sessions and the whole target for a while, and the target gains a foreign key and a unique
 * key under it. At the end the verify command (its own
 * process) finds no difference, and per table the applied-row counter kept with the positions equals
 * the CDC rows after the start position: nothing lost, nothing applied twice. The figures go to
 * stdout and target/chaos-summary.txt (which .ci/run prints). Cycles: -Dhanacdc.test.chaos-cycles
 * (6 by default, 24 with -Pchaos). Into the default target on every run, and into the PostgreSQL
 * target with -Pall-fixtures (.ci/run's time budget leaves it out).
 */
@IntegrationTest
class ChaosTest {
    /** Cycles after CYCLES, while schema or target changes are still to be made. */
    private static final int STREAMING_CYCLES = 8;
    private static final int CYCLES = Integer.getInteger("hanacdc.test.chaos-cycles", 6);
    private static final int WRITERS = 8;

    @ParameterizedTest(name = "into {0}")
    @MethodSource("io.hanacdc.testing.FixtureMatrix#defaultTargetOrBoth")
    void survivesKillsAndFaultsWithoutLosingOrRepeatingAChange(TargetFixture fixture) throws Exception {
        Random rnd = new Random(CYCLES);
        try (Pipeline p = new Pipeline("chaos", fixture)) {
            String ownSource = withParameter(p.sourceUrl, "ApplicationName=chaos-test");
            Pipeline.exec(ownSource, ChaosSchema.create().toArray(String[]::new));
            URI target = URI.create(p.targetUrl.substring("jdbc:".length()));
            ChaosTarget into = new ChaosTarget(fixture, p.targetUrl);
            String control = into.control;
            String log = into.label;
            try (TcpProxy proxy = new TcpProxy(target.getHost(), target.getPort())) {
                Map<String, String> env = new LinkedHashMap<>();
                env.put("HANACDC_SOURCE_URL", p.sourceUrl);
                env.put("HANACDC_TARGET_URL", p.targetUrl.replace(target.getHost() + ":" + target.getPort(), "127.0.0.1:" + proxy.port()));
                env.put("HANACDC_TABLES", ChaosSchema.TABLES);
                env.put("HANACDC_TASK", "chaos");
                env.put("HANACDC_BATCH_SIZE", "200");
                env.put("HANACDC_SNAPSHOT_CHUNK_SIZE", "300");
                env.put("HANACDC_POLL_INTERVAL_MS", "100");
                env.put("HANACDC_PURGE_INTERVAL_S", "86400"); // the CDC rows are counted at the end: none may be purged
                String positions = into.positions;
                Process running = launch(env, "run", log + "-0");
                long deadline = System.currentTimeMillis() + 90_000;
                while (count(control, into.positionsPresent()) == 0 || count(control, "SELECT COUNT(*) FROM " + positions) < 4) {
                    assertTrue(System.currentTimeMillis() < deadline, "no start positions after 90 s: see target/" + log + "-0.log");
                    Thread.sleep(50);
                }
                Map<TableId, Long> startHigh = startPositions(control, positions);

                ChaosWriters writers = new ChaosWriters(withParameter(p.sourceUrl, "ApplicationName=chaos-writer"), WRITERS).start();
                FaultInjector faults = new FaultInjector(TestDatabases.postgresServer(), URI.create(p.sourceUrl.substring(5)).getPath().substring(1),
                        into, proxy).start();
                int snapshotKills = 0;
                int schemaChanges = 0;
                List<ChaosSchema.Change> pendingChanges = new java.util.ArrayList<>(ChaosSchema.changes());
                int exitedByItself = 0;
                TargetChanges targetChanges = new TargetChanges(into);
                boolean targetChanged = false;
                int cycle;
                String launchedAt = into.now();
                for (cycle = 1; cycle <= CYCLES || (!pendingChanges.isEmpty() || !targetChanged) && cycle <= CYCLES + STREAMING_CYCLES; cycle++) {
                    // kills land once the process works (a loaded machine starts it slowly): mid-load, mid-batch, at commit
                    awaitWorking(control, positions, launchedAt, running);
                    if (cycle == CYCLES + 1) { // every cycle met an initial load (a slow machine): it finishes without faults, then the changes get cycles of their own
                        faults.pause(true);
                        long until = System.currentTimeMillis() + 180_000;
                        while (count(control, "SELECT COUNT(*) FROM " + positions + " WHERE phase = 'SNAPSHOT'") > 0 && System.currentTimeMillis() < until) {
                            if (!running.isAlive()) {
                                exitedByItself++;
                                launchedAt = into.now();
                                running = launch(env, "run", log + "-" + cycle);
                            }
                            Thread.sleep(500);
                        }
                        faults.pause(false);
                    }
                    Thread.sleep(cycle == 1 ? 200 + rnd.nextInt(800) : 200 + rnd.nextInt(4500));
                    if (!running.isAlive()) {
                        exitedByItself++; // started during a target outage: a supervisor restarts it, as here
                    }
                    snapshotKills += count(control, "SELECT COUNT(*) FROM " + positions + " WHERE phase = 'SNAPSHOT'") > 0 ? 1 : 0;
                    running.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook, no final checkpoint
                    launchedAt = into.now();
                    running = launch(env, "run", log + "-" + cycle);
                    // schema changes while writers run and the task is killed around them, each once its table streams (a
                    // change during the initial load starts the load again from a new position, which the exactly-once count cannot follow)
                    if (!targetChanged && streaming(control, positions)) {
                        targetChanges.apply(); // people change the target while the task runs
                        targetChanged = true;
                    }
                    java.util.Set<String> blocked = new java.util.HashSet<>(); // a table's changes stay in order
                    for (var it = pendingChanges.iterator(); it.hasNext(); ) {
                        ChaosSchema.Change change = it.next();
                        if (blocked.contains(change.schema() + "." + change.table()) || count(control, "SELECT COUNT(*) FROM " + positions
                                + " WHERE phase <> 'SNAPSHOT' AND source_schema = " + Identifiers.literal(change.schema())
                                + " AND source_table = " + Identifiers.literal(change.table())) == 0) {
                            blocked.add(change.schema() + "." + change.table());
                            continue;
                        }
                        Pipeline.exec(ownSource, change.sql());
                        it.remove();
                        schemaChanges++;
                        blocked.add(change.schema() + "." + change.table()); // one change per table and cycle: kills fall between them
                    }
                }
                assertTrue(pendingChanges.isEmpty() && targetChanged, "the tables never streamed: schema changes " + pendingChanges
                        + " not made, target changed: " + targetChanged);
                Thread.sleep(3000);
                writers.stopAndJoin();
                faults.stopAndJoin();
                try {
                    // a process started during the last fault may still be on its way out: supervise until one works
                    String calm = into.now();
                    long until = System.currentTimeMillis() + 120_000;
                    int logs = cycle;
                    while (!running.isAlive() || count(control, "SELECT COUNT(*) FROM " + positions + " WHERE updated_at > '" + calm + "'") == 0) {
                        assertTrue(System.currentTimeMillis() < until, "no process stored a position in the 120 s after the faults stopped");
                        if (!running.isAlive()) {
                            exitedByItself++;
                            running = launch(env, "run", log + "-" + ++logs);
                        }
                        Thread.sleep(200);
                    }
                    Map<String, String> direct = new LinkedHashMap<>(env);
                    direct.put("HANACDC_TARGET_URL", p.targetUrl);
                    Process verify = launch(direct, "verify --wait-seconds 180", log + "-verify");
                    int exit = verify.waitFor();
                    String report = Files.readString(Path.of("target/" + log + "-verify.log"), StandardCharsets.UTF_8);
                    Matcher m = Pattern.compile("verify: (\\d+) table\\(s\\), (\\d+) rows compared, (\\d+) difference").matcher(report);
                    assertTrue(m.find(), report);
                    long applied = awaitAppliedOnce(control, positions, ownSource, startHigh);
                    String summary = String.format("chaos into %s: %d kill/restart cycles survived (%d while a table was in its initial load, %d restarts after"
                                    + " the task exited by itself); %d schema changes; %d writers: %d transactions committed, %d rolled back, %d savepoints"
                                    + " rolled back, %d held open for seconds; faults: %d target connections killed, %d source sessions"
                                    + " terminated, %d target outages; verify: %s rows compared, %s differences; %d CDC rows applied exactly once%n",
                            fixture, cycle - 1, snapshotKills, exitedByItself, schemaChanges, WRITERS, writers.committed.get(), writers.rolledBack.get(),
                            writers.savepointsRolledBack.get(), writers.longTransactions.get(), faults.targetKills.get(),
                            faults.sourceTerminations.get(), faults.targetOutages.get(), m.group(2), m.group(3), applied);
                    System.out.print(summary);
                    Files.writeString(Path.of("target/chaos-summary.txt"), summary, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                    assertEquals(0, exit, "verify found differences:\n" + report);
                    targetChanges.assertGuardsKept();
                    assertEquals("0", m.group(3), report);
                } finally {
                    running.destroyForcibly().waitFor();
                }
            }
        }
    }

    /** Waits, at most 60 s, until the process launched at {@code since} stored a position (or exited). */
    private static void awaitWorking(String control, String positions, String since, Process running) throws Exception {
        long until = System.currentTimeMillis() + 60_000;
        while (running.isAlive() && System.currentTimeMillis() < until
                && count(control, "SELECT COUNT(*) FROM " + positions + " WHERE updated_at > '" + since + "'") == 0) {
            Thread.sleep(100);
        }
    }

    /** Whether the tables the target changes touch have finished their initial load. */
    private static boolean streaming(String control, String positions) throws Exception {
        return count(control, "SELECT COUNT(*) FROM " + positions + " WHERE phase <> 'SNAPSHOT' AND source_table IN ('plain', 'pair')") == 2;
    }

    /** Per table, waits until rows_applied equals the CDC rows after its start position; returns their sum. */
    private static long awaitAppliedOnce(String control, String positions, String source, Map<TableId, Long> startHigh) throws Exception {
        CaptureNames names = new CaptureNames("hanacdc", 63);
        long deadline = System.currentTimeMillis() + 120_000;
        long total = 0;
        for (var e : startHigh.entrySet()) {
            TableId id = e.getKey();
            String cdc = "SELECT COUNT(*) FROM hanacdc." + Identifiers.ansi(names.cdcTable(id)) + " WHERE \"__$DATA_ID\" > " + e.getValue()
                    + " AND \"__$TRIGGER_ID\" <> 0"; // keys recorded after an ALTER are re-read as rows of the next version, not applied
            String applied = "SELECT rows_applied FROM " + positions + " WHERE task = 'chaos' AND source_schema = "
                    + Identifiers.literal(id.schema()) + " AND source_table = " + Identifiers.literal(id.name());
            long want;
            long got;
            while ((want = Pipeline.count(source, cdc)) != (got = count(control, applied)) && System.currentTimeMillis() < deadline) {
                Thread.sleep(500);
            }
            assertEquals(want, got, "table " + id + ": every CDC row after the start position applied exactly once");
            total += got;
        }
        return total;
    }

    private static Map<TableId, Long> startPositions(String control, String positions) throws Exception {
        Map<TableId, Long> out = new LinkedHashMap<>();
        try (Connection c = TestDatabases.connect(control); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT source_schema, source_table, base_high FROM " + positions)) {
            while (rs.next()) {
                out.put(new TableId(rs.getString(1), rs.getString(2)), rs.getLong(3));
            }
        }
        return out;
    }

    private static Process launch(Map<String, String> env, String args, String log) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.hanacdc.Application"));
        cmd.addAll(List.of(args.split(" ")));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().putAll(env);
        pb.redirectErrorStream(true).redirectOutput(new File("target/" + log + ".log"));
        return pb.start();
    }

    private static long count(String url, String sql) throws Exception {
        return Pipeline.count(url, sql);
    }

    private static String withParameter(String url, String parameter) {
        return url + (url.contains("?") ? "&" : "?") + parameter;
    }
}
