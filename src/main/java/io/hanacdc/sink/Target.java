package io.hanacdc.sink;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.schema.SchemaDiff;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.schema.ValuesKept;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * Where a task's changes go, and its positions with them. One implementation per kind of target, each in
 * its own home (MySQL/MariaDB in sink/mysql, PostgreSQL in sink/postgres, Kafka in sink/kafka), chosen by {@link TargetResolver} from
 * hanacdc.target.url; nothing outside its home knows which. The guarantees every implementation keeps: rows and the position
 * covering them commit together or not at all ({@link #commit}); a process holding an old position
 * revision changes nothing ({@link Positions}), DDL included ({@link #fenced}).
 */
public interface Target extends ValuesKept, AutoCloseable {
    /** Writes of one target transaction. */
    interface Work {
        void run(TargetSession s) throws SQLException;
    }

    /** The target's position of a table and its row count, read as of one moment. */
    record Counted(Optional<Position> position, long rows) {}

    TargetSession session() throws SQLException;

    /** Throws unless the target answers now (health). */
    void ping() throws SQLException;

    Positions positions();

    /** The target table of a source table in the shape of this capture version, named by the naming settings. */
    TargetTable table(SourceTable shape, int captureVersion);

    /** The target table of a shape whose capture version does not matter to the caller. */
    default TargetTable table(SourceTable shape) {
        return table(shape, 0);
    }

    /** The target tables of these source tables, refusing names that collide or are invalid, and places that do not exist. */
    List<TargetTable> tables(List<SourceTable> shapes) throws SQLException;

    /** Where a source table's rows go, for status (e.g. {@code db.table}). */
    String describe(TableId table);

    /**
     * Whether the target keeps every change as an event (a log, not a table). Its initial load is then
     * copied the way a re-snapshot is, between stream windows, so a copied row is never followed by an
     * event of an older state of its key; a table's rows are simply overwritten, so it copies first.
     */
    default boolean keepsEveryChange() {
        return false;
    }

    /** Runs the work and stores the position in one transaction; returns the position as stored. */
    Position commit(TargetSession s, Work work, Position position) throws SQLException;

    /**
     * Runs a change of the target table that cannot join a transaction (DDL) only while this process
     * holds the table's current position: {@code before} is stored again first (failing, with nothing
     * changed, when another process stored since), then the change runs, then {@code after} is stored.
     */
    Position fenced(TargetSession s, String what, Position before, Work change, Position after) throws SQLException;

    /** The table's stored position and its target row count, read consistently with each other. */
    Counted count(TargetSession s, TargetTable table, TableId id) throws SQLException;

    /** Drops the target table and creates it anew in its shape (run {@link #fenced}). */
    void recreate(TargetSession s, TargetTable table) throws SQLException;

    /** Drops the table if it exists (check's scratch tables). */
    void drop(TargetSession s, TargetTable table) throws SQLException;

    /**
     * Changes the target table from one shape to the next as the diff says, against its columns as they
     * are now (a repeat after a crash does nothing twice); dropped columns are kept when asked.
     */
    void alter(TargetSession s, TargetTable from, TargetTable to, SchemaDiff diff, boolean keepDropped) throws SQLException;

    /** Whether rows existing when this column was added need copying again: the target cannot give them its value. */
    boolean needsBackfill(SourceColumn added);

    /** verify's reads of a target table. */
    TargetRows rows(TargetTable table);

    @Override
    void close();
}
