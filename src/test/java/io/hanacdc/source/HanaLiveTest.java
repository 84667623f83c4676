package io.hanacdc.source;

import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.SourceFixture;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;

/**
 * The source contract against a real SAP HANA: runs when HANACDC_TEST_HANA_URL is set (with
 * HANACDC_TEST_HANA_USER / HANACDC_TEST_HANA_PASSWORD; the user needs the grants of
 * sql/hana-privileges.sql plus CREATE SCHEMA), and is reported as skipped otherwise. With
 * HANACDC_TEST_HANA_OWNER_USER / _PASSWORD set, that user creates and writes the tables and grants
 * the task's user only SELECT and TRIGGER on each test schema, so the suite proves least privilege.
 */
class HanaLiveTest extends SourceBehaviourSuite {
    private static final String URL = System.getenv("HANACDC_TEST_HANA_URL");

    @BeforeEach
    void requireHana() {
        Assumptions.assumeTrue(URL != null && !URL.isBlank(),
                "HANACDC_TEST_HANA_URL is not set: the live SAP HANA suite is skipped (see README 'Running against SAP HANA')");
    }

    private static String urlWithCredentials(String userVariable) {
        String user = System.getenv().getOrDefault(userVariable + "_USER", "");
        String password = System.getenv().getOrDefault(userVariable + "_PASSWORD", "");
        String sep = URL.contains("?") ? "&" : (URL.endsWith("/") ? "?" : "/?");
        return user.isEmpty() ? URL : URL + sep + "user=" + user + "&password=" + password;
    }

    @Override
    protected SourceFixture fixture() {
        String taskUrl = urlWithCredentials("HANACDC_TEST_HANA");
        String taskUser = System.getenv().getOrDefault("HANACDC_TEST_HANA_USER", "");
        boolean separateOwner = !System.getenv().getOrDefault("HANACDC_TEST_HANA_OWNER_USER", "").isEmpty();
        String url = separateOwner ? urlWithCredentials("HANACDC_TEST_HANA_OWNER") : taskUrl;
        return new SourceFixture() {
            @Override
            public String url() {
                return url;
            }

            @Override
            public String taskUrl() {
                return taskUrl;
            }

            @Override
            public String freshSchema(String hint) throws Exception {
                String schema = "HANACDC_TEST_" + hint.toUpperCase() + "_" + Long.toString(System.currentTimeMillis() % 100_000_000, 36).toUpperCase();
                Pipeline.exec(url, "CREATE SCHEMA \"" + schema + "\"");
                if (separateOwner) { // what sql/hana-privileges.sql grants on a subscribed schema, nothing more
                    Pipeline.exec(url, "GRANT SELECT, TRIGGER ON SCHEMA \"" + schema + "\" TO " + taskUser);
                }
                return schema;
            }

            @Override
            public String createTable(String schema, String table, String columns) {
                return "CREATE COLUMN TABLE \"" + schema + "\".\"" + table + "\" (" + columns.replace("VARCHAR(", "NVARCHAR(") + ")";
            }

            @Override
            public String shiftableKey(String columns) {
                return "PRIMARY KEY (" + columns + ")";
            }

            @Override
            public String addColumn(String schema, String table, String column) {
                return "ALTER TABLE \"" + schema + "\".\"" + table + "\" ADD (" + column.replace("VARCHAR(", "NVARCHAR(") + ")";
            }

            @Override
            public String dropColumn(String schema, String table, String column) {
                return "ALTER TABLE \"" + schema + "\".\"" + table + "\" DROP (\"" + column + "\")";
            }

            /** TRUNCATE TABLE fires no DELETE trigger (create-trigger-statement-data-definition-20d5a65.md lists INSERT, UPDATE, DELETE). */
            @Override
            public String[] emptyPastTriggers(String schema, String table) {
                return new String[] {"TRUNCATE TABLE \"" + schema + "\".\"" + table + "\""};
            }

            @Override
            public String dropSchema(String schema) {
                return "DO BEGIN DECLARE N INTEGER; SELECT COUNT(*) INTO N FROM SYS.SCHEMAS WHERE SCHEMA_NAME = '" + schema
                        + "'; IF :N > 0 THEN EXEC 'DROP SCHEMA \"" + schema + "\" CASCADE'; END IF; END";
            }
        };
    }

    @Override
    protected String triggersOn(String schema) {
        return "SELECT COUNT(*) FROM SYS.TRIGGERS WHERE SUBJECT_TABLE_SCHEMA = '" + schema + "'";
    }
}
