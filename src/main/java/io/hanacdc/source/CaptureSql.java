package io.hanacdc.source;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.sql.Identifiers;
import java.util.List;

/** The capture DDL of one dialect. Statements are returned, not run, so install --print-sql can show them. */
public interface CaptureSql {
    /** CDC schema, the shared sequence and the registry tables; each statement must be safe to re-run. */
    List<String> installShared();

    /**
     * A catalog query of one row and column: how many of the objects {@link #installShared} makes are
     * missing or not as it leaves them (0: it would change nothing). Read first, so that a task whose
     * user may not create them (a DBA installed capture) never runs the DDL.
     */
    String sharedMissing();

    /**
     * The tables replicas sharing a task coordinate in (CdcColumns.REPLICAS, TABLE_OWNERS), safe to re-run; also
     * part of {@link #installShared}, but not of {@link #sharedMissing}, so a capture installed before they existed
     * still counts as installed: a task that shares its tables creates them at start (OwnerStore.ensureTables).
     */
    List<String> installReplicaTables();

    /** A catalog query of one row and column: how many of the tables and columns {@link #installReplicaTables} makes are missing. */
    String replicaTablesMissing();

    /** A user as a GRANT names it. */
    String grantee(String user);

    /** The grants, beyond those on tables and the sequence, that a user running the task needs (schema access, catalog reads). */
    List<String> runtimeAccess(String grantee);

    /** The grants that let a user reach tables of this source schema at all (PostgreSQL's USAGE; none on HANA, where a table's own grant suffices). */
    List<String> schemaAccess(String schema, String grantee);

    /** The heartbeat table (created by {@link #installShared}) as a table to capture. */
    SourceTable heartbeatTable();

    /** CDC table and triggers for one table at the layout's capture version. */
    List<String> installTable(CaptureLayout layout);

    /** The triggers alone (and what they call), to repair capture whose triggers are missing or invalid, or to move to a new version. */
    List<String> installTriggers(CaptureLayout layout);

    /**
     * Locks the source table against writes for the rest of the transaction: taken first when capture
     * changes, so writers (source table, then CDC table) and the change (the same order) cannot deadlock.
     */
    String lockSource(TableId table);

    /**
     * A user's change of the table ({@code alter} command): the clause that follows the table's name in
     * the dialect's ALTER TABLE, passed as written.
     */
    List<String> alterTable(TableId table, String clause);

    /** Adds columns to a table's CDC table (named as in the CDC table, typed as at the source). */
    List<String> addCdcColumns(TableId table, List<SourceColumn> columns);

    /**
     * Writes a re-read row (operation 5, version {@code next}) for every key that rows of version
     * {@code from} with data id above {@code afterDataId} captured: the keys changed between a source
     * ALTER and capture following it, whose images may lack what the ALTER changed.
     */
    String resyncKeys(CaptureLayout from, CaptureLayout next, long afterDataId);

    /** Disables the table's capture triggers, leaving them in place (suspend): ALTER TABLE … DISABLE TRIGGER, as both sources write it. */
    default List<String> disableTriggers(TableId table) {
        String subject = Identifiers.ansi(table.schema()) + "." + Identifiers.ansi(table.name());
        return triggerNames(table).stream().map(t -> "ALTER TABLE " + subject + " DISABLE TRIGGER " + Identifiers.ansi(t)).toList();
    }

    /** Removes the triggers alone, whether or not they exist. */
    List<String> uninstallTriggers(TableId table);

    /** Names of the triggers capture puts on the table. */
    List<String> triggerNames(TableId table);

    /**
     * The statements as a script a DBA runs as it is, in one SQL session, when the source user may
     * not: one transaction, so it takes effect whole or not at all, even when the runner goes on after
     * a failed statement.
     */
    List<String> asOneTransaction(List<String> statements);

    /** Removes the CDC table, triggers and any helper objects of one table. */
    List<String> uninstallTable(TableId table);

    /** Removes the sequence, registry tables and the CDC schema (when nothing else lives in it). */
    List<String> uninstallShared();
}
