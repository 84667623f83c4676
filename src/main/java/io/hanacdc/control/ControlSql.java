package io.hanacdc.control;

import static io.hanacdc.source.CdcColumns.CAPTURE_REGISTRY;
import static io.hanacdc.source.CdcColumns.GATE_PASSES;
import static io.hanacdc.source.CdcColumns.HEARTBEAT;
import static io.hanacdc.source.CdcColumns.REPLICAS;
import static io.hanacdc.source.CdcColumns.SCHEMA_HISTORY;
import static io.hanacdc.source.CdcColumns.SUBSCRIPTIONS;
import static io.hanacdc.source.CdcColumns.TABLE_OWNERS;
import static io.hanacdc.sql.Identifiers.literal;

import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;

/**
 * Every statement on the control tables of the CDC schema, and only those: the capture registry, the tasks'
 * subscriptions (with what each published as applied, for the purge), the schema history, the heartbeat, and the
 * replicas with their table owners. Their DDL is the source's (CaptureSql, in each source's home: the types differ);
 * this SQL is common to every source, the dialect adding what is not ({@code FOR UPDATE}, quoting). Statements
 * with {@code ?} are bound by the caller; the others inline their values as literals, for scripts a DBA runs.
 */
public final class ControlSql {
    private static final String TABLE_ROW = "source_schema = ? AND source_table = ?";
    private static final String OWNER_ROW = " WHERE task = ? AND " + TABLE_ROW;
    private static final String HISTORY_COLUMNS = " (source_schema, source_table, version, layout, table_oid, switch_high) ";

    private final SourceDialect dialect;
    private final String registry;
    private final String subscriptions;
    private final String history;
    private final String replicas;
    private final String owners;
    private final String gatePasses;
    private final CaptureNames names;

    public ControlSql(SourceDialect dialect, CaptureNames names) {
        this.dialect = dialect;
        this.names = names;
        this.registry = dialect.qualified(names.cdcSchema(), CAPTURE_REGISTRY);
        this.subscriptions = dialect.qualified(names.cdcSchema(), SUBSCRIPTIONS);
        this.history = dialect.qualified(names.cdcSchema(), SCHEMA_HISTORY);
        this.replicas = dialect.qualified(names.cdcSchema(), REPLICAS);
        this.owners = dialect.qualified(names.cdcSchema(), TABLE_OWNERS);
        this.gatePasses = dialect.qualified(names.cdcSchema(), GATE_PASSES);
    }

    // The capture registry: one row per captured table, its capture version and captured shape.

    public String registryInsert(TableId id, int version, String columns, boolean createdSchema) {
        return "INSERT INTO " + registry + " (source_schema, source_table, cdc_table, version, columns, created_schema) VALUES ("
                + literal(id.schema()) + ", " + literal(id.name()) + ", " + literal(names.cdcTable(id)) + ", " + version + ", "
                + literal(columns) + ", " + createdSchema + ")";
    }

    public String registryUpdate(TableId id, int version, String columns) {
        return "UPDATE " + registry + " SET version = " + version + ", columns = " + literal(columns) + whereTable(id);
    }

    /** The table's capture version; {@code locked}: its row stays locked to the end of the transaction. */
    public String registryVersion(TableId id, boolean locked) {
        return "SELECT version FROM " + registry + whereTable(id) + (locked ? dialect.forUpdate() : "");
    }

    public String registryDelete(TableId id) {
        return "DELETE FROM " + registry + whereTable(id);
    }

    public String registryEntries() {
        return "SELECT source_schema, source_table, version, columns FROM " + registry;
    }

    /** Each captured table's version and when its capture was installed (a re-install is a new capture even at the same version). */
    public String registryStamps() {
        return "SELECT source_schema, source_table, version, installed_at FROM " + registry;
    }

    public String registrySchemaCreated() {
        return "SELECT COUNT(*) FROM " + registry + " WHERE created_schema = TRUE";
    }

