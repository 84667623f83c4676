package io.hanacdc.cluster;

import io.hanacdc.schema.TableId;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The leader's round (its route runs only on the replica Camel's cluster service elected): judges which replicas
 * live, then makes the changes Assignment plans. A replica lives while it beats: a beat counts when its row is trusted
 * (TrustedReplicas: signed with the secret, a usable address), it was signed within the timeout of this leader's clock
 * and later than the last one seen, so a row written without the secret, or an old row written again, keeps no
 * replica alive. Since when a replica beat last is
 * this leader's own clock's; a new leader counts every replica with a recent beat alive for one timeout.
 */
public final class TableAssigner {
    private static final Logger LOG = LoggerFactory.getLogger(TableAssigner.class);

    /** The time a replica's last beat was signed at, since when this leader has seen it, and whether it saw a beat follow another. */
    private record Seen(long signedAt, long sinceNanos, boolean confirmed) {}

    /** The live replicas, and those of them this leader has seen beat. */
    private record Live(Set<String> all, Set<String> confirmed) {}

    private final DataSource source;
    private final OwnerStore store;
    private final TrustedReplicas trusted;
    private final List<TableId> tables;
    private final long timeoutNanos;
    private final Map<String, Seen> seen = new HashMap<>();
    /** The replicas whose clocks were found off: each is said once. */
    private final Set<String> skewed = new HashSet<>();

    TableAssigner(DataSource source, OwnerStore store, TrustedReplicas trusted, List<TableId> tables, Duration replicaTimeout) {
        this.source = source;
        this.store = store;
        this.trusted = trusted;
        this.tables = tables;
        this.timeoutNanos = replicaTimeout.toNanos();
    }

    /** One round; never throws (a failed round is the next one's to make). */
    public synchronized void assign() {
        try (Connection c = source.getConnection()) {
            c.setAutoCommit(true);
            Live live = live(c);
            List<Assignment.Change> changes = Assignment.plan(tables, live.all(), live.confirmed(), store.owners(c));
            for (Assignment.Change change : changes) {
                if (change instanceof Assignment.Assign a && store.assign(c, a.table(), a.to(), a.current())) {
                    LOG.info("table {}: assigned to replica {}{}", a.table(), a.to(),
                            a.current() != null && a.current().ownedBy() != null ? " (" + a.current().ownedBy() + " is gone)" : "");
                } else if (change instanceof Assignment.Propose p && store.propose(c, p.current(), p.to()) && p.to() != null) {
                    LOG.info("table {}: replica {} is asked to hand it to {}", p.current().table(), p.current().ownedBy(), p.to());
                }
            }
        } catch (SQLException | RuntimeException e) {
            LOG.warn("assigning tables to replicas failed (tried again at the next round): {}", e.getMessage());
        }
    }

    /**
     * The replicas that beat within the timeout (a replica first seen counts as live for one timeout, but gets no table
     * until it beats again: a new leader must not give tables to one that died just before); the rows of those gone
     * long (owning nothing by then) are removed. A row TrustedReplicas refuses counts as no replica at all.
     */
    private Live live(Connection c) throws SQLException {
        long now = System.nanoTime();
        long wall = System.currentTimeMillis();
        long timeoutMillis = timeoutNanos / 1_000_000;
        Set<String> live = new TreeSet<>();
        Set<String> confirmed = new TreeSet<>();
        Map<String, TrustedReplicas.Trusted> rows = trusted.read(store.replicas(c));
        for (Map.Entry<String, TrustedReplicas.Trusted> row : rows.entrySet()) {
            String name = row.getKey();
            long at = row.getValue().signedAt();
            boolean recent = Math.abs(wall - at) <= timeoutMillis;
            Seen s = seen.get(name);
            if (s == null) { // a beat signed long ago is no sign of life: counted silent since then
                seen.put(name, s = new Seen(at, recent ? now : now - timeoutNanos, false));
            } else if (at > s.signedAt() && recent) {
                seen.put(name, s = new Seen(at, now, true));
            } else if (at > s.signedAt() && skewed.add(name)) { // it beats, at a time this leader cannot take
                LOG.warn("replica {} beats, but signs its beats {} ms from this leader's clock: the replicas' clocks must agree within"
                        + " hanacdc.cluster.replica-timeout-ms, or it counts as gone", name, at - wall);
            }
            if (recent) {
                skewed.remove(name);
            }
            long silent = now - s.sinceNanos();
            if (silent < timeoutNanos) {
                live.add(name);
                if (s.confirmed()) {
                    confirmed.add(name);
                }
            } else if (silent > 10 * timeoutNanos) {
                store.forget(c, name); // its tables went to others long ago
            }
        }
        seen.keySet().retainAll(rows.keySet());
        skewed.retainAll(rows.keySet());
        return new Live(live, confirmed);
    }
}
