package io.hanacdc.source.postgres;

import static io.hanacdc.source.CdcColumns.CAPTURE_REGISTRY;
import static io.hanacdc.source.CdcColumns.CREATE_TIME;
import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.GAP_CAPTURE_VERSION;
import static io.hanacdc.source.CdcColumns.GATE_PASSES;
import static io.hanacdc.source.CdcColumns.HEARTBEAT;
import static io.hanacdc.source.CdcColumns.OPERATION;
import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_INSERT;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER_NEW_KEY;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_BEFORE;
import static io.hanacdc.source.CdcColumns.OP_RESYNC;
import static io.hanacdc.source.CdcColumns.OP_TRUNCATE;
import static io.hanacdc.source.CdcColumns.REPLICAS;
import static io.hanacdc.source.CdcColumns.SCHEMA_HISTORY;
import static io.hanacdc.source.CdcColumns.SUBSCRIPTIONS;
import static io.hanacdc.source.CdcColumns.TABLE_OWNERS;
import static io.hanacdc.source.CdcColumns.TRANSACTION_ID;
import static io.hanacdc.source.CdcColumns.TRIGGER_ID;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.sql.Identifiers;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * PostgreSQL capture: per table a CDC table, one SECURITY DEFINER trigger function and three
 * AFTER ... FOR EACH STATEMENT triggers with transition tables. Statement-level triggers copy all
 * rows of a statement with one INSERT ... SELECT, which costs far less than a function call per
 * row on multi-row statements and the same on single-row ones. An UPDATE that changes a key also
 * records the old key (operation 3) so the target can delete it. A TRUNCATE, which fires no delete
 * trigger, is recorded by an AFTER TRUNCATE trigger (statement-level at either trigger level) as one
 * row without an image (operation 6), its data id taken in the truncating transaction like any row's.
 */
final class PostgresCaptureSql implements CaptureSql {
    private static final String NEW = "hanacdc_new";
    private static final String OLD = "hanacdc_old";
    private static final String TRANSACTION = "pg_current_xact_id()::text::bigint";
    private static final String NOW = "clock_timestamp() AT TIME ZONE 'UTC'";
    /** Up to this many updated rows a statement finds its gone keys by the cached plan: a hash of this many keys fits any work_mem. */
    private static final int CACHED_PLAN_ROWS = 1000;
    private final CaptureNames names;

    private final PostgresDdlCut cut;
    private final boolean rowTriggers;

    PostgresCaptureSql(CaptureNames names, boolean rowTriggers) {
        this.names = names;
        this.cut = new PostgresDdlCut(names);
        this.rowTriggers = rowTriggers;
    }

    private String q(String id) {
        return Identifiers.ansi(id);
    }

    private String inCdc(String name) {
        return q(names.cdcSchema()) + "." + q(name);
    }

    @Override
    public List<String> installShared() {
        List<String> out = new ArrayList<>(List.of(
                "CREATE SCHEMA IF NOT EXISTS " + q(names.cdcSchema()),
                // CACHE 1: last_value must bound every id handed out, or H misses ids cached by a session
                "CREATE SEQUENCE IF NOT EXISTS " + inCdc(names.sequence()) + " AS bigint CACHE 1",
                "CREATE TABLE IF NOT EXISTS " + inCdc(CAPTURE_REGISTRY) + " (source_schema text NOT NULL, source_table text NOT NULL,"
                        + " cdc_table text NOT NULL, version int NOT NULL, columns text NOT NULL, created_schema boolean NOT NULL,"
                        + " installed_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'UTC'), PRIMARY KEY (source_schema, source_table))",
                "CREATE TABLE IF NOT EXISTS " + inCdc(SUBSCRIPTIONS) + " (task text NOT NULL, source_schema text NOT NULL,"
                        + " source_table text NOT NULL, purge_high bigint, purge_open text, PRIMARY KEY (task, source_schema, source_table))",
                "CREATE TABLE IF NOT EXISTS " + inCdc(SCHEMA_HISTORY) + " (source_schema text NOT NULL, source_table text NOT NULL,"
                        + " version int NOT NULL, layout text NOT NULL, table_oid bigint NOT NULL, switch_high bigint NOT NULL,"
                        + " recorded_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'UTC'), PRIMARY KEY (source_schema, source_table, version))",
                "CREATE TABLE IF NOT EXISTS " + inCdc(HEARTBEAT) + " (task varchar(128) NOT NULL PRIMARY KEY, beat_at timestamp NOT NULL)",
                "CREATE TABLE IF NOT EXISTS " + inCdc(GATE_PASSES) + " (task text NOT NULL PRIMARY KEY, fingerprint text NOT NULL,"
                        + " passed_at timestamp NOT NULL DEFAULT (now() AT TIME ZONE 'UTC'))"));
        out.addAll(cut.installShared());
        out.addAll(installReplicaTables());
        return out;
    }

