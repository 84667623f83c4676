package io.hanacdc.testing;

/** What the behaviour suite needs to know about a source database: where it is and how its DDL is spelled. */
public interface SourceFixture {
    /** JDBC URL (with credentials) of the source, as the user who owns the test's tables and writes to them. */
    String url();

    /** JDBC URL the task connects with: a user that does not own the tables where the source has one configured. */
    default String taskUrl() {
        return url();
    }

    /** A schema of the test's own, created empty. */
    String freshSchema(String hint) throws Exception;

    /** CREATE TABLE in this dialect: columns given as name and portable type (INTEGER, VARCHAR(n), DECIMAL(p,s), TIMESTAMP). */
    String createTable(String schema, String table, String columns);

    /** A primary key clause whose uniqueness is checked at the end of a statement, so one UPDATE can shift keys onto each other. */
    String shiftableKey(String columns);

    /** ALTER TABLE adding one column ("NAME" TYPE, portable type). */
    String addColumn(String schema, String table, String column);

    /** ALTER TABLE dropping one column. */
    String dropColumn(String schema, String table, String column);

    /** Statements, run in one session, that remove every row of the table without firing its capture triggers. */
    String[] emptyPastTriggers(String schema, String table);

    /** Drops the schema and everything in it. */
    String dropSchema(String schema);
}
