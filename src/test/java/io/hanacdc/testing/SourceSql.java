package io.hanacdc.testing;

import java.util.List;

/**
 * How one source dialect spells what the suites do on it. Tables come qualified and quoted
 * ({@link FreshSource#table}), columns by their plain names; column definitions use portable types
 * (INTEGER, BIGINT, VARCHAR(n), DECIMAL(p,s), TIMESTAMP).
 */
interface SourceSql {
    /** A source of one test's own, its tables to go into {@code schema}, or into a schema the dialect names when null. */
    FreshSource fresh(SourceFixture fixture, String hint, String schema) throws Exception;

    /** Removes what {@link #fresh} made where the source outlives the run (a shared server). */
    void drop(FreshSource source) throws Exception;

    String createTable(String table, String columns);

    /** A primary key clause whose uniqueness is checked at the end of a statement, so one UPDATE can shift keys onto each other. */
    String shiftableKey(String columns);

    /** ALTER TABLE adding one column ("name" TYPE [DEFAULT …] [NOT NULL]). */
    String addColumn(String table, String column);

    String dropColumn(String table, String column);

    /** ALTER TABLE giving a column another type. */
    String alterType(String table, String column, String type);

    /** Statements renaming a column, run in one session; the table by schema and name, as HANA's statement takes no schema. */
    String[] renameColumn(String schema, String table, String from, String to);

    /** A column definition whose default is an expression, not a constant: the target cannot take it over, rows need their values. */
    String expressionDefault(String column);

    /** A FROM clause of one row, for SELECT … WHERE NOT EXISTS (…) inserts. */
    String dummy();

    /** A FROM item of the integers from..to in a column named "g". */
    String series(long from, long to);

    /** Inserts a row, or updates the row with its key (the first column) to these values. */
    String upsert(String table, List<String> columns, List<String> values);

    /** Statements, run in one session, that remove every row of the table without firing its capture triggers. */
    String[] emptyPastTriggers(String table);

    /** Statements after which schema changes are followed by the schema check alone (no DDL capture) of a CDC schema. */
    String[] schemaCheckAlone(String cdcSchema);

    /** Statements that bring the optimizer's view of a table up to date after a bulk insert. */
    String[] analyze(String table);

    /** The catalog query counting the triggers on a schema's tables. */
    String triggersOn(String schema);

    /** The catalog query counting the enabled triggers on a schema's tables. */
    String enabledTriggersOn(String schema);

    static String quote(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    static String literal(String text) {
        return "'" + text.replace("'", "''") + "'";
    }
}