    @Override
    public List<String> installReplicaTables() {
        return List.of("CREATE TABLE IF NOT EXISTS " + inCdc(REPLICAS) + " (task text NOT NULL, replica text NOT NULL, address text,"
                        + " beats bigint NOT NULL, proof text, PRIMARY KEY (task, replica))",
                "ALTER TABLE " + inCdc(REPLICAS) + " ADD COLUMN IF NOT EXISTS proof text", // made by a version without it
                "CREATE TABLE IF NOT EXISTS " + inCdc(TABLE_OWNERS) + " (task text NOT NULL, source_schema text NOT NULL,"
                        + " source_table text NOT NULL, owned_by text, hand_to text, version bigint NOT NULL,"
                        + " PRIMARY KEY (task, source_schema, source_table))");
    }

    @Override
    public String replicaTablesMissing() {
        String schema = Identifiers.literal(names.cdcSchema());
        return "SELECT 3 - (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = " + schema
                + " AND c.relname IN (" + Identifiers.literal(REPLICAS) + ", " + Identifiers.literal(TABLE_OWNERS) + "))"
                + " - (SELECT count(*) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = " + schema + " AND c.relname = " + Identifiers.literal(REPLICAS)
                + " AND a.attname = 'proof' AND NOT a.attisdropped)";
    }

    @Override
    public String sharedMissing() {
        String relations = List.of(names.sequence(), CAPTURE_REGISTRY, SUBSCRIPTIONS, SCHEMA_HISTORY, HEARTBEAT, PostgresDdlCut.CUTS).stream()
                .map(Identifiers::literal).collect(Collectors.joining(", "));
        return "SELECT 6 - (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = "
                + Identifiers.literal(names.cdcSchema()) + " AND c.relname IN (" + relations + ")) + " + cut.missing();
    }

    @Override
    public String grantee(String user) {
        return q(user);
    }

    /** USAGE to reach the CDC schema's objects at all; the cut table tells the schema check which tables an ALTER switched. */
    @Override
    public List<String> runtimeAccess(String grantee) {
        return List.of("GRANT USAGE ON SCHEMA " + q(names.cdcSchema()) + " TO " + grantee,
                "GRANT SELECT ON " + inCdc(PostgresDdlCut.CUTS) + " TO " + grantee);
    }

    @Override
    public List<String> schemaAccess(String schema, String grantee) {
        return List.of("GRANT USAGE ON SCHEMA " + q(schema) + " TO " + grantee);
    }

    @Override
    public SourceTable heartbeatTable() {
        return new SourceTable(new TableId(names.cdcSchema(), HEARTBEAT), List.of(
                new SourceColumn("task", "character varying(128)", ColumnType.sized(ColumnType.Kind.VARCHAR, 128), false),
                new SourceColumn("beat_at", "timestamp without time zone", ColumnType.fractional(ColumnType.Kind.TIMESTAMP, 6), false)),
                List.of("task"));
    }

    @Override
    public List<String> installTable(CaptureLayout layout) {
        TableId id = layout.table().id();
        String cdc = inCdc(names.cdcTable(id));
        List<String> out = new ArrayList<>(List.of(
                "CREATE TABLE " + cdc + " (" + q(DATA_ID) + " bigint NOT NULL PRIMARY KEY, " + q(TRIGGER_ID) + " int NOT NULL, "
                        + q(TRANSACTION_ID) + " bigint NOT NULL, " + q(CREATE_TIME) + " timestamp NOT NULL, "
                        + q(OPERATION) + " smallint NOT NULL, " + definitions(layout.capturedAsCdcColumns()) + ")",
                "CREATE INDEX " + q(names.trigger(id, "tx")) + " ON " + cdc + " (" + q(TRANSACTION_ID) + ", " + q(DATA_ID) + ")"));
        out.addAll(installTriggers(layout));
        return out;
    }

