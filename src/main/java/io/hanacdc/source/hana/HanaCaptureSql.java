package io.hanacdc.source.hana;

import static io.hanacdc.source.CdcColumns.CAPTURE_REGISTRY;
import static io.hanacdc.source.CdcColumns.CREATE_TIME;
import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.GATE_PASSES;
import static io.hanacdc.source.CdcColumns.HEARTBEAT;
import static io.hanacdc.source.CdcColumns.OPERATION;
import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_INSERT;
import static io.hanacdc.source.CdcColumns.OP_RESYNC;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER_NEW_KEY;
import static io.hanacdc.source.CdcColumns.REPLICAS;
import static io.hanacdc.source.CdcColumns.SCHEMA_HISTORY;
import static io.hanacdc.source.CdcColumns.SUBSCRIPTIONS;
import static io.hanacdc.source.CdcColumns.TABLE_OWNERS;
import static io.hanacdc.source.CdcColumns.TRANSACTION_ID;
import static io.hanacdc.source.CdcColumns.TRIGGER_ID;
import static io.hanacdc.sql.Identifiers.literal;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.sql.Identifiers;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * SAP HANA capture, from SAP's SQL reference: a column-store CDC table per source table and three
 * row-level AFTER triggers (INSERT may reference only NEW ROW, DELETE only OLD ROW). The data id comes
 * from one NO CACHE sequence so ids are monotonic across hosts; the transaction id is
 * CURRENT_UPDATE_TRANSACTION(). HANA has no IF [NOT] EXISTS, so statements that must be safe to
 * re-run are anonymous blocks that look in the catalog first and run the DDL through EXEC.
 * <p>
 * With the record-errors option each trigger has an exit handler: if writing the CDC row fails,
 * the key (both keys of an update) goes into the table's capture-error table with the error, and the
 * stream re-reads that key from the source in data-id order. The business write is never broken
 * and the change is never lost silently; a lock wait timeout or deadlock, which rolled the write back
 * already, is re-signalled.
 */
final class HanaCaptureSql implements CaptureSql {
    static final String ERROR_CODE = "__$ERROR_CODE";
    static final String ERROR_MESSAGE = "__$ERROR_MESSAGE";
    /**
     * Lock wait timeout (131) and deadlock (133) have rolled the writer's transaction back already
     * (sql-error-codes-20a78d3.md): the handler re-signals them, as the DO page's example re-signals what it does
     * not handle (do-begin-end-statement-procedural-5210385.md), instead of recording a capture error in a
     * transaction that is gone.
     */
    static final String ROLLED_BACK = "::SQL_ERROR_CODE = 131 OR ::SQL_ERROR_CODE = 133";
    private static final Pattern RENAME_COLUMN = Pattern.compile("(?is)\\s*RENAME\\s+COLUMN\\s+(\\S.*\\S)\\s*");
    private final CaptureNames names;
    private final CaptureOptions options;

    HanaCaptureSql(CaptureNames names, CaptureOptions options) {
        this.names = names;
        this.options = options;
    }

    private static String q(String id) {
        return Identifiers.ansi(id);
    }

    private String inCdc(String name) {
        return q(names.cdcSchema()) + "." + q(name);
    }

    /** Runs the DDL only when the catalog query counts no such object. */
    private static String ifAbsent(String countQuery, String ddl) {
        return "DO BEGIN DECLARE N INTEGER; " + countQuery.replace("SELECT COUNT(*) FROM", "SELECT COUNT(*) INTO N FROM")
                + "; IF :N = 0 THEN EXEC " + literal(ddl) + "; END IF; END";
    }

    /** Runs the DDL only when the catalog query counts such an object. */
    private static String ifPresent(String countQuery, String ddl) {
        return ifAbsent(countQuery, ddl).replace("IF :N = 0", "IF :N > 0");
    }

    private String tableCount(String table) {
        return "SELECT COUNT(*) FROM SYS.TABLES WHERE SCHEMA_NAME = " + literal(names.cdcSchema()) + " AND TABLE_NAME = " + literal(table);
    }

    private static String triggerCount(String schema, String trigger) {
        return "SELECT COUNT(*) FROM SYS.TRIGGERS WHERE SCHEMA_NAME = " + literal(schema) + " AND TRIGGER_NAME = " + literal(trigger);
    }

