package io.hanacdc.admin;

import io.hanacdc.cluster.PeerAddress;
import io.hanacdc.cluster.ReplicaMembership;
import io.hanacdc.common.Json;
import io.hanacdc.pipeline.TableState;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One view of a task whose replicas share it: any replica's table list shows every table as its owner reports it, and
 * a command or a history for a table another replica owns is forwarded to it. Replicas ask each other with requests
 * signed by the task's secret (PeerAuth), never with a caller's credentials, only at the addresses their signed
 * heartbeats name (ReplicaMembership), without following redirects; an answer is used only when its signature
 * verifies and it has the shape and types this API writes (PeerAnswers), and is passed on rebuilt, never as it came.
 */
public final class ReplicaView {
    private static final Duration WAIT = Duration.ofSeconds(3);
    private static final Duration COMMAND_WAIT = Duration.ofSeconds(90);
    /** The statuses a forwarded command or history may answer with (TableApi's); another is not passed on. */
    private static final Set<Integer> RELAYED = Set.of(200, 202, 400, 404, 409, 503);
    private final ReplicaMembership membership;
    private final PeerClient peers;

    public ReplicaView(ReplicaMembership membership, PeerAuth auth) {
        this.membership = membership;
        this.peers = new PeerClient(auth);
    }

    /** An answer of another replica, rebuilt as JSON from what was read of it. */
    public record Reply(int status, String body) {}

    /** The admin address of the replica that owns the table, when another does. */
    public Optional<PeerAddress> elsewhere(String table) {
        return membership.ownerOf(table).filter(o -> !o.equals(membership.name())).map(o -> membership.addresses().get(o));
    }

    /**
     * This replica's rows, each table's replaced by its owner's (with "owner" set); a table whose owner cannot be asked
     * keeps this replica's row (state standby) with "ownerUnreachable" saying why.
     */
    public List<Map<String, Object>> merge(List<Map<String, Object>> local) {
        Map<String, CompletableFuture<Map<String, Map<String, Object>>>> asked = new HashMap<>();
        for (Map<String, Object> row : local) {
            String owner = membership.ownerOf(String.valueOf(row.get("table"))).orElse(null);
            PeerAddress address = owner == null ? null : membership.addresses().get(owner);
            if (address != null && !owner.equals(membership.name())) {
                asked.computeIfAbsent(owner, o -> tablesOf(address));
            }
        }
        List<Map<String, Object>> out = new ArrayList<>();
        for (Map<String, Object> row : local) {
            String table = String.valueOf(row.get("table"));
            Optional<String> owner = membership.ownerOf(table);
            if (!membership.shared(table)) { // a captured table the task does not read, or one that could not start: no owner
                out.add(row);
                continue;
            }
            Map<String, Object> shown = row;
            if (owner.isPresent() && asked.containsKey(owner.get())) {
                try {
                    Map<String, Object> theirs = asked.get(owner.get()).join().get(table);
                    if (theirs != null) {
                        shown = theirs;
                    }
                } catch (CompletionException e) {
                    shown = new LinkedHashMap<>(row);
                    shown.put("ownerUnreachable", PeerClient.reason(e));
                }
            }
            shown.put("owner", owner.orElse(null));
            out.add(shown);
        }
        return out;
    }

    /** This replica's rows alone, each table's with its owner. */
    public List<Map<String, Object>> withOwners(List<Map<String, Object>> local) {
        local.stream().filter(row -> membership.shared(String.valueOf(row.get("table"))))
                .forEach(row -> row.put("owner", membership.ownerOf(String.valueOf(row.get("table"))).orElse(null)));
        return local;
    }

