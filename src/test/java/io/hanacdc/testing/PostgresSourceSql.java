package io.hanacdc.testing;

import static io.hanacdc.testing.SourceSql.literal;
import static io.hanacdc.testing.SourceSql.quote;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/** PostgreSQL's spelling; each test's source is a new database on its fixture's server (TestDatabases), its tables in public. */
final class PostgresSourceSql implements SourceSql {
    private final Callable<String> server;

    PostgresSourceSql(Callable<String> server) {
        this.server = server;
    }

    @Override
    public FreshSource fresh(SourceFixture fixture, String hint, String schema) throws Exception {
        String url = TestDatabases.freshPostgres(hint, server.call());
        if (schema != null) {
            Pipeline.exec(url, "CREATE SCHEMA " + quote(schema));
        }
        return new FreshSource(fixture, hint, url, url, schema == null ? "public" : schema, "hanacdc");
    }

    @Override
    public void drop(FreshSource source) {
        // a database of its own, left on the test server like every test's
    }

    @Override
    public String createTable(String table, String columns) {
        return "CREATE TABLE " + table + " (" + columns + ")";
    }

    @Override
    public String shiftableKey(String columns) {
        return "PRIMARY KEY (" + columns + ") DEFERRABLE INITIALLY IMMEDIATE"; // checked per row otherwise
    }

    @Override
    public String addColumn(String table, String column) {
        return "ALTER TABLE " + table + " ADD COLUMN " + column;
    }

    @Override
    public String dropColumn(String table, String column) {
        return "ALTER TABLE " + table + " DROP COLUMN " + quote(column);
    }

    @Override
    public String alterType(String table, String column, String type) {
        return "ALTER TABLE " + table + " ALTER COLUMN " + quote(column) + " TYPE " + type;
    }

    @Override
    public String[] renameColumn(String schema, String table, String from, String to) {
        return new String[] {"ALTER TABLE " + quote(schema) + "." + quote(table) + " RENAME COLUMN " + quote(from) + " TO " + quote(to)};
    }

    @Override
    public String expressionDefault(String column) {
        return quote(column) + " BIGINT DEFAULT (random() * 1000)::bigint";
    }

    @Override
    public String dummy() {
        return "(VALUES (1)) AS \"d\"(\"x\")";
    }

    @Override
    public String series(long from, long to) {
        return "generate_series(" + from + ", " + to + ") AS \"s\"(\"g\")";
    }

    @Override
    public String upsert(String table, List<String> columns, List<String> values) {
        return "INSERT INTO " + table + " (" + columns.stream().map(SourceSql::quote).collect(Collectors.joining(", ")) + ") VALUES ("
                + String.join(", ", values) + ") ON CONFLICT (" + quote(columns.get(0)) + ") DO UPDATE SET "
                + columns.stream().skip(1).map(c -> quote(c) + " = excluded." + quote(c)).collect(Collectors.joining(", "));
    }

    @Override
    public String[] emptyPastTriggers(String table) {
        return new String[] {"SET session_replication_role = replica", "TRUNCATE " + table};
    }

    /** Without the event trigger only the schema check's poll sees a change, as for a task user who is no superuser. */
    @Override
    public String[] schemaCheckAlone(String cdcSchema) {
        return new String[] {"DROP EVENT TRIGGER " + quote(cdcSchema + "$ddl")};
    }

    @Override
    public String[] analyze(String table) {
        return new String[] {"ANALYZE " + table};
    }

    @Override
    public String triggersOn(String schema) {
        return "SELECT COUNT(*) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE NOT t.tgisinternal AND n.nspname = " + literal(schema);
    }

    @Override
    public String enabledTriggersOn(String schema) {
        return triggersOn(schema) + " AND t.tgenabled <> 'D'";
    }
}
