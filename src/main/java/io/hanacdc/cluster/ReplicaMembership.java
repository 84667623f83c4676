package io.hanacdc.cluster;

import io.hanacdc.schema.TableId;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This replica's side of sharing a task: every heartbeat it says it is alive, reads who owns each table and
 * follows: takes the tables given to it, drops those given to another (the leader judged it gone), and hands over
 * a table it is asked to once the table is between batches. It also keeps who owns what, for one view of the task.
 */
public final class ReplicaMembership {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicaMembership.class);

    /** The tables of this process, as the membership drives them. */
    public interface Tables {
        List<TableId> ids();

        /** Whether this replica works on the table now. */
        boolean owned(TableId table);

        /** Starts (true) or stops (false) working on the table; a stopped table ends its turn after the batch under way. */
        void ownerChanged(TableId table, boolean owner);

        /** Whether the table is in a turn now (or queued for one). */
        boolean busy(TableId table);
    }

    private final DataSource source;
    private final OwnerStore store;
    private final String me;
    private final PeerAddress address;
    private final BeatProof proof;
    private final TrustedReplicas trusted;
    private final Tables tables;
    /** The owner rows as last read, by table name (as the admin API names tables). */
    private volatile Map<String, OwnerStore.Owner> owners = Map.of();
    private volatile Map<String, PeerAddress> addresses = Map.of();

    ReplicaMembership(DataSource source, OwnerStore store, String me, PeerAddress address, BeatProof proof, TrustedReplicas trusted, Tables tables) {
        this.source = source;
        this.store = store;
        this.me = me;
        this.address = address;
        this.proof = proof;
        this.trusted = trusted;
        this.tables = tables;
    }

    public String name() {
        return me;
    }

    /** One heartbeat; never throws (a replica that cannot beat is soon counted gone, and its tables fenced by their positions). */
    public void beat() {
        try (Connection c = source.getConnection()) {
            c.setAutoCommit(true);
            store.beat(c, me, address.toString(), proof.sign(me, address.toString(), System.currentTimeMillis()));
            Map<String, PeerAddress> replicas = new LinkedHashMap<>();
            trusted.read(store.replicas(c)).forEach((name, row) -> replicas.put(name, row.address()));
            Map<TableId, OwnerStore.Owner> read = store.owners(c);
            Map<String, OwnerStore.Owner> byName = new HashMap<>();
            read.forEach((id, o) -> byName.put(id.toString(), o));
            addresses = replicas;
            owners = byName;
            Set<TableId> mine = new HashSet<>(tables.ids());
            for (TableId t : mine) {
                follow(c, t, read.get(t));
            }
            for (OwnerStore.Owner o : read.values()) {
                if (me.equals(o.ownedBy()) && !mine.contains(o.table()) && store.release(c, o, me)) {
                    LOG.warn("table {}: given to replica {}, which does not run it (not listed, or stopped at start): given back", o.table(), me);
                }
            }
        } catch (SQLException | RuntimeException e) {
            LOG.warn("replica {}: reading who owns the tables failed (tried again at the next heartbeat): {}", me, e.getMessage());
        }
    }

    private void follow(Connection c, TableId t, OwnerStore.Owner o) throws SQLException {
        boolean mine = o != null && me.equals(o.ownedBy());
        if (mine && o.handTo() != null) {
            if (tables.owned(t)) {
                tables.ownerChanged(t, false); // no new turn; the one under way ends after its batch
            }
            if (!tables.busy(t) && store.handOver(c, o, me)) {
                LOG.info("table {}: handed to replica {}", t, o.handTo());
            }
        } else if (mine != tables.owned(t)) {
            tables.ownerChanged(t, mine);
        }
    }

    /** Gives up every table and this replica's row, once its tables have stopped: the others take them at once. */
    public void leave() {
        try (Connection c = source.getConnection()) {
            c.setAutoCommit(true);
            store.leave(c, me);
            LOG.info("replica {} left the task: its tables go to the other replicas", me);
        } catch (SQLException | RuntimeException e) {
            LOG.warn("replica {}: could not give up its tables ({}); they go to the others once it counts as gone", me, e.getMessage());
        }
    }

    /** Whether the table is one the replicas share (it has an owner row, owned or not): the tables that could not start have none. */
    public boolean shared(String table) {
        return owners.containsKey(table);
    }

    /** The replica that owns the table, as last read; empty while none does (being given out). */
    public Optional<String> ownerOf(String table) {
        return Optional.ofNullable(owners.get(table)).map(OwnerStore.Owner::ownedBy);
    }

    /** The replicas that own a table, as last read. */
    public Set<String> owning() {
        Set<String> out = new TreeSet<>();
        owners.values().forEach(o -> {
            if (o.ownedBy() != null) {
                out.add(o.ownedBy());
            }
        });
        return out;
    }

    /** The admin address of each replica whose row proves it one of this task's (TrustedReplicas), as last read; this one's included. */
    public Map<String, PeerAddress> addresses() {
        return addresses;
    }
}