    /**
     * The task's series over every replica: each point's rows/s summed and its lag the worst, points matched by their
     * second; a replica that cannot be asked is left out (its name under "missing").
     */
    public Map<String, Object> mergeHistory(Map<String, Object> local) {
        Map<String, Object> out = new LinkedHashMap<>(local);
        List<Double> lag = numbers(local.get("lagSeconds"));
        List<Double> rate = numbers(local.get("rowsPerSecond"));
        long lastAt = ((Number) local.get("lastAt")).longValue();
        Map<String, CompletableFuture<PeerClient.Answer>> asked = new TreeMap<>();
        for (String replica : membership.owning()) {
            PeerAddress address = membership.addresses().get(replica);
            if (!replica.equals(membership.name()) && address != null) {
                asked.put(replica, peers.send("GET", address, "/api/history?local=true", null, WAIT));
            }
        }
        List<String> missing = new ArrayList<>();
        asked.forEach((replica, answer) -> {
            try {
                Map<String, Object> theirs = PeerAnswers.history(200, answer.join().ok().body());
                List<Double> theirLag = numbers(theirs.get("lagSeconds"));
                List<Double> theirRate = numbers(theirs.get("rowsPerSecond"));
                long theirLast = (Long) theirs.get("lastAt");
                for (int i = 0; i < lag.size(); i++) {
                    long at = lastAt - (lag.size() - 1 - i) * 1000L;
                    int j = theirLag.size() - 1 - (int) Math.round((theirLast - at) / 1000.0);
                    if (j >= 0 && j < theirLag.size()) {
                        lag.set(i, Math.max(lag.get(i), theirLag.get(j)));
                        rate.set(i, rate.get(i) + theirRate.get(j));
                    }
                }
            } catch (RuntimeException | PeerAnswers.Unexpected e) {
                missing.add(replica);
            }
        });
        out.put("lagSeconds", lag);
        out.put("rowsPerSecond", rate);
        out.put("missing", missing);
        return out;
    }

    private static List<Double> numbers(Object list) {
        List<Double> out = new ArrayList<>();
        ((List<?>) list).forEach(n -> out.add(((Number) n).doubleValue()));
        return out;
    }

    /** Passes a command for a table on to the replica at {@code address}; its answer as this API would give it. */
    public Reply command(PeerAddress address, String table, String action, String body) {
        PeerClient.Answer a = await(address, peers.send("POST", address, tablePath(table, action), body, COMMAND_WAIT));
        try {
            return new Reply(a.status(), Json.write(PeerAnswers.command(a.status(), a.body())));
        } catch (PeerAnswers.Unexpected e) {
            throw unexpected(address, e);
        }
    }

    /** Asks the replica at {@code address} for a table's history. */
    public Reply history(PeerAddress address, String table) {
        PeerClient.Answer a = await(address, peers.send("GET", address, tablePath(table, "history"), null, WAIT));
        try {
            return new Reply(a.status(), Json.write(PeerAnswers.history(a.status(), a.body())));
        } catch (PeerAnswers.Unexpected e) {
            throw unexpected(address, e);
        }
    }

    /** The path of a table's resource, its name encoded. */
    static String tablePath(String table, String rest) {
        return "/api/tables/" + URLEncoder.encode(table, StandardCharsets.UTF_8).replace("+", "%20") + "/" + rest;
    }

    private static PeerClient.Answer await(PeerAddress address, CompletableFuture<PeerClient.Answer> answer) {
        try {
            PeerClient.Answer a = answer.join();
            if (!RELAYED.contains(a.status())) {
                throw new TableApi.Refused(502, "the replica that owns the table, at " + address + ", answered HTTP " + a.status());
            }
            return a;
        } catch (CompletionException e) {
            throw new TableApi.Refused(502, "the replica that owns the table, at " + address + ", cannot be asked: " + PeerClient.reason(e));
        }
    }

    private static TableApi.Refused unexpected(PeerAddress address, PeerAnswers.Unexpected e) {
        return new TableApi.Refused(502, "the replica that owns the table, at " + address + ", answered with something else than this API"
                + " writes (" + e.getMessage() + "): not passed on");
    }

    private CompletableFuture<Map<String, Map<String, Object>>> tablesOf(PeerAddress address) {
        return peers.send("GET", address, "/api/tables?local=true", null, WAIT).thenApply(a -> {
            Map<String, Map<String, Object>> byTable = new HashMap<>();
            try {
                for (Map<String, Object> row : PeerAnswers.tables(a.ok().body())) {
                    if (!TableState.STANDBY.label().equals(row.get("state"))) {
                        byTable.put((String) row.get("table"), row);
                    }
                }
            } catch (PeerAnswers.Unexpected e) {
                throw new IllegalStateException("it answered with something else than this API writes (" + e.getMessage() + ")");
            }
            return byTable;
        });
    }
}