    // The preflight gate's last pass per task: the fingerprint of what its probes proved. Bind the task (and the fingerprint).

    public String gatePassOf() {
        return "SELECT fingerprint FROM " + gatePasses + " WHERE task = ?";
    }

    public String gatePassDelete() {
        return "DELETE FROM " + gatePasses + " WHERE task = ?";
    }

    public String gatePassInsert() {
        return "INSERT INTO " + gatePasses + " (task, fingerprint) VALUES (?, ?)";
    }

    // Subscriptions: which task reads which table, and the base (purge_high, purge_open) up to which it applied.

    public String subscribe(String task, TableId id) {
        return "INSERT INTO " + subscriptions + " (task, source_schema, source_table) VALUES (" + literal(task) + ", "
                + literal(id.schema()) + ", " + literal(id.name()) + ")";
    }

    public String unsubscribe(String task) {
        return "DELETE FROM " + subscriptions + " WHERE task = " + literal(task);
    }

    public String unsubscribe(String task, TableId id) {
        return unsubscribe(task) + " AND source_schema = " + literal(id.schema()) + " AND source_table = " + literal(id.name());
    }

    public String subscriptionCount(String task, TableId id) {
        return "SELECT COUNT(*) FROM " + subscriptions + " WHERE task = " + literal(task) + " AND source_schema = " + literal(id.schema())
                + " AND source_table = " + literal(id.name());
    }

    public String subscriberCount(TableId id) {
        return "SELECT COUNT(*) FROM " + subscriptions + whereTable(id);
    }

    /**
     * In one statement, the task's subscriptions, each with the high mark it last published (null: never), and the
     * captured tables no task subscribes to (task null). Binds the task.
     */
    public String subscriptionsOfAndUnsubscribed() {
        String schema = "COALESCE(s.source_schema, r.source_schema)";
        String table = "COALESCE(s.source_table, r.source_table)";
        return "SELECT " + schema + ", " + table + ", s.task, s.purge_high FROM " + registry + " r FULL OUTER JOIN " + subscriptions
                + " s ON s.source_schema = r.source_schema AND s.source_table = r.source_table WHERE s.task = ? OR s.task IS NULL ORDER BY "
                + schema + ", " + table;
    }

    /** Binds the table's schema and name. */
    public String subscribers() {
        return "SELECT task FROM " + subscriptions + " WHERE " + TABLE_ROW + " ORDER BY task";
    }

    /** Publishes the base a task applied up to. Binds high, open, task, schema, table. */
    public String publishApplied() {
        return "UPDATE " + subscriptions + " SET purge_high = ?, purge_open = ? WHERE task = ? AND " + TABLE_ROW;
    }

    /** Every subscriber's published base (high null: one has not published; with {@code publishedOnly}, those are left out). Binds schema, table. */
    public String appliedBases(boolean publishedOnly) {
        return "SELECT purge_high, purge_open FROM " + subscriptions + " WHERE " + TABLE_ROW + (publishedOnly ? " AND purge_high IS NOT NULL" : "");
    }

    // The schema history: one row per capture version of a table, its layout as JSON.

    /** Binds schema, table. */
    public String versionsOf() {
        return "SELECT version, layout, table_oid, switch_high FROM " + history + " WHERE " + TABLE_ROW + " ORDER BY version";
    }

    /** Binds schema, table, version, layout, table oid, switch high. */
    public String versionInsert() {
        return "INSERT INTO " + history + HISTORY_COLUMNS + "VALUES (?, ?, ?, ?, ?, ?)";
    }

    /** A version's insert with its values inlined: {@code values} (all but the switch point) and the switch point, as SQL. */
    public String versionInsert(String values, String switchHigh, boolean fromSelect) {
        return "INSERT INTO " + history + HISTORY_COLUMNS + (fromSelect ? "SELECT " + values + ", " + switchHigh : "VALUES (" + values + ", " + switchHigh + ")");
    }

