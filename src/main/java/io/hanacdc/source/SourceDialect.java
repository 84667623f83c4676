package io.hanacdc.source;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.schema.ValuesKept;
import io.hanacdc.sql.ChecksumSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Everything that differs between source databases: catalog, capture DDL, the two watermark reads
 * and a few SQL forms. The pipeline (install, snapshot, stream) is written once against this.
 */
public interface SourceDialect {
    /** Short name for logs: postgresql, hana. */
    String name();

    /** What to do when no JDBC driver on the class path takes this source's URL: where to get it and where to put it. */
    default String missingDriver() {
        return "add the " + name() + " JDBC driver to the class path";
    }

    /** Statement run on every new source connection (time zone etc.), or empty. */
    Optional<String> connectionInitSql();

    /** The user's JDBC URL with any driver settings the dialect relies on. */
    /** Driver settings the dialect relies on, given as connection properties: a setting in the user's URL wins. */
    default Map<String, String> driverProperties() {
        return Map.of();
    }

    default String connectionUrl(String url) {
        return url;
    }

    /** How a column is selected when reading rows (snapshot, CDC batches); a type may need converting on the way out. */
    default String selectExpression(SourceColumn column) {
        return quote(column.name());
    }

    /** SQL for the current time in UTC, as CDC rows' create time holds it. */
    String utcNow();

    /** The clause after an ORDER BY that keeps the first {@code rows} rows, with its leading space. */
    String limit(long rows);

    /** The clause that locks the rows a SELECT reads until the transaction ends, with its leading space. */
    String forUpdate();

    /** Longest identifier the source accepts, in bytes as {@link #identifierBytes} counts them. */
    int maxIdentifierBytes();

    /** The length of an identifier as the source measures it against {@link #maxIdentifierBytes}: UTF-8 bytes unless it says otherwise. */
    default int identifierBytes(String identifier) {
        return identifier.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
    }

    String quote(String identifier);

    default String qualified(String schema, String name) {
        return quote(schema) + "." + quote(name);
    }

    /** Base tables of one schema (for schema.* patterns). */
    List<TableId> listTables(Connection c, String schema) throws SQLException;

    /** The table's columns and key, or empty when no such base table exists; an unsupported column type is an error naming it. */
    default Optional<SourceTable> describe(Connection c, TableId id) throws SQLException {
        Description d = describeAll(c, List.of(id)).get(id);
        if (d != null && d.refused() != null) {
            throw d.refused();
        }
        return Optional.ofNullable(d == null ? null : d.table());
    }

    /**
     * One of many tables as {@link #describeAll} finds it: described, or refused with the reason describe would have thrown;
     * {@code keyIndex} names the unique index that is its key when it has no primary key, else null.
     */
    record Description(SourceTable table, CdcException refused, String keyIndex) {}

    /**
     * {@link #describe} for many tables at once (a task or an install of a thousand tables reads its catalog in a few
     * round trips), each refused alone; a name that is no base table is left out.
     */
    Map<TableId, Description> describeAll(Connection c, List<TableId> ids) throws SQLException;

    /** Cheap row-count estimates of every table of a schema, by name, in one read (may be inexact). */
    Map<String, Long> estimateRows(Connection c, String schema) throws SQLException;

    /** Cheap row-count estimate for progress reporting (may be inexact). */
    long estimateRows(Connection c, TableId id) throws SQLException;

    /**
     * A table's row count as of now, where {@link #estimateRows} may lag (PostgreSQL's statistics stay as they were until
     * the next ANALYZE, also after the purge emptied the table): what a decision that costs a reload must go by.
     */
    default long currentRows(Connection c, TableId id) throws SQLException {
        return estimateRows(c, id);
    }

    /**
     * How the data-id sequence's settings differ from those the watermark relies on — ids handed out one at a time,
     * in order, on every host: increment 1, no cache across hosts, no cycle — with the statement that restores them;
     * empty while they hold. Read at start and at every schema check (a Basis change to a cache, the usual cure for
     * sequence contention, would let the watermark skip rows).
     */
    Optional<String> sequenceDeparture(Connection c, String schema, String sequence) throws SQLException;

    /** Columns whose values the probe 'captured types' writes through capture and compares with the source row. */
    default List<CapturedType> capturedTypes() {
        return List.of();
    }

