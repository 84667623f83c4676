package io.hanacdc.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * Replicas (11): one task of N one-row tables (those of {@link TablesBench}), PostgreSQL into MariaDB, shared by
 * three replica processes with the file cluster service at the product's default heartbeat and replica timeout. Each
 * live replica's {@code GET /api/tables?local=true} says which tables it streams ("streaming" on the owner, "standby"
 * elsewhere); from rounds of those polls: start until every table streams on exactly one replica with the spread in
 * bound; the replica owning most tables killed with SIGKILL, until its tables stream on the survivors; a fourth
 * replica started, to its first heartbeat and its API's first answer, and from that answer until it streams its
 * share. Also the source's transactions at idle
 * with three replicas ({@link IdleLoad}), each replica's peak RSS, and a final count of tables streaming once, twice
 * or nowhere, with the owner rows in the source.
 */
public final class ReplicasBench {
    static final int REPLICAS = 3;
    /** The product's defaults (README, "Scale-out"): the scenario does not set them, so these apply. */
    static final int HEARTBEAT_MS = 2000;
    static final int REPLICA_TIMEOUT_MS = 10_000;
    static final int LOCK_INTERVAL_MS = 2000;
    static final int LOCK_STALE_INTERVALS = 5;
    /** Pause between two poll rounds: a round of 3 × ~1,000 table statuses is itself work for the replicas. */
    static final long POLL_PAUSE_MS = 500;
    /** After the spread is within ⌈T/R⌉ + 1, how long the harness still waits for it to reach ⌈T/R⌉. */
    static final double BALANCE_GRACE_SECONDS = 60;
    private static final double SETTLE_SECONDS = 5;
    private static final double PHASE_TIMEOUT_SECONDS = 300;

    /**
     * One phase, timed from its start ({@code 0}: the first launch, the SIGKILL, the new replica's launch) by rounds of
     * polls, the live replicas polled at once. NaN where a time does not apply or was not reached.
     *
     * @param apiAt      first round in which every live replica's admin API answered
     * @param firstBeatAt the new replica's first heartbeat, seen in the source's {@code hanacdc_replica} (join only)
     * @param newcomerAt first round in which the new replica streams a table (join only)
     * @param coveredAt  first round in which every table of the task streams on exactly one live replica
     * @param settledAt  first round that is covered, with every live replica streaming tables and none more than ⌈T/R⌉ + 1
     * @param balancedAt first covered round with none more than ⌈T/R⌉ (NaN: not within the grace after settling)
     * @param settled    tables per replica at {@code settledAt}
     * @param last       tables per replica in the phase's last round (at {@code balancedAt}, or when the grace ran out)
     * @param twiceRounds rounds in which some table was shown streaming on two replicas (a round's polls are sent at once
     *                   but answered at different moments: a table handed over between two answers shows twice)
     * @param roundMs    mean time from one round's start to the next (the times' resolution)
     */
    public record Phase(double apiAt, double firstBeatAt, double newcomerAt, double coveredAt, double settledAt, double balancedAt,
                        Map<String, Integer> settled, Map<String, Integer> last, int tables, int live, int twiceRounds, int rounds,
                        double roundMs, boolean timedOut) {
        public int quota() {
            return (tables + live - 1) / live;
        }

        public static int most(Map<String, Integer> spread) {
            return spread.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        }
    }

    /** The final count over the live replicas' APIs, and the owner rows in the source's {@code hanacdc_table_owner}. */
    public record Check(int tables, int once, int twice, int missing, int ownerRows, int ownedByLive, Map<String, Integer> spread) {
        public boolean exact() {
            return twice == 0 && missing == 0 && once == tables && ownedByLive == tables;
        }
    }

    /**
     * @param victimLeader whether the killed replica had led (its log holds the leader's assignment lines)
     * @param peakRssKb  VmHWM per replica: the killed one's read just before the kill, the others' at the end
     */
    public record Result(int benchTables, double installSeconds, Phase start, IdleLoad.Outcome idle, String victim, int victimTables,
                         boolean victimLeader, Phase kill, String joined, Phase join, Check check, Map<String, Long> peakRssKb) {}

    /** A replica process with its name and admin port. */
    private record Replica(String name, int port, HanaCdcProcess process) {}

    /**
     * What one round of polls saw: table to the replica streaming it, every table any replica listed, those streamed
     * twice, the replicas that answered.
     */
    private record Round(Map<String, String> owner, Set<String> listed, Set<String> twice, Set<String> answered) {
        boolean covered(List<String> benchTables) {
            return twice.isEmpty() && owner.keySet().containsAll(listed) && listed.containsAll(benchTables);
        }

