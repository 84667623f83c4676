package io.hanacdc.bench;

import io.hanacdc.bench.ResultRow.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Section 11 of the results table: replicas sharing one task of many tables, started, one killed, one joined. */
public final class ReplicasRows {
    private ReplicasRows() {}

    public static List<ResultRow> of(ReplicasBench.Result r, String jvm) {
        List<ResultRow> rows = new ArrayList<>();
        if (r == null) {
            return rows;
        }
        var s = r.start();
        String at = String.format("%,d tables, %d replicas: ", r.benchTables(), ReplicasBench.REPLICAS);
        String timing = String.format("heartbeat %,d ms and replica timeout %,d ms (the product's defaults, not set), file cluster service"
                        + " (lock tried every %,d ms, stale after %d)", ReplicasBench.HEARTBEAT_MS, ReplicasBench.REPLICA_TIMEOUT_MS,
                ReplicasBench.LOCK_INTERVAL_MS, ReplicasBench.LOCK_STALE_INTERVALS);
        String first = at + "start: launch of the first → ";
        rows.add(ResultRow.info("11", first + "every replica's admin API answers", s.apiAt(), "s", String.format("%d replicas launched back"
                + " to back on the capture installed beforehand (bin/hana-cdc install: %.1f s); %s; JVM and Camel start; %s",
                ReplicasBench.REPLICAS, r.installSeconds(), timing, resolution(s))));
        phase(rows, first, s, 0, "JVM start and every table's one-row initial load included");
        var idle = r.idle();
        rows.add(ResultRow.info("11", at + "idle source transactions", idle.perSecond(), "tx/s", String.format("as in (9): xact_commit +"
                        + " xact_rollback of the source database, %,d in %.0f s, nobody writing, 5 s after the start balanced; %d hana-cdc sessions"
                        + " on the source; the replicas' heartbeats alone are 3 statements per replica per heartbeat (%.1f/s for %d), each"
                        + " replica ticks for the tables it owns", idle.transactions(), idle.seconds(), idle.sessions(),
                3.0 * ReplicasBench.REPLICAS * 1000 / ReplicasBench.HEARTBEAT_MS, ReplicasBench.REPLICAS)));
        rows.add(ResultRow.info("11", at + "idle CPU, all replicas' JVMs", 100 * idle.cpu().process() / idle.seconds(), "% of a core",
                String.format("same window, the %d JVMs summed; all PostgreSQL processes %.0f%%, MariaDB %.0f%%, machine %.0f%% of a core"
                                + " (other sessions included)", ReplicasBench.REPLICAS, 100 * idle.cpu().postgres() / idle.seconds(),
                        100 * idle.cpu().mariadb() / idle.seconds(), 100 * idle.cpu().machine() / idle.seconds())));
        phase(rows, at + "one killed: SIGKILL → ", r.kill(), 0, String.format("%s streamed %d tables, the most; %s; the survivors are given"
                        + " its tables once it has been silent for the replica timeout", r.victim(), r.victimTables(), r.victimLeader()
                        ? "it was the leader: another is elected once its lock is stale, and counts every replica alive for one replica timeout"
                        : "not the leader"));
        var j = r.join();
        String joined = at + "one joined: ";
        rows.add(ResultRow.info("11", joined + "launch → its first heartbeat", j.firstBeatAt(), "s", String.format("%s launched as a"
                + " fourth process; its row in the source's hanacdc_replica, read once per round; %s", r.joined(), resolution(j))));
        rows.add(ResultRow.info("11", joined + "launch → its admin API answers", j.apiAt(), "s", String.format("first round in which %s's"
                + " /api/tables?local=true answers (JVM and Camel start); the times below are from that answer", r.joined())));
        rows.add(ResultRow.info("11", joined + "admin API answers → its first table streaming", j.newcomerAt() - j.apiAt(), "s",
                String.format("first round in which %s shows a table streaming; the leader asks owners to hand tables over from its first"
                        + " round after the first heartbeat, so hand-overs may be under way before the API answers", r.joined())));
        phase(rows, joined + "admin API answers → ", j, j.apiAt(), String.format("%s streaming tables too; from its first heartbeat: %.1f s"
                + " to settled", r.joined(), j.settledAt() - j.firstBeatAt()));
        var c = r.check();
        rows.add(new ResultRow("11", at + "tables streaming exactly once at the end", c.once(), "tables", Double.NaN,
                String.format("all %,d", c.tables()), Verdict.of(c.exact()), String.format("2 heartbeats after the join settled, one round over"
                        + " the live replicas (%s): %d streaming twice, %d on none; the source's hanacdc_table_owner: %,d rows, %,d owned by a"
                        + " live replica", spread(c.spread()), c.twice(), c.missing(), c.ownerRows(), c.ownedByLive())));
        for (Map.Entry<String, Long> e : r.peakRssKb().entrySet()) {
            double mb = e.getValue() / 1024.0;
            String when = e.getKey().equals(r.victim()) ? "read just before it was killed" : "read at the end of the run";
            rows.add(new ResultRow("11", at + "peak RSS (VmHWM), " + e.getKey(), mb, "MB", Double.NaN, "≤ 512 MB",
                    Verdict.of(mb <= TablesRows.RSS_LIMIT_MB), jvm + "; " + when));
        }
        return rows;
    }

