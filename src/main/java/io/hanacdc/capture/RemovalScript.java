package io.hanacdc.capture;

import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * What uninstall removes, as statements: the one list both uninstall and {@code uninstall --print-sql}
 * use, so the script a DBA runs by hand (when hana-cdc cannot start) removes exactly what uninstall
 * would. Order: a table's triggers before the CDC table they write, the registry rows before the shared
 * objects, the schema last.
 */
public final class RemovalScript {
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final CaptureSql sql;
    private final CaptureRegistry registry;
    private final CaptureVersionStore versionStore;
    private final String task;

    public RemovalScript(SourceDialect dialect, CaptureNames names, String task) {
        this.dialect = dialect;
        this.names = names;
        this.sql = dialect.captureSql(names);
        this.registry = new CaptureRegistry(dialect, names);
        this.versionStore = new CaptureVersionStore(dialect, names);
        this.task = task;
    }

    /** One table's capture: triggers and their functions, CDC tables, its registry row and schema history. */
    List<String> table(TableId id) {
        List<String> out = new ArrayList<>(sql.uninstallTable(id));
        out.add(registry.deleteSql(id));
        out.add(versionStore.deleteSql(id));
        return out;
    }

    /** The sequence, registry, history and heartbeat tables, and the CDC schema when hana-cdc created it. */
    List<String> shared(boolean dropSchema) {
        List<String> out = new ArrayList<>(sql.uninstallShared());
        if (dropSchema) {
            out.add("DROP SCHEMA " + dialect.quote(names.cdcSchema()));
        }
        return out;
    }

    /**
     * The script, one transaction: this task's subscriptions (of one table, or all), then the capture of
     * the tables in {@code removed}, then the shared objects when {@code removeShared}.
     */
    public List<String> script(Optional<TableId> only, Collection<TableId> removed, boolean removeShared, boolean dropSchema) {
        List<String> out = new ArrayList<>(List.of(only.map(id -> registry.unsubscribeSql(task, id)).orElse(registry.unsubscribeSql(task))));
        removed.forEach(id -> out.addAll(table(id)));
        if (removeShared) {
            out.addAll(shared(dropSchema));
        }
        return sql.asOneTransaction(out);
    }

    /**
     * The script of what uninstall (of the task, or of one table) would remove now, as the registry
     * says: the tables no other task subscribes to and, for the whole task, the shared objects once no
     * table is left. Empty when nothing is installed. Tables other tasks still read are left out.
     */
    public List<String> script(Connection c, Optional<TableId> only) throws SQLException {
        if (!CaptureInstaller.schemaExists(c, names.cdcSchema()) || !registry.exists(c)) {
            return List.of();
        }
        Collection<TableId> tables = only.<Collection<TableId>>map(List::of).orElse(registry.entries(c).keySet());
        List<TableId> removed = new ArrayList<>();
        for (TableId id : tables) {
            if (registry.subscribers(c, id).stream().allMatch(task::equals)) {
                removed.add(id);
            }
        }
        boolean removeShared = only.isEmpty() && removed.size() == registry.entries(c).size();
        return script(only, removed, removeShared, removeShared && registry.schemaCreatedByUs(c));
    }
}
