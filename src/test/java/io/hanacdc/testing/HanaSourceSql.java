package io.hanacdc.testing;

import static io.hanacdc.testing.SourceSql.literal;
import static io.hanacdc.testing.SourceSql.quote;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

/**
 * SAP HANA's spelling, and the live HANA the environment names: HANACDC_TEST_HANA_URL with
 * HANACDC_TEST_HANA_USER / _PASSWORD, the task's user (the grants of sql/hana-privileges.sql plus
 * CREATE SCHEMA). With HANACDC_TEST_HANA_OWNER_USER / _PASSWORD set, that user creates and writes the
 * tables and grants the task's user only SELECT and TRIGGER on each test schema, so the suites prove
 * least privilege. Each test's source is a schema of its own, dropped after it with its CDC schema.
 * Statements follow SAP's HANA Cloud SQL reference (SAP-docs/sap-hana-cloud-hana-database).
 */
final class HanaSourceSql implements SourceSql {
    static final String URL = System.getenv("HANACDC_TEST_HANA_URL");
    private static final AtomicInteger SEQ = new AtomicInteger();
    private static final String RUN = Long.toString(System.currentTimeMillis() % 100_000_000, 36).toUpperCase();

    private static String urlWithCredentials(String userVariable) {
        String user = System.getenv().getOrDefault(userVariable + "_USER", "");
        String password = System.getenv().getOrDefault(userVariable + "_PASSWORD", "");
        String sep = URL.contains("?") ? "&" : (URL.endsWith("/") ? "?" : "/?");
        return user.isEmpty() ? URL : URL + sep + "user=" + user + "&password=" + password;
    }

    @Override
    public FreshSource fresh(SourceFixture fixture, String hint, String schema) throws Exception {
        String taskUrl = urlWithCredentials("HANACDC_TEST_HANA");
        boolean separateOwner = !System.getenv().getOrDefault("HANACDC_TEST_HANA_OWNER_USER", "").isEmpty();
        String url = separateOwner ? urlWithCredentials("HANACDC_TEST_HANA_OWNER") : taskUrl;
        String unique = RUN + "_" + SEQ.incrementAndGet(); // one server for every run: names must not meet
        String name = schema == null ? "HANACDC_TEST_" + hint.toUpperCase() + "_" + unique : schema + "_" + unique;
        Pipeline.exec(url, "CREATE SCHEMA " + quote(name));
        if (separateOwner) { // what sql/hana-privileges.sql grants on a subscribed schema, nothing more
            Pipeline.exec(url, "GRANT SELECT, TRIGGER ON SCHEMA " + quote(name) + " TO " + System.getenv("HANACDC_TEST_HANA_USER"));
        }
        return new FreshSource(fixture, hint, url, taskUrl, name, name + "_CDC");
    }

    @Override
    public void drop(FreshSource source) throws Exception {
        Pipeline.exec(source.url(), dropSchema(source.schema()));
        Pipeline.exec(source.taskUrl(), dropSchema(source.cdcSchema())); // the task's user created it
    }

    /** DROP SCHEMA has no IF EXISTS (drop-schema-statement-data-definition-20d7891.md): an anonymous block asks the catalog first. */
    private static String dropSchema(String schema) {
        return "DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.SCHEMAS WHERE SCHEMA_NAME = " + literal(schema)
                + "; IF :N > 0 THEN EXEC " + literal("DROP SCHEMA " + quote(schema) + " CASCADE") + "; END IF; END";
    }

    /** Character columns are NVARCHAR: an alias in HANA Cloud (character-string-data-types-a33f788.md), a different type in HANA 2.0. */
    private static String types(String definitions) {
        return definitions.replace("VARCHAR(", "NVARCHAR(");
    }

    @Override
    public String createTable(String table, String columns) {
        return "CREATE COLUMN TABLE " + table + " (" + types(columns) + ")";
    }

    /** A plain key: HANA's uniqueness check comes after the whole statement, as the suites' key shifts show on a live HANA. */
    @Override
    public String shiftableKey(String columns) {
        return "PRIMARY KEY (" + columns + ")";
    }

    @Override
    public String addColumn(String table, String column) {
        return "ALTER TABLE " + table + " ADD (" + types(column) + ")";
    }

    @Override
    public String dropColumn(String table, String column) {
        return "ALTER TABLE " + table + " DROP (" + quote(column) + ")";
    }

    /** alter-table-statement-data-definition-20d329a.md, alter_columns_clause. */
    @Override
    public String alterType(String table, String column, String type) {
        return "ALTER TABLE " + table + " ALTER (" + quote(column) + " " + types(type) + ")";
    }

    /**
     * rename-column-statement-data-definition-20fb2b8.md: RENAME COLUMN table.old TO new, whose table name takes no schema,
     * so it runs in the table's schema (set-schema-statement-session-management-20fd550.md), as hana-cdc's alter does.
     */
    @Override
    public String[] renameColumn(String schema, String table, String from, String to) {
        return new String[] {"SET SCHEMA " + quote(schema), "RENAME COLUMN " + quote(table) + "." + quote(from) + " TO " + quote(to)};
    }

    /** A default_value_exp is a literal or one of a few functions (alter-table-statement…-20d329a.md): a time, for an expression. */
    @Override
    public String expressionDefault(String column) {
        return quote(column) + " TIMESTAMP DEFAULT CURRENT_UTCTIMESTAMP";
    }

    @Override
    public String dummy() {
        return "DUMMY";
    }

    /** series-generate-function-series-data-c810103.md: SERIES_GENERATE_INTEGER(increment, start, end), end excluded. */
    @Override
    public String series(long from, long to) {
        return "(SELECT GENERATED_PERIOD_START AS \"g\" FROM SERIES_GENERATE_INTEGER(1, " + from + ", " + (to + 1) + ")) AS \"s\"";
    }

    /** upsert-statement-data-manipulation-ea8b677.md: WITH PRIMARY KEY finds the row by the key among the values. */
    @Override
    public String upsert(String table, List<String> columns, List<String> values) {
        return "UPSERT " + table + " (" + columns.stream().map(SourceSql::quote).collect(Collectors.joining(", ")) + ") VALUES ("
                + String.join(", ", values) + ") WITH PRIMARY KEY";
    }

    /** TRUNCATE TABLE fires no DELETE trigger (create-trigger-statement-data-definition-20d5a65.md lists INSERT, UPDATE, DELETE). */
    @Override
    public String[] emptyPastTriggers(String table) {
        return new String[] {"TRUNCATE TABLE " + table};
    }

    /** HANA has no DDL triggers: the schema check is all there is. */
    @Override
    public String[] schemaCheckAlone(String cdcSchema) {
        return new String[0];
    }

    /** HANA has no ANALYZE; these tests need no statistics step on it. */
    @Override
    public String[] analyze(String table) {
        return new String[0];
    }

    @Override
    public String triggersOn(String schema) {
        return "SELECT COUNT(*) FROM SYS.TRIGGERS WHERE SUBJECT_TABLE_SCHEMA = " + literal(schema);
    }

    /** triggers-system-view-2101f6d.md: IS_ENABLED. */
    @Override
    public String enabledTriggersOn(String schema) {
        return triggersOn(schema) + " AND IS_ENABLED = 'TRUE'";
    }
}
