package io.hanacdc.source;

import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.SourceFixture;
import io.hanacdc.testing.TestDatabases;

/** The source contract on PostgreSQL (always runs). */
class PostgresBehaviourTest extends SourceBehaviourSuite {
    private static String url;

    @Override
    protected SourceFixture fixture() throws Exception {
        if (url == null) {
            url = TestDatabases.freshPostgres("contract");
        }
        return new SourceFixture() {
            @Override
            public String url() {
                return url;
            }

            @Override
            public String freshSchema(String hint) throws Exception {
                String schema = "S_" + hint.toUpperCase();
                Pipeline.exec(url, "CREATE SCHEMA \"" + schema + "\"");
                return schema;
            }

            @Override
            public String createTable(String schema, String table, String columns) {
                return "CREATE TABLE \"" + schema + "\".\"" + table + "\" (" + columns + ")";
            }

            @Override
            public String shiftableKey(String columns) {
                return "PRIMARY KEY (" + columns + ") DEFERRABLE INITIALLY IMMEDIATE"; // checked per row otherwise
            }

            @Override
            public String addColumn(String schema, String table, String column) {
                return "ALTER TABLE \"" + schema + "\".\"" + table + "\" ADD COLUMN " + column;
            }

            @Override
            public String dropColumn(String schema, String table, String column) {
                return "ALTER TABLE \"" + schema + "\".\"" + table + "\" DROP COLUMN \"" + column + "\"";
            }

            @Override
            public String[] emptyPastTriggers(String schema, String table) {
                return new String[] {"SET session_replication_role = replica", "TRUNCATE \"" + schema + "\".\"" + table + "\""};
            }

            @Override
            public String dropSchema(String schema) {
                return "DROP SCHEMA IF EXISTS \"" + schema + "\" CASCADE";
            }
        };
    }

    @Override
    protected String triggersOn(String schema) {
        return "SELECT COUNT(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE NOT t.tgisinternal AND n.nspname = '" + schema + "'";
    }
}