    private String definitions(List<SourceColumn> columns) {
        return columns.stream().map(c -> q(c.name()) + " " + c.sourceType()).collect(Collectors.joining(", "));
    }

    /** ACCESS EXCLUSIVE: what dropping the triggers takes anyway. */
    @Override
    public String lockSource(TableId id) {
        return "LOCK TABLE " + q(id.schema()) + "." + q(id.name()) + " IN ACCESS EXCLUSIVE MODE";
    }

    @Override
    public List<String> alterTable(TableId id, String clause) {
        return List.of("ALTER TABLE " + q(id.schema()) + "." + q(id.name()) + " " + clause);
    }

    @Override
    public List<String> addCdcColumns(TableId id, List<SourceColumn> columns) {
        return List.of("ALTER TABLE " + inCdc(names.cdcTable(id)) + " "
                + columns.stream().map(c -> "ADD COLUMN " + q(c.name()) + " " + c.sourceType()).collect(Collectors.joining(", ")));
    }

    @Override
    public String resyncKeys(CaptureLayout from, CaptureLayout next, long afterDataId) {
        String cdc = inCdc(names.cdcTable(next.table().id()));
        String to = next.table().primaryKey().stream().map(k -> q(next.cdcColumn(k))).collect(Collectors.joining(", "));
        String keys = from.table().primaryKey().stream().map(k -> q(from.cdcColumn(k))).collect(Collectors.joining(", "));
        return "INSERT INTO " + cdc + " (" + q(DATA_ID) + ", " + q(TRIGGER_ID) + ", " + q(TRANSACTION_ID) + ", " + q(CREATE_TIME) + ", "
                + q(OPERATION) + ", " + to + ") SELECT " + nextDataId() + ", " + next.captureVersion() + ", " + TRANSACTION + ", " + NOW + ", "
                + OP_RESYNC + ", k.* FROM (SELECT DISTINCT " + keys + " FROM " + cdc + " WHERE " + q(TRIGGER_ID) + " IN (" + from.captureVersion()
                + ", " + GAP_CAPTURE_VERSION + ") AND " + q(DATA_ID) + " > " + afterDataId + " AND " + q(OPERATION) + " > 0 AND "
                + q(OPERATION) + " <> " + OP_TRUNCATE + ") k"; // a truncate has no key to re-read
    }

    private String nextDataId() {
        return "nextval(" + Identifiers.literal(inCdc(names.sequence())) + "::regclass)";
    }

    @Override
    public List<String> installTriggers(CaptureLayout layout) {
        TableId id = layout.table().id();
        String cdc = inCdc(names.cdcTable(id));
        String fn = inCdc(names.trigger(id, "fn"));
        String src = q(id.schema()) + "." + q(id.name());
        String body = rowTriggers ? PostgresRowFunction.body(layout.table(), layout.captured(), src, head(layout, cdc, "VALUES ("),
                truncated(layout, cdc)) : functionBody(layout, cdc);
        List<String> out = new ArrayList<>(List.of(
                "CREATE FUNCTION " + fn + "() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS "
                        + dollarQuote(body),
                trigger(id, "ins", "INSERT", src, "NEW TABLE AS " + NEW, fn),
                trigger(id, "upd", "UPDATE", src, "OLD TABLE AS " + OLD + " NEW TABLE AS " + NEW, fn),
                trigger(id, "del", "DELETE", src, "OLD TABLE AS " + OLD, fn),
                // PostgreSQL has TRUNCATE triggers at statement level only
                "CREATE TRIGGER " + q(triggerName(id, "trunc")) + " AFTER TRUNCATE ON " + src + " FOR EACH STATEMENT EXECUTE FUNCTION " + fn + "()"));
        // the truncate trigger stays on when an ALTER switches to the fallback: its insert names no column the ALTER can break
        out.addAll(cut.installFallback(layout, cdc, rowImageTriggers(id), nextDataId(), TRANSACTION, NOW));
        return out;
    }

