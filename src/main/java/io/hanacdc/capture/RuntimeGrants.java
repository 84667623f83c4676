package io.hanacdc.capture;

import static io.hanacdc.source.CdcColumns.CAPTURE_REGISTRY;
import static io.hanacdc.source.CdcColumns.GATE_PASSES;
import static io.hanacdc.source.CdcColumns.HEARTBEAT;
import static io.hanacdc.source.CdcColumns.SCHEMA_HISTORY;
import static io.hanacdc.source.CdcColumns.REPLICAS;
import static io.hanacdc.source.CdcColumns.SUBSCRIPTIONS;
import static io.hanacdc.source.CdcColumns.TABLE_OWNERS;

import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.SourceDialect;
import java.util.ArrayList;
import java.util.List;

/**
 * The grants a user needs to run a task whose capture a DBA installed (install --print-sql
 * --runtime-user), and nothing more: it reads the source tables and the CDC rows, purges what every
 * task has applied, beats the heartbeat and keeps its bookkeeping. Creating or changing capture stays
 * with the DBA: when it must change, the table stops with the script to run.
 */
public final class RuntimeGrants {
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final CaptureSql sql;

    public RuntimeGrants(SourceDialect dialect, CaptureNames names) {
        this.dialect = dialect;
        this.names = names;
        this.sql = dialect.captureSql(names);
    }

    /**
     * The grants to the user for the given source tables (the heartbeat table is added).
     *
     * @param gapProbe the task probes gaps (hanacdc.watermark=gap-probe): it writes placeholder rows into its CDC tables
     */
    public List<String> statements(String user, List<TableId> tables, boolean gapProbe) {
        String to = " TO " + sql.grantee(user);
        List<String> out = new ArrayList<>(sql.runtimeAccess(sql.grantee(user)));
        out.add("GRANT SELECT ON " + cdc(names.sequence()) + to); // the high water mark
        // the registry's row lock orders capture changes between replicas; history rows get their object ids
        out.add("GRANT SELECT, UPDATE ON " + cdc(CAPTURE_REGISTRY) + to);
        out.add("GRANT SELECT, UPDATE ON " + cdc(SCHEMA_HISTORY) + to);
        out.add("GRANT SELECT, UPDATE ON " + cdc(SUBSCRIPTIONS) + to); // how far this task has applied, for the purge
        out.add("GRANT SELECT, INSERT, UPDATE ON " + cdc(HEARTBEAT) + to);
        out.add("GRANT SELECT, INSERT, UPDATE, DELETE ON " + cdc(REPLICAS) + to); // replicas sharing the task: who lives
        out.add("GRANT SELECT, INSERT, UPDATE ON " + cdc(TABLE_OWNERS) + to); // and who owns which table
        out.add("GRANT SELECT, INSERT, DELETE ON " + cdc(GATE_PASSES) + to); // the preflight gate's pass, so a restart skips it
        tables.stream().map(TableId::schema).filter(s -> !s.equals(names.cdcSchema())).distinct()
                .forEach(s -> out.addAll(sql.schemaAccess(s, sql.grantee(user)))); // without it no table of the schema can be read
        List<TableId> all = new ArrayList<>(tables);
        all.add(new TableId(names.cdcSchema(), HEARTBEAT));
        for (TableId t : all) {
            if (!t.schema().equals(names.cdcSchema())) {
                out.add("GRANT SELECT ON " + dialect.qualified(t.schema(), t.name()) + to); // the initial load and re-reads of keys
            }
            String rights = gapProbe ? "SELECT, INSERT, DELETE" : "SELECT, DELETE"; // read, then purged once every task applied it
            out.add("GRANT " + rights + " ON " + cdc(names.cdcTable(t)) + to);
            if (dialect.recordsCaptureErrors()) {
                out.add("GRANT " + rights + " ON " + cdc(names.errorTable(t)) + to);
            }
        }
        return out;
    }

    private String cdc(String name) {
        return dialect.qualified(names.cdcSchema(), name);
    }
}