    @Override
    public List<String> installShared() {
        String schema = literal(names.cdcSchema());
        List<String> out = new ArrayList<>(List.of(
                ifAbsent("SELECT COUNT(*) FROM SYS.SCHEMAS WHERE SCHEMA_NAME = " + schema, "CREATE SCHEMA " + q(names.cdcSchema())),
                ifAbsent("SELECT COUNT(*) FROM SYS.SEQUENCES WHERE SCHEMA_NAME = " + schema + " AND SEQUENCE_NAME = " + literal(names.sequence()),
                        "CREATE SEQUENCE " + inCdc(names.sequence()) + " START WITH 1 INCREMENT BY 1 NO CACHE NO CYCLE"),
                ifAbsent(tableCount(CAPTURE_REGISTRY), "CREATE COLUMN TABLE " + inCdc(CAPTURE_REGISTRY)
                        + " (source_schema NVARCHAR(256) NOT NULL, source_table NVARCHAR(256) NOT NULL, cdc_table NVARCHAR(256) NOT NULL,"
                        + " version INTEGER NOT NULL, columns NCLOB NOT NULL, created_schema BOOLEAN NOT NULL,"
                        + " installed_at TIMESTAMP DEFAULT CURRENT_UTCTIMESTAMP NOT NULL, PRIMARY KEY (source_schema, source_table))"),
                ifAbsent(tableCount(SUBSCRIPTIONS), "CREATE COLUMN TABLE " + inCdc(SUBSCRIPTIONS)
                        + " (task NVARCHAR(256) NOT NULL, source_schema NVARCHAR(256) NOT NULL, source_table NVARCHAR(256) NOT NULL,"
                        + " purge_high BIGINT, purge_open NCLOB, PRIMARY KEY (task, source_schema, source_table))"),
                ifAbsent(tableCount(SCHEMA_HISTORY), "CREATE COLUMN TABLE " + inCdc(SCHEMA_HISTORY)
                        + " (source_schema NVARCHAR(256) NOT NULL, source_table NVARCHAR(256) NOT NULL, version INTEGER NOT NULL,"
                        + " layout NCLOB NOT NULL, table_oid BIGINT NOT NULL, switch_high BIGINT NOT NULL,"
                        + " recorded_at TIMESTAMP DEFAULT CURRENT_UTCTIMESTAMP NOT NULL, PRIMARY KEY (source_schema, source_table, version))"),
                ifAbsent(tableCount(HEARTBEAT), "CREATE COLUMN TABLE " + inCdc(HEARTBEAT)
                        + " (task NVARCHAR(128) NOT NULL PRIMARY KEY, beat_at TIMESTAMP NOT NULL)"),
                ifAbsent(tableCount(GATE_PASSES), "CREATE ROW TABLE " + inCdc(GATE_PASSES) + " (task NVARCHAR(256) NOT NULL PRIMARY KEY,"
                        + " fingerprint NVARCHAR(64) NOT NULL, passed_at TIMESTAMP DEFAULT CURRENT_UTCTIMESTAMP NOT NULL)")));
        out.addAll(installReplicaTables());
        return out;
    }

    /** Row tables: a few rows, each updated every few seconds (create-table-statement-data-definition-20d58a5.md). */
    @Override
    public List<String> installReplicaTables() {
        return List.of(ifAbsent(tableCount(REPLICAS), "CREATE ROW TABLE " + inCdc(REPLICAS) + " (task NVARCHAR(256) NOT NULL,"
                        + " replica NVARCHAR(256) NOT NULL, address NVARCHAR(1000), beats BIGINT NOT NULL, proof NVARCHAR(256),"
                        + " PRIMARY KEY (task, replica))"),
                ifAbsent(proofColumnCount(), "ALTER TABLE " + inCdc(REPLICAS) + " ADD (proof NVARCHAR(256))"), // made by a version without it
                ifAbsent(tableCount(TABLE_OWNERS), "CREATE ROW TABLE " + inCdc(TABLE_OWNERS) + " (task NVARCHAR(256) NOT NULL,"
                        + " source_schema NVARCHAR(256) NOT NULL, source_table NVARCHAR(256) NOT NULL, owned_by NVARCHAR(256),"
                        + " hand_to NVARCHAR(256), version BIGINT NOT NULL, PRIMARY KEY (task, source_schema, source_table))"));
    }