    /** Binds layout, table oid, schema, table, version. */
    public String versionIdsUpdate() {
        return "UPDATE " + history + " SET layout = ?, table_oid = ? WHERE " + TABLE_ROW + " AND version = ?";
    }

    public String versionsDelete(TableId id) {
        return "DELETE FROM " + history + whereTable(id);
    }

    // The heartbeat: one row per task, its last beat's time; captured and replicated like a user's table.

    /** Binds the time, then the task. */
    public String heartbeatUpdate(SourceTable heartbeat) {
        return "UPDATE " + dialect.qualified(names.cdcSchema(), HEARTBEAT) + " SET " + dialect.quote(heartbeat.columns().get(1).name())
                + " = ? WHERE " + dialect.quote(heartbeat.primaryKey().get(0)) + " = ?";
    }

    /** Binds the task, then the time. */
    public String heartbeatInsert(SourceTable heartbeat) {
        return "INSERT INTO " + dialect.qualified(names.cdcSchema(), HEARTBEAT) + " (" + dialect.quote(heartbeat.primaryKey().get(0)) + ", "
                + dialect.quote(heartbeat.columns().get(1).name()) + ") VALUES (?, ?)";
    }

    // Replicas sharing a task, and which of them owns each table: every owner change is a compare-and-set on its version.

    /** Binds address, proof, task, replica. */
    public String replicaBeat() {
        return "UPDATE " + replicas + " SET beats = beats + 1, address = ?, proof = ? WHERE task = ? AND replica = ?";
    }

    /** Binds task, replica, address, proof. */
    public String replicaInsert() {
        return "INSERT INTO " + replicas + " (task, replica, address, beats, proof) VALUES (?, ?, ?, 1, ?)";
    }

    /** Binds the task. */
    public String replicasOf() {
        return "SELECT replica, address, beats, proof FROM " + replicas + " WHERE task = ? ORDER BY replica";
    }

    /** Binds task, replica. */
    public String replicaDelete() {
        return "DELETE FROM " + replicas + " WHERE task = ? AND replica = ?";
    }

    /** Binds the task. */
    public String ownersOf() {
        return "SELECT source_schema, source_table, owned_by, hand_to, version FROM " + owners + " WHERE task = ?";
    }

    /** Binds task, schema, table, owner. */
    public String ownerInsert() {
        return "INSERT INTO " + owners + " (task, source_schema, source_table, owned_by, version) VALUES (?, ?, ?, ?, 1)";
    }

    /** Binds the new owner, task, schema, table, version. */
    public String ownerAssign() {
        return "UPDATE " + owners + " SET owned_by = ?, hand_to = NULL, version = version + 1" + OWNER_ROW + " AND version = ?";
    }

    /** Binds the replica asked for (null: none), task, schema, table, version. */
    public String ownerPropose() {
        return "UPDATE " + owners + " SET hand_to = ?" + OWNER_ROW + " AND version = ?";
    }

    /** Binds task, schema, table, version, the owner. */
    public String ownerHandOver() {
        return "UPDATE " + owners + " SET owned_by = hand_to, hand_to = NULL, version = version + 1" + OWNER_ROW
                + " AND version = ? AND owned_by = ? AND hand_to IS NOT NULL";
    }

    /** Binds task, schema, table, version, the owner. */
    public String ownerRelease() {
        return "UPDATE " + owners + " SET owned_by = NULL, hand_to = NULL, version = version + 1" + OWNER_ROW + " AND version = ? AND owned_by = ?";
    }

    /** Binds task, the owner. */
    public String ownerLeave() {
        return "UPDATE " + owners + " SET owned_by = NULL, hand_to = NULL, version = version + 1 WHERE task = ? AND owned_by = ?";
    }

    private static String whereTable(TableId id) {
        return " WHERE source_schema = " + literal(id.schema()) + " AND source_table = " + literal(id.name());
    }
}
