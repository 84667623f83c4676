package io.hanacdc.cluster;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;

/**
 * The two routes of a replica sharing a task: its heartbeat, on every replica, and the leader's round, wrapped in
 * Camel's {@code master:} consumer so that only the replica Camel's cluster service elected runs it (one lock file or
 * one Lease per task, whatever the number of tables).
 */
public final class ClusterRoutes extends RouteBuilder {
    public static final String HEARTBEAT_ROUTE = "hanacdc replica";
    public static final String LEADER_ROUTE = "hanacdc assign";
    /** Kubernetes object names allow 253 characters; leave room for the lease prefix. */
    private static final int READABLE_PART = 80;
    private final String task;
    private final ClusterSettings settings;
    private final ReplicaMembership membership;
    private final TableAssigner assigner;

    private ClusterRoutes(String task, ClusterSettings settings, ReplicaMembership membership, TableAssigner assigner) {
        this.task = task;
        this.settings = settings;
        this.membership = membership;
        this.assigner = assigner;
    }

    /** Creates the coordination tables if needed, then starts the heartbeat (first beat at once) and the leader's route. */
    public static ReplicaMembership start(CamelContext camel, String task, ClusterSettings settings, String adminHost, int adminPort, DataSource source,
                                         OwnerStore store, List<TableId> tables, ReplicaMembership.Tables driven) throws Exception {
        try (Connection c = source.getConnection()) {
            store.ensureTables(c);
        } catch (SQLException e) {
            throw new CdcException("the source cannot be reached to join the task's replicas: " + e.getMessage(), e);
        }
        BeatProof proof = new BeatProof(settings.key(), task);
        ReplicaMembership membership = new ReplicaMembership(source, store, settings.replica(), settings.peerAddress(adminHost, adminPort), proof,
                new TrustedReplicas(proof, settings.peers(), true), driven);
        TableAssigner assigner = new TableAssigner(source, store, new TrustedReplicas(proof, settings.peers(), false), tables, settings.replicaTimeout());
        camel.addRoutes(new ClusterRoutes(task, settings, membership, assigner));
        return membership;
    }

    @Override
    public void configure() {
        long period = settings.heartbeat().toMillis();
        from("timer:hanacdc-replica?delay=0&period=" + period).routeId(HEARTBEAT_ROUTE).process(e -> membership.beat());
        from("master:" + namespace(task) + ":timer:hanacdc-assign?period=" + period).routeId(LEADER_ROUTE).process(e -> assigner.assign());
    }

    /**
     * The task's cluster namespace: readable (the task in lower case, other characters as '-', valid as a file name and
     * a Kubernetes object name) and unique (a hash of the exact name).
     */
    static String namespace(String task) {
        String readable = task.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        if (readable.length() > READABLE_PART) {
            readable = readable.substring(0, READABLE_PART);
        }
        return readable + "-leader-" + hash(task);
    }

    private static String hash(String s) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 5);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }
}