    @Override
    public String replicaTablesMissing() {
        return "SELECT 3 - (SELECT COUNT(*) FROM SYS.TABLES WHERE SCHEMA_NAME = " + literal(names.cdcSchema()) + " AND TABLE_NAME IN ("
                + literal(REPLICAS) + ", " + literal(TABLE_OWNERS) + ")) - (" + proofColumnCount() + ") FROM DUMMY";
    }

    /** The replicas' proof column, named undelimited in the DDL, hence upper case in the catalog (table-columns-system-view-2100d33.md). */
    private String proofColumnCount() {
        return "SELECT COUNT(*) FROM SYS.TABLE_COLUMNS WHERE SCHEMA_NAME = " + literal(names.cdcSchema()) + " AND TABLE_NAME = " + literal(REPLICAS)
                + " AND COLUMN_NAME = 'PROOF'";
    }

    /** Six objects: the schema, the sequence and four tables (schemas-, sequences- and tables-system-view in SAP's reference). */
    @Override
    public String sharedMissing() {
        String schema = literal(names.cdcSchema());
        String tables = List.of(CAPTURE_REGISTRY, SUBSCRIPTIONS, SCHEMA_HISTORY, HEARTBEAT).stream().map(Identifiers::literal)
                .collect(Collectors.joining(", "));
        return "SELECT 6 - (SELECT COUNT(*) FROM SYS.SCHEMAS WHERE SCHEMA_NAME = " + schema + ")"
                + " - (SELECT COUNT(*) FROM SYS.SEQUENCES WHERE SCHEMA_NAME = " + schema + " AND SEQUENCE_NAME = " + literal(names.sequence()) + ")"
                + " - (SELECT COUNT(*) FROM SYS.TABLES WHERE SCHEMA_NAME = " + schema + " AND TABLE_NAME IN (" + tables + ")) FROM DUMMY";
    }

    /**
     * User names must be undelimited identifiers, which for user names may hold hyphens without quotes
     * (introduction-to-sql-209f502.md, "Identifiers", "User names and passwords"): given as the catalog spells them.
     */
    @Override
    public String grantee(String user) {
        if (!user.matches("[A-Za-z_][A-Za-z0-9_#$-]*")) {
            throw new CdcException("'" + user + "' is not a HANA user name (an undelimited identifier, as SYS.USERS spells it)");
        }
        return user;
    }

    /**
     * CATALOG READ: M_TRANSACTIONS shows every open write transaction (the watermark's A), not only the
     * user's own, and SYS.TRIGGERS the DBA's triggers, which the task checks are there and valid.
     */
    @Override
    public List<String> runtimeAccess(String grantee) {
        return List.of("GRANT CATALOG READ TO " + grantee);
    }

    /** HANA has no schema-level right a SELECT on a table needs besides the table's own grant. */
    @Override
    public List<String> schemaAccess(String schema, String grantee) {
        return List.of();
    }

    @Override
    public SourceTable heartbeatTable() {
        return new SourceTable(new TableId(names.cdcSchema(), HEARTBEAT), List.of(
                new SourceColumn("TASK", "NVARCHAR(128)", HanaTypes.map("TASK", "NVARCHAR", 128, 0), false),
                new SourceColumn("BEAT_AT", "TIMESTAMP", HanaTypes.map("BEAT_AT", "TIMESTAMP", 27, 7), false)), List.of("TASK"));
    }

    private static String bookkeeping() {
        return q(DATA_ID) + " BIGINT NOT NULL PRIMARY KEY, " + q(TRIGGER_ID) + " INTEGER NOT NULL, " + q(TRANSACTION_ID) + " BIGINT NOT NULL, "
                + q(CREATE_TIME) + " TIMESTAMP NOT NULL, " + q(OPERATION) + " TINYINT NOT NULL";
    }

    private static String definitions(List<SourceColumn> columns) {
        return columns.stream().map(c -> q(c.name()) + " " + c.sourceType()).collect(Collectors.joining(", "));
    }

    @Override
    public List<String> installTable(CaptureLayout layout) {
        SourceTable t = layout.table();
        TableId id = t.id();
        String cdc = inCdc(names.cdcTable(id));
        List<String> out = new ArrayList<>();
        out.add("CREATE COLUMN TABLE " + cdc + " (" + bookkeeping() + ", " + definitions(layout.capturedAsCdcColumns()) + ")" + partitions());
        out.add("CREATE INDEX " + inCdc(names.trigger(id, "tx")) + " ON " + cdc + " (" + q(TRANSACTION_ID) + ", " + q(DATA_ID) + ")");
        if (options.recordErrors()) {
            out.add("CREATE COLUMN TABLE " + inCdc(names.errorTable(id)) + " (" + bookkeeping() + ", " + q(ERROR_CODE) + " INTEGER, "
                    + q(ERROR_MESSAGE) + " NVARCHAR(5000), " + definitions(t.keyColumns()) + ")");
        }
        out.addAll(installTriggers(layout));
        return out;
    }

