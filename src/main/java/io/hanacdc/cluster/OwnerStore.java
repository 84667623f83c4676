package io.hanacdc.cluster;

import static io.hanacdc.source.CdcColumns.REPLICAS;
import static io.hanacdc.source.CdcColumns.TABLE_OWNERS;

import io.hanacdc.common.CdcException;
import io.hanacdc.control.ControlSql;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.CatalogReads;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The replicas of a task and who owns each of its tables, in two small tables of the source's CDC schema (every
 * target kind has the source). Every change of an owner row is a compare-and-set on its version, so a leader that
 * lost its lease, or a replica that missed a change, changes nothing; the position's own compare-and-set still
 * guards the rows applied.
 */
public final class OwnerStore {
    /** A replica's row: its beats count up while it lives; {@code proof} signs it (BeatProof). */
    public record Replica(String name, String address, long beats, String proof) {}

    /** A table's row: its owner (null: none), the replica it is being handed to (null: none), and its version. */
    public record Owner(TableId table, String ownedBy, String handTo, long version) {}

    private final CaptureSql sql;
    private final ControlSql control;
    private final String replicas;
    private final String owners;
    private final String task;

    public OwnerStore(SourceDialect dialect, CaptureNames names, String task) {
        this.sql = dialect.captureSql(names);
        this.control = new ControlSql(dialect, names);
        this.replicas = dialect.qualified(names.cdcSchema(), REPLICAS);
        this.owners = dialect.qualified(names.cdcSchema(), TABLE_OWNERS);
        this.task = task;
    }

    /** Creates the two tables, or the replicas' proof column, when a capture installed before them lacks them. */
    public void ensureTables(Connection c) {
        try {
            if (CatalogReads.number(c, sql.replicaTablesMissing()) > 0) {
                try (Statement s = c.createStatement()) {
                    for (String ddl : sql.installReplicaTables()) {
                        s.execute(ddl);
                    }
                } catch (SQLException e) {
                    if (CatalogReads.number(c, sql.replicaTablesMissing()) > 0) {
                        throw e;
                    } // another replica starting at the same time created them
                }
            }
        } catch (SQLException e) {
            throw new CdcException("replicas sharing a task coordinate in tables " + replicas + " and " + owners
                    + ", which could not be created or brought up to date (" + e.getMessage() + "): run `hana-cdc install` once as the user"
                    + " that installed capture", e);
        }
    }

    /** This replica is alive: its beats go up by one, with the beat's proof (its row is made at the first). */
    public void beat(Connection c, String replica, String address, String proof) throws SQLException {
        if (update(c, control.replicaBeat(),
                address, proof, task, replica) == 0) {
            update(c, control.replicaInsert(), task, replica, address, proof);
        }
    }

    public List<Replica> replicas(Connection c) throws SQLException {
        List<Replica> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(control.replicasOf())) {
            ps.setString(1, task);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Replica(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4)));
                }
            }
        }
        return out;
    }

    public Map<TableId, Owner> owners(Connection c) throws SQLException {
        Map<TableId, Owner> out = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(control.ownersOf())) {
            ps.setString(1, task);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    TableId t = new TableId(rs.getString(1), rs.getString(2));
                    out.put(t, new Owner(t, rs.getString(3), rs.getString(4), rs.getLong(5)));
                }
            }
        }
        return out;
    }

    /** Gives the table to {@code to} at once (its owner is gone, or it has none); {@code current} null: the table has no row yet. */
    public boolean assign(Connection c, TableId table, String to, Owner current) throws SQLException {
        if (current == null) {
            try {
                return update(c, control.ownerInsert(),
                        task, table.schema(), table.name(), to) == 1;
            } catch (SQLException e) {
                if (e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                    return false; // another leader inserted it first (a duplicate key): the next round reads it
                }
                throw e;
            }
        }
        return update(c, control.ownerAssign(),
                to, task, table.schema(), table.name(), current.version()) == 1;
    }

    /** Asks the owner to hand the table to {@code to} between two batches (null withdraws the request). */
    public boolean propose(Connection c, Owner current, String to) throws SQLException {
        return update(c, control.ownerPropose(),
                to, task, current.table().schema(), current.table().name(), current.version()) == 1;
    }

    /** The owner, between two batches, gives the table to the replica it was asked to; false if the row changed meanwhile. */
    public boolean handOver(Connection c, Owner current, String me) throws SQLException {
        return update(c, control.ownerHandOver(),
                task, current.table().schema(), current.table().name(), current.version(), me) == 1;
    }

    /** Gives up one table this replica owns; false if the row changed meanwhile. */
    public boolean release(Connection c, Owner current, String me) throws SQLException {
        return update(c, control.ownerRelease(), task, current.table().schema(), current.table().name(), current.version(), me) == 1;
    }

    /** A replica that stops gives up its tables at once (the leader gives them out at its next round) and its row. */
    public void leave(Connection c, String me) throws SQLException {
        update(c, control.ownerLeave(), task, me);
        forget(c, me);
    }

    /** Removes a replica's row (gone, and owning nothing), so views stop listing it. */
    public void forget(Connection c, String replica) throws SQLException {
        update(c, control.replicaDelete(), task, replica);
    }

    private static int update(Connection c, String statement, Object... values) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(statement)) {
            for (int i = 0; i < values.length; i++) {
                if (values[i] == null) {
                    ps.setNull(i + 1, Types.VARCHAR); // the only nullable values are replica names
                } else {
                    ps.setObject(i + 1, values[i]);
                }
            }
            return ps.executeUpdate();
        }
    }
}
