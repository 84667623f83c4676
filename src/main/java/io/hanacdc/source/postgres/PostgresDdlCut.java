package io.hanacdc.source.postgres;

import static io.hanacdc.source.CdcColumns.CREATE_TIME;
import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.GAP_CAPTURE_VERSION;
import static io.hanacdc.source.CdcColumns.OPERATION;
import static io.hanacdc.source.CdcColumns.OP_RESYNC;
import static io.hanacdc.source.CdcColumns.TRANSACTION_ID;
import static io.hanacdc.source.CdcColumns.TRIGGER_ID;

import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.sql.Identifiers;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The exact cut of DESIGN §5 on PostgreSQL: an event trigger at the end of every ALTER TABLE of a
 * captured table that changed the columns capture was made for (names, types, key) switches, in the
 * ALTER's own transaction, from the capture triggers (whose column list the ALTER may have broken) to
 * fallback triggers that record only the keys changed (version 0, operation 5), and notes the data id
 * of that moment. Business writes thus never fail on capture, and the schema check knows exactly which
 * keys to re-read when it moves capture to the new version. An ALTER that keeps the columns (storage,
 * constraints, statistics, owner) leaves capture alone: every switch costs a new version.
 * Event triggers need a superuser: without one, none is created and the schema check's poll is the
 * only mechanism (the window is then bounded by the check interval).
 */
final class PostgresDdlCut {
    static final String CUTS = "hanacdc_ddl_cut";
    private static final String GUARD = "hanacdc.in_ddl";
    private final CaptureNames names;

    PostgresDdlCut(CaptureNames names) {
        this.names = names;
    }

    private static String q(String id) {
        return Identifiers.ansi(id);
    }

    private String inCdc(String name) {
        return q(names.cdcSchema()) + "." + q(name);
    }

    private String eventTrigger() {
        return names.cdcColumn(names.cdcSchema(), "$ddl");
    }

    /** The table's columns as name, type, name, type, ...: what {@link #capturedColumns} records, read from the catalog. */
    private static final String COLUMNS_NOW = "ARRAY(SELECT x FROM pg_attribute a CROSS JOIN LATERAL"
            + " unnest(ARRAY[a.attname::text, format_type(a.atttypid, a.atttypmod)]) WITH ORDINALITY u(x, o)"
            + " WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum, u.o)";
    /** The table's key columns in key order (PostgresKeys), read from the catalog. */
    private static final String KEY_NOW = "ARRAY(SELECT a.attname::text FROM pg_index i CROSS JOIN LATERAL unnest(i.indkey) WITH ORDINALITY k(attnum, o)"
            + " JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum WHERE i.indexrelid = " + PostgresKeys.keyIndex("c.oid")
            + " AND k.o <= i.indnkeyatts ORDER BY k.o)";

    /** The event trigger function's body: what installShared makes, and what {@link #missing} compares with. */
    private String onDdlBody() {
        return "DECLARE r record; s record;\nBEGIN\n"
                + "  IF current_setting('" + GUARD + "', true) = 'on' THEN RETURN; END IF;\n"
                + "  FOR r IN SELECT objid FROM pg_event_trigger_ddl_commands() WHERE command_tag = 'ALTER TABLE' AND object_type IN ('table', 'table column') LOOP\n"
                + "    FOR s IN UPDATE " + inCdc(CUTS) + " d SET cut = coalesce(d.cut, nextval(" + Identifiers.literal(inCdc(names.sequence()))
                + "::regclass)) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE c.oid = r.objid AND d.source_schema = n.nspname AND d.source_table = c.relname"
                + " AND (d.captured_columns IS DISTINCT FROM " + COLUMNS_NOW + " OR d.captured_key IS DISTINCT FROM " + KEY_NOW + ")"
                + " RETURNING d.on_ddl LOOP\n"
                + "      PERFORM set_config('" + GUARD + "', 'on', true);\n"
                + "      EXECUTE s.on_ddl;\n"
                + "      PERFORM set_config('" + GUARD + "', 'off', true);\n"
                + "    END LOOP;\n"
                + "  END LOOP;\n"
                // the business's DDL must never fail on capture: the schema check's poll still follows the change
                + "EXCEPTION WHEN OTHERS THEN RAISE WARNING 'hana-cdc could not switch capture at this ALTER TABLE: %', SQLERRM;\n"
                + "END";
    }