    /**
     * Hash partitions on the data id, the key (non-heterogeneous-create-partition-clauses-ca6a99b.md: PARTITION BY HASH
     * (…) PARTITIONS n): each partition holds up to the 2 billion rows of a column table, and the purge's deletes by data
     * id spread over them.
     */
    private String partitions() {
        return options.cdcPartitions() > 1 ? " PARTITION BY HASH (" + q(DATA_ID) + ") PARTITIONS " + options.cdcPartitions() : "";
    }

    @Override
    public String lockSource(TableId id) {
        return "LOCK TABLE " + q(id.schema()) + "." + q(id.name()) + " IN EXCLUSIVE MODE";
    }

    /**
     * HANA renames a column with its own statement, whose table name takes no schema
     * (rename-column-statement-data-definition-20fb2b8.md: {@code RENAME COLUMN <table_name>.<old_column_name> TO <new_column_name>},
     * {@code <table_name> ::= <identifier>}): "RENAME COLUMN a TO b" runs as that statement in the table's schema
     * (set-schema-statement-session-management-20fd550.md); any other clause follows ALTER TABLE
     * (alter-table-statement-data-definition-20d329a.md).
     */
    @Override
    public List<String> alterTable(TableId id, String clause) {
        Matcher rename = RENAME_COLUMN.matcher(clause);
        if (rename.matches()) {
            return List.of("SET SCHEMA " + q(id.schema()), "RENAME COLUMN " + q(id.name()) + "." + rename.group(1));
        }
        return List.of("ALTER TABLE " + q(id.schema()) + "." + q(id.name()) + " " + clause);
    }

    @Override
    public List<String> addCdcColumns(TableId id, List<SourceColumn> columns) {
        return List.of("ALTER TABLE " + inCdc(names.cdcTable(id)) + " ADD (" + definitions(columns) + ")");
    }

    /**
     * Keys of the CDC table's rows, and of the capture-error table's (which hold keys under their source
     * names), written by version {@code from} after the given data id, as re-read rows of the next version.
     * CURRENT_UPDATE_TRANSACTION() is 0 while the transaction is in read mode, and rows recorded under 0
     * are never held back by the watermark, so they could be passed before they commit: the block first
     * writes (the table's registry row, which this transaction has locked already) and refuses to go on
     * if the transaction still is not in write mode. NEXTVAL may not be used in a SELECT with DISTINCT or
     * UNION (create-sequence-statement-data-definition-20d5092.md), and whether that reaches through a
     * derived table is not said: the distinct keys are collected into a table variable first
     * (do-begin-end-statement-procedural-5210385.md), and the INSERT's own SELECT has neither.
     */
    @Override
    public String resyncKeys(CaptureLayout from, CaptureLayout next, long afterDataId) {
        TableId id = next.table().id();
        String to = next.table().primaryKey().stream().map(k -> q(next.cdcColumn(k))).collect(Collectors.joining(", "));
        String keys = from.table().primaryKey().stream().map(k -> q(from.cdcColumn(k))).collect(Collectors.joining(", "));
        String where = " WHERE " + q(TRIGGER_ID) + " = " + from.captureVersion() + " AND " + q(DATA_ID) + " > " + afterDataId
                + " AND " + q(OPERATION) + " > 0";
        String changed = "SELECT DISTINCT " + keys + " FROM " + inCdc(names.cdcTable(id)) + where;
        if (options.recordErrors()) {
            changed += " UNION SELECT " + from.table().primaryKey().stream().map(HanaCaptureSql::q).collect(Collectors.joining(", "))
                    + " FROM " + inCdc(names.errorTable(id)) + where;
        }
        return "DO BEGIN DECLARE T BIGINT; DECLARE READ_MODE CONDITION FOR SQL_ERROR_CODE 10001; "
                + "UPDATE " + inCdc(CAPTURE_REGISTRY) + " SET version = version WHERE source_schema = " + literal(id.schema())
                + " AND source_table = " + literal(id.name()) + "; SELECT CURRENT_UPDATE_TRANSACTION() INTO T FROM DUMMY; "
                + "IF :T = 0 THEN SIGNAL READ_MODE SET MESSAGE_TEXT = 'hana-cdc: the transaction is not in write mode, so re-read rows"
                + " would record transaction id 0'; END IF; "
                + "K = " + changed + "; "
                + "INSERT INTO " + inCdc(names.cdcTable(id)) + " (" + q(DATA_ID) + ", " + q(TRIGGER_ID) + ", " + q(TRANSACTION_ID) + ", "
                + q(CREATE_TIME) + ", " + q(OPERATION) + ", " + to + ") SELECT " + inCdc(names.sequence()) + ".NEXTVAL, " + next.captureVersion()
                + ", CURRENT_UPDATE_TRANSACTION(), CURRENT_UTCTIMESTAMP, " + OP_RESYNC + ", " + keys + " FROM :K; END";
    }