        Map<String, Integer> spread(List<Replica> live) {
            Map<String, Integer> out = new TreeMap<>();
            live.forEach(r -> out.put(r.name(), 0));
            owner.values().forEach(r -> out.merge(r, 1, Integer::sum));
            return out;
        }
    }

    private final Databases dbs;
    private final BenchOptions o;
    private final Path workDir;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final ObjectMapper json = new ObjectMapper();
    private Replica killed;

    public ReplicasBench(Databases dbs, BenchOptions o, Path workDir) {
        this.dbs = dbs;
        this.o = o;
        this.workDir = workDir;
    }

    public Result run() throws Exception {
        int n = o.replicas().tables();
        String src = dbs.freshPg("bench_replicas" + n);
        try (MariaDbTarget target = new MariaDbTarget(dbs, src)) {
            List<String> names = TablesBench.createOneRowTables(dbs, src, n).stream().map(t -> "public." + t).toList();
            Path locks = Files.createTempDirectory(workDir, "replicas-locks");
            var settings = HanaCdcProcess.Settings.of(o, workDir, dbs.pgUrl(src), "public.*").with(target.env())
                    .with(Map.of("HANACDC_CLUSTER", "file", "HANACDC_CLUSTER_FILE_ROOT", locks.toString(),
                            "HANACDC_CLUSTER_SECRET", UUID.randomUUID() + "-" + UUID.randomUUID())); // the replicas' shared secret (docs/scale-out.md)
            long t0 = System.nanoTime();
            HanaCdcProcess.runToEnd(settings, "replicas" + n + "-install", "install");
            double install = (System.nanoTime() - t0) / 1e9;
            System.out.printf("  %d one-row tables, bin/hana-cdc install took %.1f s; starting %d replicas (heartbeat %d ms, replica timeout %d ms:"
                    + " the product's defaults)%n", n, install, REPLICAS, HEARTBEAT_MS, REPLICA_TIMEOUT_MS);
            List<Replica> all = new ArrayList<>();
            try {
                return run(all, settings, names, src, install);
            } finally {
                all.forEach(r -> r.process().close()); // before the target database is dropped
            }
        } finally {
            dbs.dropPg(src);
        }
    }

    private Result run(List<Replica> all, HanaCdcProcess.Settings settings, List<String> names, String src, double install) throws Exception {
        int n = names.size();
        for (int i = 1; i <= REPLICAS; i++) {
            all.add(start(settings, "r" + i, n));
        }
        Phase start = await(all, names, all.get(0).process().startNanos(), "start", null, src);
        Thread.sleep((long) (SETTLE_SECONDS * 1000));
        var idle = IdleLoad.measure(dbs, src, -1, o.replicas().idleSeconds(), all.stream().mapToLong(r -> r.process().pid()).toArray());
        System.out.printf("  idle, %d replicas: %.1f source transactions/s (%d in %.0f s), %d hana-cdc sessions, replicas' JVMs %.0f%% of a core%n",
                REPLICAS, idle.perSecond(), idle.transactions(), idle.seconds(), idle.sessions(), 100 * idle.cpu().process() / idle.seconds());

        Map<String, Integer> before = poll(live(all)).spread(live(all));
        Replica victim = all.stream().max((a, b) -> Integer.compare(before.get(a.name()), before.get(b.name()))).orElseThrow();
        boolean leader = ledAssignments(victim);
        Map<String, Long> rss = new LinkedHashMap<>();
        all.forEach(r -> rss.put(r.name(), r.process().readPeakRssKb()));
        System.out.printf("  SIGKILL to %s (%d tables%s)%n", victim.name(), before.get(victim.name()), leader ? ", the leader" : ", not the leader");
        long killedAt = System.nanoTime();
        killed = victim;
        victim.process().kill();
        Phase kill = await(all, names, killedAt, "kill", null, src);

        Replica joined = start(settings, "r" + (REPLICAS + 1), n);
        all.add(joined);
        Phase join = await(all, names, joined.process().startNanos(), "join", joined, src);

        Thread.sleep(2L * HEARTBEAT_MS); // two more heartbeats: a settled spread must stay so
        Check check = check(all, names, src);
        System.out.printf("  final count over %d tables: %d streaming once, %d twice, %d on none; source owner rows %d, %d owned by a live replica (%s)%n",
                check.tables(), check.once(), check.twice(), check.missing(), check.ownerRows(), check.ownedByLive(), check.spread());
        for (Replica r : live(all)) {
            r.process().ensureAlive();
            rss.put(r.name(), r.process().readPeakRssKb());
        }
        System.out.printf("  peak RSS (MB): %s%n", String.join(", ", rss.entrySet().stream().map(e -> e.getKey() + " " + e.getValue() / 1024).toList()));
        return new Result(n, install, start, idle, victim.name(), before.get(victim.name()), leader, kill, joined.name(), join, check, rss);
    }