    /**
     * How many of the objects {@link #installShared} makes are missing or outdated, as an SQL expression
     * read from the catalog alone: the cut table without the columns of this release, and, only for a
     * superuser (nobody else could create it), an event trigger missing or running another release's body.
     */
    String missing() {
        String schema = Identifiers.literal(names.cdcSchema());
        return "CASE WHEN EXISTS (SELECT 1 FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = " + schema + " AND c.relname = " + Identifiers.literal(CUTS) + " AND a.attname = 'captured_key') THEN 0 ELSE 1 END"
                + " + CASE WHEN (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT EXISTS (SELECT 1 FROM pg_event_trigger e"
                + " JOIN pg_proc p ON p.oid = e.evtfoid JOIN pg_namespace n ON n.oid = p.pronamespace WHERE e.evtname = "
                + Identifiers.literal(eventTrigger()) + " AND n.nspname = " + schema + " AND p.proname = 'hanacdc_on_ddl'"
                + " AND p.prosrc = " + Identifiers.literal(PostgresCaptureSql.source(onDdlBody())) + ") THEN 1 ELSE 0 END";
    }

    List<String> installShared() {
        String fn = inCdc("hanacdc_on_ddl");
        String body = onDdlBody();
        return List.of(
                "CREATE TABLE IF NOT EXISTS " + inCdc(CUTS) + " (source_schema text NOT NULL, source_table text NOT NULL,"
                        + " on_ddl text NOT NULL, cut bigint, captured_columns text[], captured_key text[], PRIMARY KEY (source_schema, source_table))",
                // a table made by an earlier release lacks the columns the event trigger compares with; added once, as the
                // ALTER would lock the table at every start
                "DO $hanacdc_do$ BEGIN\n"
                        + "  IF NOT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = to_regclass(" + Identifiers.literal(inCdc(CUTS)) + ")"
                        + " AND attname = 'captured_key') THEN\n"
                        + "    ALTER TABLE " + inCdc(CUTS) + " ADD COLUMN captured_columns text[], ADD COLUMN captured_key text[];\n"
                        + "  END IF;\n"
                        + "END $hanacdc_do$",
                // the function is replaced every time, so a task of a later release brings its own
                "DO $hanacdc_do$ BEGIN\n"
                        + "  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN\n"
                        + "    CREATE OR REPLACE FUNCTION " + fn + "() RETURNS event_trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS "
                        + PostgresCaptureSql.dollarQuote(body) + ";\n"
                        + "    IF NOT EXISTS (SELECT 1 FROM pg_event_trigger WHERE evtname = " + Identifiers.literal(eventTrigger()) + ") THEN\n"
                        + "      CREATE EVENT TRIGGER " + q(eventTrigger()) + " ON ddl_command_end WHEN TAG IN ('ALTER TABLE') EXECUTE FUNCTION " + fn + "();\n"
                        + "    END IF;\n"
                        + "  END IF;\n"
                        + "END $hanacdc_do$");
    }

    List<String> uninstallShared() {
        return List.of("DROP EVENT TRIGGER IF EXISTS " + q(eventTrigger()),
                "DROP FUNCTION IF EXISTS " + inCdc("hanacdc_on_ddl") + "()",
                "DROP TABLE IF EXISTS " + inCdc(CUTS));
    }