    @Override
    public List<String> installTriggers(CaptureLayout layout) {
        SourceTable t = layout.table();
        int captureVersion = layout.captureVersion();
        String cdc = inCdc(names.cdcTable(t.id()));
        List<String> out = new ArrayList<>();
        out.add(trigger(t, "ins", "INSERT", "NEW ROW \"NEW\"", captureVersion,
                insert(cdc, layout, OP_INSERT, "NEW"), errors(t, captureVersion, "NEW")));
        // A changed key's old key is re-read, not deleted: in UPDATE ... SET K = K + 1 another row may take
        // that key in the same statement, before or after this one, in whatever order HANA visits the rows. The new
        // image right after it is marked as its pair, so a target can move the row by its key when the old key is gone.
        String keyUnchanged = t.primaryKey().stream().map(k -> ":OLD." + q(k) + " = :NEW." + q(k)).collect(Collectors.joining(" AND "));
        out.add(trigger(t, "upd", "UPDATE", "OLD ROW \"OLD\", NEW ROW \"NEW\"", captureVersion,
                "IF NOT (" + keyUnchanged + ") THEN " + insert(cdc, layout, OP_RESYNC, "OLD") + " "
                        + insert(cdc, layout, OP_UPDATE_AFTER_NEW_KEY, "NEW") + " ELSE " + insert(cdc, layout, OP_UPDATE_AFTER, "NEW") + " END IF;",
                errors(t, captureVersion, "OLD") + " " + errors(t, captureVersion, "NEW")));
        out.add(trigger(t, "del", "DELETE", "OLD ROW \"OLD\"", captureVersion,
                insert(cdc, layout, OP_DELETE, "OLD"), errors(t, captureVersion, "OLD")));
        return out;
    }

    private String trigger(SourceTable t, String kind, String event, String referencing, int captureVersion, String body, String onError) {
        String handler = options.recordErrors() ? "DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN IF " + ROLLED_BACK + " THEN RESIGNAL; ELSE "
                + onError + " END IF; END; " : "";
        return "CREATE TRIGGER " + q(t.id().schema()) + "." + q(names.trigger(t.id(), kind)) + " AFTER " + event + " ON "
                + q(t.id().schema()) + "." + q(t.id().name()) + " REFERENCING " + referencing + " FOR EACH ROW BEGIN "
                + handler + body + " END";
    }

    private String insert(String table, CaptureLayout layout, int op, String row) {
        return "INSERT INTO " + table + " (" + q(DATA_ID) + ", " + q(TRIGGER_ID) + ", " + q(TRANSACTION_ID) + ", " + q(CREATE_TIME) + ", "
                + q(OPERATION) + ", " + layout.capturedCdcColumns().stream().map(HanaCaptureSql::q).collect(Collectors.joining(", "))
                + ") VALUES (" + inCdc(names.sequence()) + ".NEXTVAL, " + layout.captureVersion() + ", CURRENT_UPDATE_TRANSACTION(), CURRENT_UTCTIMESTAMP, "
                + op + ", " + layout.captured().stream().map(c -> ":" + row + "." + q(c.name())).collect(Collectors.joining(", ")) + ");";
    }