    /**
     * What a user who writes {@code table} (in the CDC schema) must be granted to write it, and nothing of capture's
     * objects: the probe 'writer rights' grants it on a scratch table to show whose rights the capture triggers run with.
     */
    default List<String> writeGrants(String table, String cdcSchema, String grantee) {
        return List.of("GRANT INSERT, UPDATE, DELETE ON " + table + " TO " + grantee);
    }

    /**
     * The statements besides INSERT, UPDATE and DELETE that change rows on this source, in the order the probe
     * 'other writes' runs them: each must fire the capture triggers, or the rows it changes would never reach the target.
     */
    default List<OtherWrite> otherWrites() {
        return List.of();
    }

    /**
     * The storage of a table like the ones captured, as written before TABLE in CREATE … TABLE ("" for the default):
     * what the check's scratch tables are made as, so probes run on the kind of table capture runs on.
     */
    default String tableStorage() {
        return "";
    }

    /**
     * Why {@code alter} may not run the clause on the table in one transaction with its capture change (the clause or
     * the table would not roll back whole), or empty.
     */
    default Optional<String> alterRefusal(Connection c, TableId id, String clause) throws SQLException {
        return Optional.empty();
    }

    /** The DDL statements of one capture piece, in execution order. */
    CaptureSql captureSql(CaptureNames names);

    /** How capture is installed (full or keys-only; whether capture failures are recorded). */
    CaptureOptions captureOptions();

    /** Columns a CDC row carries: the whole row, or only the key in keys-only mode. */
    default List<SourceColumn> capturedColumns(SourceTable t) {
        return captureOptions().keysOnly() ? t.keyColumns() : t.columns();
    }

    /** Whether triggers record failed captures in a per-table capture-error table the stream must read. */
    default boolean recordsCaptureErrors() {
        return false;
    }

    /**
     * Whether the connected user can read the open write transactions (A). When not, the stream
     * falls back to gap probing. The message explains what is missing.
     */
    default Optional<String> openTransactionsUnreadable(Connection c) throws SQLException {
        return Optional.empty();
    }

