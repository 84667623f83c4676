package io.hanacdc.admin;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.cluster.ReplicaMembership;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * One view of a task whose replicas share it: any replica's table list shows every table as its owner reports it
 * (asked over the admin API with the caller's own credentials), and a command or a history for a table another
 * replica owns is forwarded to it. A forwarded request carries {@link #FORWARDED}, so it is answered where it lands.
 */
public final class ReplicaView {
    /** Set on requests one replica sends another. */
    public static final String FORWARDED = "X-Hanacdc-Forwarded";
    private static final Duration WAIT = Duration.ofSeconds(3);
    private static final ObjectMapper JSON = new ObjectMapper();
    private final ReplicaMembership membership;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(WAIT).build();

    public ReplicaView(ReplicaMembership membership) {
        this.membership = membership;
    }

    /** A reply from another replica, passed on as it came. */
    public record Reply(int status, String body) {}

    /** The admin address of the replica that owns the table, when another does. */
    public Optional<String> elsewhere(String table) {
        return membership.ownerOf(table).filter(o -> !o.equals(membership.name())).map(o -> membership.addresses().get(o));
    }

    /**
     * This replica's rows, each table's replaced by its owner's (with "owner" set); a table whose owner cannot be asked
     * keeps this replica's row (state standby) with "ownerUnreachable" saying why.
     */
    public List<Map<String, Object>> merge(List<Map<String, Object>> local, String authorization) {
        Map<String, CompletableFuture<Map<String, Map<String, Object>>>> asked = new HashMap<>();
        for (Map<String, Object> row : local) {
            String owner = membership.ownerOf(String.valueOf(row.get("table"))).orElse(null);
            if (owner != null && !owner.equals(membership.name()) && membership.addresses().get(owner) != null) {
                asked.computeIfAbsent(owner, o -> tablesOf(membership.addresses().get(o), authorization));
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
                } catch (RuntimeException e) {
                    shown = new java.util.LinkedHashMap<>(row);
                    shown.put("ownerUnreachable", (e.getCause() != null ? e.getCause() : e).getMessage());
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
    public Map<String, Object> mergeHistory(Map<String, Object> local, String authorization) {
        Map<String, Object> out = new java.util.LinkedHashMap<>(local);
        List<Double> lag = numbers(local.get("lagSeconds"));
        List<Double> rate = numbers(local.get("rowsPerSecond"));
        long lastAt = ((Number) local.get("lastAt")).longValue();
        Map<String, CompletableFuture<String>> asked = new java.util.TreeMap<>();
        for (String replica : membership.owning()) {
            String address = membership.addresses().get(replica);
            if (!replica.equals(membership.name()) && address != null) {
                asked.put(replica, get(address, "/api/history?local=true", authorization));
            }
        }
        List<String> missing = new ArrayList<>();
        asked.forEach((replica, answer) -> {
            try {
                Map<String, Object> theirs = JSON.readValue(answer.join(), new TypeReference<Map<String, Object>>() {});
                List<Double> theirLag = numbers(theirs.get("lagSeconds"));
                List<Double> theirRate = numbers(theirs.get("rowsPerSecond"));
                long theirLast = ((Number) theirs.get("lastAt")).longValue();
                for (int i = 0; i < lag.size(); i++) {
                    long at = lastAt - (lag.size() - 1 - i) * 1000L;
                    int j = theirLag.size() - 1 - (int) Math.round((theirLast - at) / 1000.0);
                    if (j >= 0 && j < theirLag.size()) {
                        lag.set(i, Math.max(lag.get(i), theirLag.get(j)));
                        rate.set(i, rate.get(i) + theirRate.get(j));
                    }
                }
            } catch (RuntimeException | java.io.IOException e) {
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

    /** Passes a request for a table on to the replica at {@code address}. */
    public Reply forward(String method, String address, String path, String body, String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(address + path)).timeout(Duration.ofSeconds(90)).header(FORWARDED, "1")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json");
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        try {
            HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(r.statusCode(), r.body());
        } catch (java.io.IOException e) {
            throw new TableApi.Refused(502, "the replica that owns the table, at " + address + ", cannot be reached: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TableApi.Refused(503, "interrupted");
        }
    }

    /** The path of a table's resource, its name encoded. */
    public static String tablePath(String table, String rest) {
        return "/api/tables/" + URLEncoder.encode(table, StandardCharsets.UTF_8).replace("+", "%20") + "/" + rest;
    }

    private CompletableFuture<Map<String, Map<String, Object>>> tablesOf(String address, String authorization) {
        return get(address, "/api/tables?local=true", authorization).thenApply(body -> {
            Map<String, Map<String, Object>> byTable = new HashMap<>();
            try {
                for (Map<String, Object> row : JSON.readValue(body, new TypeReference<List<Map<String, Object>>>() {})) {
                    if (!"standby".equals(row.get("state"))) {
                        byTable.put(String.valueOf(row.get("table")), row);
                    }
                }
            } catch (java.io.IOException e) {
                throw new IllegalStateException("unreadable answer from " + address + ": " + e.getMessage(), e);
            }
            return byTable;
        });
    }

    /** Another replica's answer to a GET, within {@link #WAIT}; fails on anything but 200. */
    private CompletableFuture<String> get(String address, String path, String authorization) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(address + path)).timeout(WAIT).header(FORWARDED, "1");
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString()).thenApply(r -> {
            if (r.statusCode() != 200) {
                throw new IllegalStateException("HTTP " + r.statusCode() + " from " + address);
            }
            return r.body();
        });
    }
}
