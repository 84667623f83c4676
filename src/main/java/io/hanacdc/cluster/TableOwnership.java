package io.hanacdc.cluster;

import io.hanacdc.CdcException;
import io.hanacdc.schema.TableId;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import org.apache.camel.CamelContext;
import org.apache.camel.cluster.CamelClusterEventListener;
import org.apache.camel.cluster.CamelClusterService;

/**
 * One owner per table among the replicas of a task. Each table has its own cluster namespace (its
 * own lock file or Lease), so tables are owned independently and spread over replicas that start
 * together (each replica joins each table's race after a random delay); a table's timer is wrapped in Camel's {@code master:} consumer, so only the owner polls.
 * Ownership only decides who works: the position's compare-and-set (PositionStore) is what keeps a
 * replica that still believes it owns a table from applying anything twice or moving it backwards.
 */
public final class TableOwnership {
    /** Kubernetes object names allow 253 characters; leave room for the lease prefix. */
    private static final int READABLE_PART = 80;
    private final String task;
    private final boolean shared;
    private final long joinSpreadMillis;

    public TableOwnership(String task, ClusterSettings settings) {
        this.task = task;
        this.shared = settings.enabled();
        this.joinSpreadMillis = settings.joinSpread().toMillis();
    }

    /** Whether replicas share the task, each table owned by one of them. */
    public boolean shared() {
        return shared;
    }

    /** How long this replica waits before it competes for a table: random, so replicas starting together split the tables. */
    public long joinDelayMillis() {
        return shared && joinSpreadMillis > 0 ? ThreadLocalRandom.current().nextLong(joinSpreadMillis) : 0;
    }

    /** The consumer that drives a table's route: its timer, only on the owner when replicas share the task. */
    public String trigger(TableId table, String timerUri) {
        return shared ? "master:" + namespace(table) + ":" + timerUri : timerUri;
    }

    /** Calls back with true when this replica becomes the table's owner, false when it stops being it. */
    public void watch(CamelContext camel, TableId table, Consumer<Boolean> ownerChanged) {
        if (!shared) {
            return;
        }
        CamelClusterService service = camel.hasService(CamelClusterService.class);
        if (service == null) {
            throw new CdcException("hanacdc.cluster is set but no Camel cluster service was started");
        }
        try {
            service.getView(namespace(table)).addEventListener((CamelClusterEventListener.Leadership) (view, leader) ->
                    ownerChanged.accept(leader != null && leader.isLocal()));
        } catch (Exception e) {
            throw new CdcException("cannot watch the owner of table " + table + ": " + e.getMessage(), e);
        }
    }

    /**
     * The table's cluster namespace: readable (task, schema and table in lower case, other characters
     * as '-', valid as a file name and a Kubernetes object name) and unique (a hash of the exact names).
     */
    public String namespace(TableId table) {
        String readable = (task + "-" + table.schema() + "-" + table.name()).toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
        if (readable.length() > READABLE_PART) {
            readable = readable.substring(0, READABLE_PART);
        }
        return readable + "-" + hash(task + "\0" + table.schema() + "\0" + table.name());
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