    /**
     * H of the watermark (io.hanacdc.watermark): a value at least every data id allocated before this call.
     * Must be read before {@link #readOpenTransactions}.
     */
    default long readHighWaterMark(Connection c, CaptureNames names) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT " + highWaterMark(names))) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * Ids that reading H takes from the capture sequence (a NEXTVAL takes one; reading the sequence's last value,
     * none). The task's tick then knows, from H alone, that nothing was captured since the last one.
     */
    default long idsTakenReadingHigh() {
        return 0;
    }

    /** H as an expression and the FROM clause it is selected from, so a script can record it as it runs. */
    String highWaterMark(CaptureNames names);

    /** A of the watermark: the write transactions open now, read after H to complete its watermark. */
    OpenTransactions readOpenTransactions(Connection c) throws SQLException;

    /**
     * H, then A: one watermark. A source whose A is open from some transaction id on (a snapshot) may read both in one
     * statement, as a snapshot taken before H keeps the invariant too (WatermarkModelTest).
     */
    default HighAndOpen readWatermark(Connection c, CaptureNames names) throws SQLException {
        long high = readHighWaterMark(c, names);
        return new HighAndOpen(high, readOpenTransactions(c));
    }

    /** How verify checksums this source's rows, if it can: empty leaves every table to the row-by-row comparison. */
    default Optional<ChecksumSql> checksumSql(ValuesKept target) {
        return Optional.empty();
    }

    /**
     * Per table, the names of its triggers that exist, are enabled and (where the source tracks it) valid, read in
     * one catalog query whatever the number of tables; a table without any is absent.
     */
    Map<TableId, Set<String>> workingTriggers(Connection c, Collection<TableId> tables) throws SQLException;

    /** The FROM clause of a SELECT that reads no table (HANA's grammar requires one), with its leading space; empty when none is needed. */
    default String fromNothing() {
        return "";
    }

    /** The working triggers of one table. */
    default Set<String> workingTriggers(Connection c, TableId table) throws SQLException {
        return workingTriggers(c, List.of(table)).getOrDefault(table, Set.of());
    }

    /** Runs the statement of {@link CaptureSql#lockSource} that locks the source table for the rest of the transaction. */
    default void lockTable(Connection tx, String lockStatement, TableId table) throws SQLException {
        try (Statement s = tx.createStatement()) {
            s.execute(lockStatement);
        }
    }

    /** Whether the exception says a lock asked for with NOWAIT, or with a wait of its own, was not granted in time. */
    boolean isLockBusy(SQLException e);

    /**
     * The {@link CaptureSql#lockSource} statement asking for the lock without waiting ({@code wait} zero: NOWAIT, as both
     * sources write it) or waiting at most about {@code wait}, in a transaction whose lock wait timeout is {@code lockTimeout}.
     */
    String lockAsking(String lockStatement, Duration wait, Duration lockTimeout);

    /** Whether the exception says a lock wait timed out (the statement was given up, nothing else is wrong). */
    boolean isLockTimeout(SQLException e);

    /** Whether the exception says the connected user lacks a privilege for the statement. */
    boolean isMissingPrivilege(SQLException e);

    /**
     * Runs the work in one transaction in which DDL does not commit on its own, so DDL and DML take
     * effect together or not at all; lock waits give up after the timeout.
     */
    <T> T inTransaction(Connection c, Duration lockTimeout, SqlWork<T> work) throws SQLException;

    /** Executes install/uninstall statements so that either all take effect or none does. */
    default void executeAtomically(Connection c, List<String> statements, Duration lockTimeout) throws SQLException {
        inTransaction(c, lockTimeout, tx -> {
            try (Statement s = tx.createStatement()) {
                for (String sql : statements) {
                    s.execute(sql);
                }
            }
            return null;
        });
    }

    /**
     * Tables an ALTER TABLE switched to fallback capture since their capture last moved, with the data id
     * of that moment (the exact cut, where the source can record it in the ALTER's transaction); empty otherwise.
     */
    default Map<TableId, Long> ddlCuts(Connection c, CaptureNames names) throws SQLException {
        return Map.of();
    }

    /**
     * Whether a column keeps its stable id ({@link TableStamp#columnIds}) when renamed, so a rename can
     * be told from a drop and an add. Where it cannot, the pair is treated as drop and add, and the added
     * column's values are copied again from the source.
     */
    boolean columnIdsSurviveRenames();

    /**
     * The schema poll: object id, shape fingerprint and column ids of the given tables, read in one
     * catalog query. A table that no longer exists is absent from the result.
     */
    Map<TableId, TableStamp> stamps(Connection c, Collection<TableId> tables) throws SQLException;

    /** A statement for one query that returns many rows (a batch of CDC rows). */
    default PreparedStatement bulkQuery(Connection c, String sql) throws SQLException {
        return c.prepareStatement(sql);
    }

    /** Reads one value of the given type from a result set column, as the Java type the target binds. */
    default Object readValue(ResultSet rs, int index, ColumnType type) throws SQLException {
        return JdbcValues.read(rs, index, type);
    }

    /** A value read by {@link #readValue} (or its target counterpart) as it must be bound to compare with its column in a query. */
    default Object bindValue(Object value, ColumnType type) {
        return value;
    }

    /** A keyset predicate: key columns strictly after the given key values (one parameter per key column, in key order). */
    default String keyAfterPredicate(List<SourceColumn> keyColumns) {
        // (k1 > ?) OR (k1 = ? AND k2 > ?) ...: portable; dialects with row-value comparison may do better
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < keyColumns.size(); i++) {
            if (i > 0) {
                sb.append(" OR ");
            }
            sb.append('(');
            for (int j = 0; j < i; j++) {
                sb.append(quote(keyColumns.get(j).name())).append(" = ").append(parameter(keyColumns.get(j))).append(" AND ");
            }
            sb.append(quote(keyColumns.get(i).name())).append(" > ").append(parameter(keyColumns.get(i))).append(')');
        }
        return sb.append(')').toString();
    }

    /** The placeholder a value of the column (as {@link #readValue} reads it) is bound to where it is compared with the column. */
    default String parameter(SourceColumn column) {
        return "?";
    }

    /** How many times each key value is bound by {@link #keyAfterPredicate}: parameter positions in order. */
    default int[] keyAfterParameterOrder(int keyCount) {
        int[] order = new int[keyCount * (keyCount + 1) / 2];
        int p = 0;
        for (int i = 0; i < keyCount; i++) {
            for (int j = 0; j <= i; j++) {
                order[p++] = j;
            }
        }
        return order;
    }
}