    /** The CDC insert of a TRUNCATE: bookkeeping only, no row image. */
    private String truncated(CaptureLayout layout, String cdc) {
        return "INSERT INTO " + cdc + " (" + q(DATA_ID) + ", " + q(TRIGGER_ID) + ", " + q(TRANSACTION_ID) + ", " + q(CREATE_TIME) + ", "
                + q(OPERATION) + ") VALUES (" + nextDataId() + ", " + layout.captureVersion() + ", " + TRANSACTION + ", " + NOW + ", " + OP_TRUNCATE + ")";
    }

    /** Row triggers have names of their own, so a table installed at the other level is found "missing" by repair and re-created at this one. */
    private String triggerName(TableId id, String op) {
        return names.trigger(id, rowTriggers ? op + "_row" : op);
    }

    private String trigger(TableId id, String op, String event, String src, String transitionTables, String fn) {
        String level = rowTriggers ? " FOR EACH ROW" : " REFERENCING " + transitionTables + " FOR EACH STATEMENT";
        return "CREATE TRIGGER " + q(triggerName(id, op)) + " AFTER " + event + " ON " + src + level + " EXECUTE FUNCTION " + fn + "()";
    }

    /** The CDC insert up to the operation: column list, then (after SELECT or VALUES) data id, capture version, transaction and time. */
    private String head(CaptureLayout layout, String cdc, String rowsFrom) {
        String cols = layout.capturedCdcColumns().stream().map(this::q).collect(Collectors.joining(", "));
        return "INSERT INTO " + cdc + " (" + q(DATA_ID) + ", " + q(TRIGGER_ID) + ", " + q(TRANSACTION_ID) + ", "
                + q(CREATE_TIME) + ", " + q(OPERATION) + ", " + cols + ") " + rowsFrom + nextDataId() + ", " + layout.captureVersion()
                + ", " + TRANSACTION + ", " + NOW + ", ";
    }

    private String functionBody(CaptureLayout layout, String cdc) {
        SourceTable t = layout.table();
        String head = head(layout, cdc, "SELECT ");
        String oldKey = t.primaryKey().stream().map(k -> "o." + q(k)).collect(Collectors.joining(", "));
        String newKeys = t.primaryKey().stream().map(k -> "n." + q(k)).collect(Collectors.joining(", "));
        String sameKey = t.primaryKey().stream().map(k -> "n." + q(k) + " = o." + q(k)).collect(Collectors.joining(" AND "));
        String gone = head + OP_UPDATE_BEFORE + ", " + prefixed("o", layout) + " FROM " + OLD + " o";
        return "DECLARE\n"
                + "  moved bigint;\n"
                + "  updated bigint;\n"
                + "  after_op integer := " + OP_UPDATE_AFTER + ";\n"
                + "BEGIN\n"
                + "  IF TG_OP = 'INSERT' THEN\n"
                + "    " + head + OP_INSERT + ", " + prefixed("n", layout) + " FROM " + NEW + " n;\n"
                + "  ELSIF TG_OP = 'DELETE' THEN\n"
                + "    " + head + OP_DELETE + ", " + prefixed("o", layout) + " FROM " + OLD + " o;\n"
                + "  ELSIF TG_OP = 'TRUNCATE' THEN\n"
                + "    " + truncated(layout, cdc) + ";\n"
                + "  ELSE\n"
                // The old keys no new row has. A statement's plan is cached with the function: made for one row, NOT EXISTS
                // ran as a nested loop, quadratic on a later large UPDATE; made for a large first statement, a hashed subplan
                // is no longer chosen once the keys outgrow work_mem, quadratic too. So small statements run the cached IN
                // (hashed for any size up to this bound), large ones a NOT EXISTS planned for their own size (a hash anti
                // join, which spills to disk instead of comparing every pair). IN … IS NOT TRUE, not NOT IN: the same rows as
                // NOT EXISTS should a key column hold NULL (a unique key whose NOT NULL was dropped, until the table stops).
                + "    SELECT count(*) INTO updated FROM " + NEW + ";\n"
                + "    IF updated <= " + CACHED_PLAN_ROWS + " THEN\n"
                + "      " + gone + " WHERE ((" + oldKey + ") IN (SELECT " + newKeys + " FROM " + NEW + " n)) IS NOT TRUE;\n"
                + "    ELSE\n"
                + "      EXECUTE " + Identifiers.literal(gone + " WHERE NOT EXISTS (SELECT 1 FROM " + NEW + " n WHERE " + sameKey + ")") + ";\n"
                + "    END IF;\n"
                // A statement of one row that moved it: its new image is the old key's pair (OP_UPDATE_AFTER_NEW_KEY). With
                // more rows, which row's key became which is not known (a shift also leaves one key gone): no pair.
                + "    GET DIAGNOSTICS moved = ROW_COUNT;\n"
                + "    IF moved = 1 AND updated = 1 THEN\n"
                + "      after_op := " + OP_UPDATE_AFTER_NEW_KEY + ";\n"
                + "    END IF;\n"
                + "    " + head + "after_op, " + prefixed("n", layout) + " FROM " + NEW + " n;\n"
                + "  END IF;\n"
                + "  RETURN NULL;\n"
                + "END";
    }

