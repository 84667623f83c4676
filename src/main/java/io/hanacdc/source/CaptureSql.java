package io.hanacdc.source;

import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import java.util.List;

/** The capture DDL of one dialect. Statements are returned, not run, so install --print-sql can show them. */
public interface CaptureSql {
    /** CDC schema, the shared sequence and the registry tables; each statement must be safe to re-run. */
    List<String> installShared();

    /** The heartbeat table (created by {@link #installShared}) as a table to capture. */
    SourceTable heartbeatTable();

    /** CDC table and triggers for one table at the given capture version. */
    List<String> installTable(SourceTable table, int version);

    /** The triggers alone (and what they call), to repair capture whose triggers are missing or invalid. */
    List<String> installTriggers(SourceTable table, int version);

    /** Removes the triggers alone, whether or not they exist. */
    List<String> uninstallTriggers(TableId table);

    /** Names of the triggers capture puts on the table. */
    List<String> triggerNames(TableId table);

    /** Removes the CDC table, triggers and any helper objects of one table. */
    List<String> uninstallTable(TableId table);

    /** Removes the sequence, registry tables and the CDC schema (when nothing else lives in it). */
    List<String> uninstallShared();
}
