package io.hanacdc.cluster;

import io.hanacdc.schema.TableId;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The leader's round (its route runs only on the replica Camel's cluster service elected): judges which replicas
 * live, then makes the changes Assignment plans. A replica lives while its beats go up; this leader's own clock
 * judges that, so replicas' clocks need not agree, and a new leader counts every replica alive for one timeout.
 */
public final class TableAssigner {
    private static final Logger LOG = LoggerFactory.getLogger(TableAssigner.class);

    /** A replica's beats as last seen, since when, and whether this leader has seen them go up. */
    private record Seen(long beats, long sinceNanos, boolean confirmed) {}

    /** The live replicas, and those of them this leader has seen beat. */
    private record Live(Set<String> all, Set<String> confirmed) {}

    private final DataSource source;
    private final OwnerStore store;
    private final List<TableId> tables;
    private final long timeoutNanos;
    private final Map<String, Seen> seen = new HashMap<>();

    public TableAssigner(DataSource source, OwnerStore store, List<TableId> tables, Duration replicaTimeout) {
        this.source = source;
        this.store = store;
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
     * The replicas whose beats went up within the timeout (a replica first seen counts as live for one timeout, but gets
     * no table until its beats go up: a new leader must not give tables to one that died just before); the rows of
     * those gone long (owning nothing by then) are removed.
     */
    private Live live(Connection c) throws SQLException {
        long now = System.nanoTime();
        Set<String> live = new TreeSet<>();
        Set<String> confirmed = new TreeSet<>();
        Set<String> listed = new TreeSet<>();
        for (OwnerStore.Replica r : store.replicas(c)) {
            listed.add(r.name());
            Seen s = seen.get(r.name());
            if (s == null) {
                seen.put(r.name(), s = new Seen(r.beats(), now, false));
            } else if (s.beats() != r.beats()) {
                seen.put(r.name(), s = new Seen(r.beats(), now, true));
            }
            long silent = now - s.sinceNanos();
            if (silent < timeoutNanos) {
                live.add(r.name());
                if (s.confirmed()) {
                    confirmed.add(r.name());
                }
            } else if (silent > 10 * timeoutNanos) {
                store.forget(c, r.name()); // its tables went to others long ago
            }
        }
        seen.keySet().retainAll(listed);
        return new Live(live, confirmed);
    }
}