    private Replica start(HanaCdcProcess.Settings settings, String name, int n) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        var own = settings.with(Map.of("HANACDC_ADMIN_PORT", String.valueOf(port), "HANACDC_CLUSTER_REPLICA", name));
        return new Replica(name, port, HanaCdcProcess.start(own, "replicas" + n + "-" + name));
    }

    private static List<Replica> live(List<Replica> all) {
        return all.stream().filter(r -> r.process().alive()).toList();
    }

    /**
     * Polls the live replicas, round after round, until the spread is settled (covered, each streaming tables, none over
     * ⌈T/R⌉ + 1) and then balanced (none over ⌈T/R⌉) or the grace after settling has run out. A {@code newcomer}
     * (or null) must stream tables for the spread to settle, as every live replica must; its first beat is looked for
     * in the source.
     */
    private Phase await(List<Replica> all, List<String> names, long fromNanos, String what, Replica newcomer, String src) throws Exception {
        double api = Double.NaN, firstBeat = Double.NaN, newcomerAt = Double.NaN, covered = Double.NaN, settled = Double.NaN;
        Map<String, Integer> settledSpread = Map.of();
        int twiceRounds = 0, rounds = 0, tables = 0, live = 0;
        long first = System.nanoTime();
        double reported = 0;
        try (Connection c = newcomer == null ? null : dbs.pg(src)) {
            while (true) {
                long roundStart = System.nanoTime();
                for (Replica r : all) {
                    if (r != killed) {
                        r.process().ensureAlive(); // a replica that died by itself ends the scenario, with its log's tail
                    }
                }
                List<Replica> alive = live(all);
                if (newcomer != null && Double.isNaN(firstBeat) && beats(c, newcomer) > 0) {
                    firstBeat = (roundStart - fromNanos) / 1e9;
                    System.out.printf("  %s: %s's first heartbeat in the source at %.1f s%n", what, newcomer.name(), firstBeat);
                }
                Round round = poll(alive);
                double at = (roundStart - fromNanos) / 1e9;
                rounds++;
                twiceRounds += round.twice().isEmpty() ? 0 : 1;
                tables = round.listed().size();
                live = alive.size();
                Map<String, Integer> spread = round.spread(alive);
                int quota = (tables + live - 1) / live;
                if (Double.isNaN(api) && round.answered().size() == alive.size()) {
                    api = at;
                    System.out.printf("  %s: every live replica's admin API answers at %.1f s%n", what, api);
                }
                if (newcomer != null && Double.isNaN(newcomerAt) && spread.getOrDefault(newcomer.name(), 0) > 0) {
                    newcomerAt = at;
                    System.out.printf("  %s: %s streams its first table at %.1f s%n", what, newcomer.name(), at);
                }
                boolean isCovered = round.covered(names);
                if (isCovered && Double.isNaN(covered)) {
                    covered = at;
                }
                if (isCovered && Double.isNaN(settled) && spread.values().stream().allMatch(k -> k > 0 && k <= quota + 1)) {
                    settled = at;
                    settledSpread = spread;
                    System.out.printf("  %s: every table streaming once at %.1f s, settled at %.1f s (%s; ⌈%d/%d⌉ = %d)%n", what, covered, settled,
                            spread, tables, live, quota);
                }
                if (at - reported >= 10 && Double.isNaN(settled)) {
                    reported = at;
                    System.out.printf("  %s %.0f s: %d of %d tables streaming, %d twice; answered %s of %d; %s%n", what, at, round.owner().size(),
                            tables, round.twice().size(), round.answered(), alive.size(), spread);
                }
                boolean balanced = isCovered && spread.values().stream().allMatch(k -> k > 0 && k <= quota);
                double since = (System.nanoTime() - first) / 1e9;
                boolean graceOver = !Double.isNaN(settled) && at - settled > BALANCE_GRACE_SECONDS;
                boolean timedOut = Double.isNaN(settled) && since > timeoutFor(what, names.size());
                if (balanced || graceOver || timedOut) {
                    double roundMs = rounds > 1 ? (System.nanoTime() - first) / 1e6 / (rounds - 1) : Double.NaN;
                    if (timedOut) {
                        System.out.printf("  %s: TIMED OUT after %.0f s: %d of %d tables streaming, %d twice (%s)%n", what, since,
                                round.owner().size(), tables, round.twice().size(), spread);
                    } else if (!balanced) {
                        System.out.printf("  %s: not within ⌈%d/%d⌉ = %d by %.0f s after settling (%s)%n", what, tables, live, quota,
                                BALANCE_GRACE_SECONDS, spread);
                    } else {
                        System.out.printf("  %s: balanced at %.1f s (%s)%n", what, at, spread);
                    }
                    return new Phase(api, firstBeat, newcomerAt, covered, settled, balanced ? at : Double.NaN, settledSpread, spread, tables, live,
                            twiceRounds, rounds, roundMs, timedOut);
                }
                Thread.sleep(POLL_PAUSE_MS);
            }
        }
    }

    /** The replica's beat counter in the source's {@code hanacdc_replica}: 0 before its first heartbeat. */
    private static long beats(Connection c, Replica r) throws Exception {
        try (var ps = c.prepareStatement("SELECT beats FROM hanacdc.hanacdc_replica WHERE task = 'bench' AND replica = ?")) {
            ps.setString(1, r.name());
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        }
    }

    /** The start of 3 JVMs loading every table waits longer than a kill or a join. */
    private static double timeoutFor(String what, int tables) {
        return what.equals("start") ? PHASE_TIMEOUT_SECONDS + 0.3 * tables : PHASE_TIMEOUT_SECONDS;
    }

    /** One round: every replica asked at once, the answers taken as they come (a replica not answering streams nothing this round). */
    private Round poll(List<Replica> replicas) {
        Map<String, CompletableFuture<JsonNode>> asked = new LinkedHashMap<>();
        replicas.forEach(r -> asked.put(r.name(), list(r)));
        Map<String, String> owner = new TreeMap<>();
        Set<String> listed = new TreeSet<>();
        Set<String> twice = new TreeSet<>();
        Set<String> answered = new TreeSet<>();
        asked.forEach((name, answer) -> {
            JsonNode rows = answer.join();
            if (rows == null) {
                return;
            }
            answered.add(name);
            for (JsonNode t : rows) {
                String table = t.path("table").asText();
                listed.add(table);
                if (t.path("state").asText().equals("streaming") && owner.put(table, name) != null) {
                    twice.add(table);
                }
            }
        });
        return new Round(owner, listed, twice, answered);
    }

    /** The replica's own table rows ({@code GET /api/tables?local=true}), or null while its API does not answer. */
    private CompletableFuture<JsonNode> list(Replica r) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + r.port() + "/api/tables?local=true"))
                .timeout(Duration.ofSeconds(10)).build();
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString()).thenApply(resp -> {
            try {
                return resp.statusCode() == 200 ? json.readTree(resp.body()) : null;
            } catch (Exception e) {
                return null;
            }
        }).exceptionally(e -> null);
    }

    /** Whether the replica ran the leader's round: only the leader logs assignments and hand-over requests. */
    private static boolean ledAssignments(Replica r) {
        try (var lines = Files.lines(r.process().log())) {
            return lines.anyMatch(l -> l.contains(": assigned to replica ") || l.contains(" is asked to hand it to "));
        } catch (Exception e) {
            return false;
        }
    }

    /** One last round, and the owner rows the leader keeps in the source's CDC schema, by owner. */
    private Check check(List<Replica> all, List<String> names, String src) throws Exception {
        List<Replica> alive = live(all);
        Round round = poll(alive);
        int tables = round.listed().size();
        int twice = round.twice().size();
        int once = round.owner().size() - twice;
        int missing = (int) round.listed().stream().filter(t -> !round.owner().containsKey(t)).count()
                + (int) names.stream().filter(t -> !round.listed().contains(t)).count();
        Set<String> liveNames = new TreeSet<>(alive.stream().map(Replica::name).toList());
        Map<String, Integer> byOwner = new HashMap<>();
        try (Connection c = dbs.pg(src); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT coalesce(owned_by, ''), count(*) FROM hanacdc.hanacdc_table_owner WHERE task = 'bench'"
                     + " GROUP BY owned_by")) {
            while (rs.next()) {
                byOwner.put(rs.getString(1), rs.getInt(2));
            }
        }
        int rows = byOwner.values().stream().mapToInt(Integer::intValue).sum();
        int ownedByLive = byOwner.entrySet().stream().filter(e -> liveNames.contains(e.getKey())).mapToInt(Map.Entry::getValue).sum();
        return new Check(tables, once, twice, missing, rows, ownedByLive, round.spread(alive));
    }
}
