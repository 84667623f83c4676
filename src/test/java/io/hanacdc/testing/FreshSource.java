package io.hanacdc.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.TableId;
import io.hanacdc.schema.TablePattern;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * A source of one test's own ({@link SourceFixture#fresh}): where it is, the schema its tables go
 * into, and its dialect's statements on them, for tables named plainly ("items"). Closing it drops
 * it where the server outlives the run.
 */
public final class FreshSource implements AutoCloseable {
    /** The integer column of {@link #insertSeries}, and that integer as text. */
    public static final String G = "\"g\"";
    public static final String G_TEXT = "CAST(\"g\" AS VARCHAR(20))";

    private final SourceFixture fixture;
    private final String hint;
    private final String url;
    private final String taskUrl;
    private final String schema;
    private final String cdcSchema;

    FreshSource(SourceFixture fixture, String hint, String url, String taskUrl, String schema, String cdcSchema) {
        this.fixture = fixture;
        this.hint = hint;
        this.url = url;
        this.taskUrl = taskUrl;
        this.schema = schema;
        this.cdcSchema = cdcSchema;
    }

    /** A pipeline from this source into a fresh database on the target, held to the fixture's capture settings. */
    public Pipeline pipeline(TargetFixture target) throws Exception {
        return pipeline(hint, target);
    }

    /** Another task's pipeline from this source, into a target database of its own. */
    public Pipeline pipeline(String name, TargetFixture target) throws Exception {
        return fixture.capture(new Pipeline(taskUrl, name, target)).set("hanacdc.cdc-schema", cdcSchema);
    }

    /** JDBC URL of the user who owns the tables and writes them. */
    public String url() {
        return url;
    }

    /** JDBC URL the task connects with: a user that does not own the tables where the fixture has one. */
    public String taskUrl() {
        return taskUrl;
    }

    public String schema() {
        return schema;
    }

    public String cdcSchema() {
        return cdcSchema;
    }

    /** The table, qualified and quoted. */
    public String table(String name) {
        return SourceSql.quote(schema) + "." + SourceSql.quote(name);
    }

    /** The table as hanacdc.tables lists it; "*" for every table of the schema. */
    public String entry(String name) {
        return TablePattern.spell(new TableId(schema, name));
    }

    /** The table's CDC table, qualified and quoted, as capture names it (read it as the task's user). */
    public String cdcTable(String name) {
        SourceDialect dialect = SourceDialects.forUrl(taskUrl, CaptureOptions.DEFAULT);
        return dialect.qualified(cdcSchema, new CaptureNames(cdcSchema, dialect).cdcTable(new TableId(schema, name)));
    }

    /** Runs statements as the owner of the tables. */
    public void exec(String... sql) throws SQLException {
        Pipeline.exec(url, sql);
    }

    public long count(String sql) throws SQLException {
        return Pipeline.count(url, sql);
    }

    public String createTable(String table, String columns) {
        return sql().createTable(table(table), columns);
    }

    public String shiftableKey(String columns) {
        return sql().shiftableKey(columns);
    }

    public String addColumn(String table, String column) {
        return sql().addColumn(table(table), column);
    }

    public String dropColumn(String table, String column) {
        return sql().dropColumn(table(table), column);
    }

    public String alterType(String table, String column, String type) {
        return sql().alterType(table(table), column, type);
    }

    /** Statements renaming a column, run in one session. */
    public String[] renameColumn(String table, String from, String to) {
        return sql().renameColumn(schema, table, from, to);
    }

    public String expressionDefault(String column) {
        return sql().expressionDefault(column);
    }

    /** INSERT INTO the table SELECT the values FROM the integers from..to, each {@link #G}. */
    public String insertSeries(String table, long from, long to, String values) {
        return "INSERT INTO " + table(table) + " SELECT " + values + " FROM " + sql().series(from, to);
    }

    /** A FROM clause of one row. */
    public String dummy() {
        return sql().dummy();
    }

    /** Inserts a row, or updates the row with its key (the first column) to these values. */
    public String upsert(String table, List<String> columns, List<String> values) {
        return sql().upsert(table(table), columns, values);
    }

    public String[] emptyPastTriggers(String table) {
        return sql().emptyPastTriggers(table(table));
    }

    /** Statements after which schema changes are followed by the schema check alone (no DDL capture). */
    public String[] schemaCheckAlone() {
        return sql().schemaCheckAlone(cdcSchema);
    }

    public String[] analyze(String table) {
        return sql().analyze(table(table));
    }

    /** Capture triggers on the tables of a schema. */
    public long triggersOn(String schema) throws SQLException {
        return count(sql().triggersOn(schema));
    }

    /** Enabled capture triggers on the tables of a schema. */
    public long enabledTriggersOn(String schema) throws SQLException {
        return count(sql().enabledTriggersOn(schema));
    }

    public boolean cdcSchemaExists() throws SQLException {
        try (Connection c = TestDatabases.connect(taskUrl)) {
            return CaptureInstaller.schemaExists(c, cdcSchema);
        }
    }

    /** No CDC schema and no trigger on the source. */
    public void assertNothingInstalled() throws SQLException {
        assertFalse(cdcSchemaExists(), "CDC schema created");
        assertEquals(0, triggersOn(schema), "triggers created");
    }

    SourceSql sql() {
        return fixture.sql();
    }

    @Override
    public void close() throws Exception {
        sql().drop(this);
    }
}