    private String prefixed(String alias, CaptureLayout layout) {
        return layout.captured().stream().map(SourceColumn::name).map(c -> alias + "." + q(c)).collect(Collectors.joining(", "));
    }

    /** Dollar-quotes a function body with a tag that cannot occur inside it (names are user data). */
    static String dollarQuote(String body) {
        String tag = "$hanacdc$";
        for (int i = 0; body.contains(tag); i++) {
            tag = "$hanacdc" + i + "$";
        }
        return tag + source(body) + tag;
    }

    /** What pg_proc.prosrc holds for a function created with {@link #dollarQuote} of the body. */
    static String source(String body) {
        return "\n" + body + "\n";
    }

    @Override
    public List<String> uninstallTable(TableId id) {
        List<String> out = new ArrayList<>(uninstallTriggers(id));
        out.add("DROP TABLE IF EXISTS " + inCdc(names.cdcTable(id)));
        return out;
    }

    @Override
    public List<String> uninstallTriggers(TableId id) {
        // Each trigger spelled out, of either level, for the DBA reading the script (IF EXISTS: also when the table is gone);
        // CASCADE on the function then drops nothing else it would not: only triggers call it.
        List<String> out = new ArrayList<>();
        for (String op : List.of("ins", "upd", "del", "trunc")) {
            for (String name : List.of(names.trigger(id, op), names.trigger(id, op + "_row"))) {
                out.add("DROP TRIGGER IF EXISTS " + q(name) + " ON " + q(id.schema()) + "." + q(id.name()));
            }
        }
        out.add("DROP FUNCTION IF EXISTS " + inCdc(names.trigger(id, "fn")) + "() CASCADE");
        out.addAll(cut.uninstallFallback(id));
        return out;
    }

    @Override
    public List<String> triggerNames(TableId id) {
        List<String> out = new ArrayList<>(rowImageTriggers(id));
        out.add(triggerName(id, "trunc")); // a capture installed before truncates were captured is repaired to capture them
        return out;
    }

    private List<String> rowImageTriggers(TableId id) {
        return List.of(triggerName(id, "ins"), triggerName(id, "upd"), triggerName(id, "del"));
    }

    @Override
    public List<String> asOneTransaction(List<String> statements) {
        List<String> out = new ArrayList<>(List.of("BEGIN"));
        out.addAll(statements);
        out.add("COMMIT");
        return out;
    }

    @Override
    public List<String> uninstallShared() {
        List<String> out = new ArrayList<>(cut.uninstallShared());
        out.addAll(List.of(
                "DROP TABLE IF EXISTS " + inCdc(TABLE_OWNERS),
                "DROP TABLE IF EXISTS " + inCdc(REPLICAS),
                "DROP TABLE IF EXISTS " + inCdc(GATE_PASSES),
                "DROP TABLE IF EXISTS " + inCdc(HEARTBEAT),
                "DROP TABLE IF EXISTS " + inCdc(SUBSCRIPTIONS),
                "DROP TABLE IF EXISTS " + inCdc(SCHEMA_HISTORY),
                "DROP TABLE IF EXISTS " + inCdc(CAPTURE_REGISTRY),
                "DROP SEQUENCE IF EXISTS " + inCdc(names.sequence())));
        return out;
    }

}