    /**
     * The fallback triggers (created disabled) and the table's cut row, reset: the columns capture was
     * made for, and what the event trigger runs to switch over (the capture triggers disabled, the
     * fallback ones enabled), are stored there. {@code TRANSACTION} and {@code NOW} as the capture function uses them.
     */
    List<String> installFallback(CaptureLayout layout, String cdcTable, List<String> captureTriggers, String nextDataId,
                                 String transaction, String now) {
        TableId id = layout.table().id();
        String src = q(id.schema()) + "." + q(id.name());
        String fn = inCdc(names.trigger(id, "kfn"));
        String keys = layout.table().primaryKey().stream().map(k -> q(layout.cdcColumn(k))).collect(Collectors.joining(", "));
        String head = "INSERT INTO " + cdcTable + " (" + q(DATA_ID) + ", " + q(TRIGGER_ID) + ", " + q(TRANSACTION_ID) + ", " + q(CREATE_TIME)
                + ", " + q(OPERATION) + ", " + keys + ") SELECT " + nextDataId + ", " + GAP_CAPTURE_VERSION + ", " + transaction + ", " + now + ", "
                + OP_RESYNC + ", ";
        String body = "BEGIN\n"
                + "  IF TG_OP IN ('UPDATE', 'DELETE') THEN " + head + columns("o", layout) + " FROM hanacdc_old o; END IF;\n"
                + "  IF TG_OP IN ('UPDATE', 'INSERT') THEN " + head + columns("n", layout) + " FROM hanacdc_new n; END IF;\n"
                + "  RETURN NULL;\nEND";
        List<String> kinds = List.of("ins", "upd", "del");
        String onDdl = "ALTER TABLE " + src + " " + captureTriggers.stream().map(t -> "DISABLE TRIGGER " + q(t)).collect(Collectors.joining(", "))
                + ", " + kinds.stream().map(k -> "ENABLE TRIGGER " + q(names.trigger(id, "k" + k))).collect(Collectors.joining(", "));
        return List.of(
                "CREATE FUNCTION " + fn + "() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS "
                        + PostgresCaptureSql.dollarQuote(body),
                "CREATE TRIGGER " + q(names.trigger(id, "kins")) + " AFTER INSERT ON " + src
                        + " REFERENCING NEW TABLE AS hanacdc_new FOR EACH STATEMENT EXECUTE FUNCTION " + fn + "()",
                "CREATE TRIGGER " + q(names.trigger(id, "kupd")) + " AFTER UPDATE ON " + src
                        + " REFERENCING OLD TABLE AS hanacdc_old NEW TABLE AS hanacdc_new FOR EACH STATEMENT EXECUTE FUNCTION " + fn + "()",
                "CREATE TRIGGER " + q(names.trigger(id, "kdel")) + " AFTER DELETE ON " + src
                        + " REFERENCING OLD TABLE AS hanacdc_old FOR EACH STATEMENT EXECUTE FUNCTION " + fn + "()",
                "ALTER TABLE " + src + " " + kinds.stream().map(k -> "DISABLE TRIGGER " + q(names.trigger(id, "k" + k)))
                        .collect(Collectors.joining(", ")),
                "DELETE FROM " + inCdc(CUTS) + where(id),
                "INSERT INTO " + inCdc(CUTS) + " (source_schema, source_table, on_ddl, captured_columns, captured_key) VALUES ("
                        + Identifiers.literal(id.schema()) + ", " + Identifiers.literal(id.name()) + ", " + Identifiers.literal(onDdl) + ", "
                        + textArray(capturedColumns(layout)) + ", " + textArray(layout.table().primaryKey()) + ")");
    }

    /** The columns of the layout as {@link #COLUMNS_NOW} reads them: name and type (as format_type prints it) of each, in order. */
    private static List<String> capturedColumns(CaptureLayout layout) {
        return layout.table().columns().stream().flatMap(c -> Stream.of(c.name(), c.sourceType())).toList();
    }

    private static String textArray(List<String> values) {
        return "ARRAY[" + values.stream().map(Identifiers::literal).collect(Collectors.joining(", ")) + "]::text[]";
    }

    private static String columns(String alias, CaptureLayout layout) {
        return layout.table().primaryKey().stream().map(k -> alias + "." + q(k)).collect(Collectors.joining(", "));
    }

    List<String> uninstallFallback(TableId id) {
        return List.of("DROP FUNCTION IF EXISTS " + inCdc(names.trigger(id, "kfn")) + "() CASCADE", "DELETE FROM " + inCdc(CUTS) + where(id));
    }

    private static String where(TableId id) {
        return " WHERE source_schema = " + Identifiers.literal(id.schema()) + " AND source_table = " + Identifiers.literal(id.name());
    }

    /** The cut of every table an ALTER TABLE switched to the fallback triggers since capture last moved. */
    String cutsQuery() {
        return "SELECT source_schema, source_table, cut FROM " + inCdc(CUTS) + " WHERE cut IS NOT NULL";
    }
}