    private String errors(SourceTable t, int captureVersion, String row) {
        String keys = t.primaryKey().stream().map(HanaCaptureSql::q).collect(Collectors.joining(", "));
        return "INSERT INTO " + inCdc(names.errorTable(t.id())) + " (" + q(DATA_ID) + ", " + q(TRIGGER_ID) + ", " + q(TRANSACTION_ID) + ", "
                + q(CREATE_TIME) + ", " + q(OPERATION) + ", " + q(ERROR_CODE) + ", " + q(ERROR_MESSAGE) + ", " + keys + ") VALUES ("
                + inCdc(names.sequence()) + ".NEXTVAL, " + captureVersion + ", CURRENT_UPDATE_TRANSACTION(), CURRENT_UTCTIMESTAMP, " + OP_RESYNC
                + ", ::SQL_ERROR_CODE, LEFT(::SQL_ERROR_MESSAGE, 5000), "
                + t.primaryKey().stream().map(k -> ":" + row + "." + q(k)).collect(Collectors.joining(", ")) + ");";
    }

    @Override
    public List<String> uninstallTriggers(TableId id) {
        List<String> out = new ArrayList<>();
        for (String trigger : triggerNames(id)) {
            out.add(ifPresent(triggerCount(id.schema(), trigger), "DROP TRIGGER " + q(id.schema()) + "." + q(trigger)));
        }
        return out;
    }

    @Override
    public List<String> triggerNames(TableId id) {
        return List.of(names.trigger(id, "ins"), names.trigger(id, "upd"), names.trigger(id, "del"));
    }

    @Override
    public List<String> uninstallTable(TableId id) {
        List<String> out = new ArrayList<>(uninstallTriggers(id));
        out.add(ifPresent(tableCount(names.errorTable(id)), "DROP TABLE " + inCdc(names.errorTable(id))));
        out.add(ifPresent(tableCount(names.cdcTable(id)), "DROP TABLE " + inCdc(names.cdcTable(id))));
        return out;
    }

    /**
     * One anonymous block, so a runner that goes on after an error (hdbsql -I without -E) cannot commit half of it: its
     * exit handler rolls back and re-signals (do-begin-end-statement-procedural-5210385.md: handler, ROLLBACK, RESIGNAL).
     * DDL joins the transaction only with AUTOCOMMIT DDL OFF, which SAP says to set in a session whose autocommit is off
     * (set-transaction-autocommit-ddl-statement-transaction-management-d538d11.md): hdbsql -z, or autocommit off in the
     * SQL console; the probe 'script rollback' shows whether it holds without. Each statement runs through EXEC
     * (create-procedure-statement-procedural-20d4674.md: a block's own SQL is DML, CREATE and DROP TABLE only, and it is
     * compiled before it runs, when the tables it creates do not exist yet); a catalog-checking block becomes a nested block.
     */
    @Override
    public List<String> asOneTransaction(List<String> statements) {
        String body = statements.stream().map(s -> s.startsWith("DO BEGIN ") ? s.substring("DO ".length()) + ";" : "EXEC " + literal(s) + ";")
                .collect(Collectors.joining(" "));
        return List.of("SET TRANSACTION AUTOCOMMIT DDL OFF",
                "DO BEGIN DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END; " + body + " COMMIT; END",
                "SET TRANSACTION AUTOCOMMIT DDL ON");
    }

    @Override
    public List<String> uninstallShared() {
        return List.of(
                ifPresent(tableCount(TABLE_OWNERS), "DROP TABLE " + inCdc(TABLE_OWNERS)),
                ifPresent(tableCount(REPLICAS), "DROP TABLE " + inCdc(REPLICAS)),
                ifPresent(tableCount(GATE_PASSES), "DROP TABLE " + inCdc(GATE_PASSES)),
                ifPresent(tableCount(HEARTBEAT), "DROP TABLE " + inCdc(HEARTBEAT)),
                ifPresent(tableCount(SUBSCRIPTIONS), "DROP TABLE " + inCdc(SUBSCRIPTIONS)),
                ifPresent(tableCount(SCHEMA_HISTORY), "DROP TABLE " + inCdc(SCHEMA_HISTORY)),
                ifPresent(tableCount(CAPTURE_REGISTRY), "DROP TABLE " + inCdc(CAPTURE_REGISTRY)),
                ifPresent("SELECT COUNT(*) FROM SYS.SEQUENCES WHERE SCHEMA_NAME = " + literal(names.cdcSchema())
                        + " AND SEQUENCE_NAME = " + literal(names.sequence()), "DROP SEQUENCE " + inCdc(names.sequence())));
    }
}