    /**
     * Three rows per phase, timed from {@code origin} (seconds into the phase): every table streaming on exactly one
     * replica (unless it was so from before the origin), the spread within ⌈T/R⌉ + 1 (with every live replica streaming
     * tables), and within ⌈T/R⌉.
     */
    private static void phase(List<ResultRow> rows, String what, ReplicasBench.Phase p, double origin, String about) {
        String twice = p.twiceRounds() > 0 ? String.format("; %d rounds showed a table streaming on two replicas (the answers of a round"
                + " are not one instant)", p.twiceRounds()) : "";
        if (p.coveredAt() >= origin) { // a join starts with every table streaming on the others: no such row
            rows.add(ResultRow.info("11", what + "every table streaming on exactly one replica", p.coveredAt() - origin, "s", String.format(
                    "first round in which each of the task's %,d tables (the heartbeat table included) is streaming on exactly one live"
                            + " replica and standby on the others; %s%s%s; %s", p.tables(), about, p.timedOut() ? "; TIMED OUT" : "", twice,
                    resolution(p))));
        }
        boolean ok = !p.timedOut() && ReplicasBench.Phase.most(p.settled()) <= p.quota() + 1;
        rows.add(new ResultRow("11", what + "spread settled", p.settledAt() - origin, "s", Double.NaN, String.format("max ≤ ⌈%,d/%d⌉ + 1 = %d",
                p.tables(), p.live(), p.quota() + 1), Verdict.of(ok), String.format("first round in which every table is streaming on"
                + " exactly one replica, every live replica streams tables and none more than ⌈T/R⌉ + 1; tables per replica then: %s%s",
                spread(p.settled()), p.coveredAt() >= origin ? "" : "; " + about + twice)));
        rows.add(ResultRow.info("11", what + "spread balanced", p.balancedAt() - origin, "s", Double.isNaN(p.balancedAt())
                ? String.format("none more than ⌈T/R⌉ = %d: not reached %.0f s after settling; last: %s", p.quota(),
                ReplicasBench.BALANCE_GRACE_SECONDS, spread(p.last()))
                : String.format("first such round with none more than ⌈T/R⌉ = %d: %s", p.quota(), spread(p.last()))));
    }

    private static String resolution(ReplicasBench.Phase p) {
        return String.format("resolution ≈ %.0f ms (a round asks every live replica's /api/tables?local=true at once; %d rounds in the phase)",
                p.roundMs(), p.rounds());
    }

    private static String spread(Map<String, Integer> perReplica) {
        List<String> parts = new ArrayList<>();
        perReplica.forEach((replica, n) -> parts.add(replica + " " + n));
        return String.join(", ", parts);
    }
}
