package io.hanacdc.source.postgres;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.TableId;
import io.hanacdc.schema.ValuesKept;
import io.hanacdc.source.AbstractSourceDialect;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.CapturedType;
import io.hanacdc.source.JdbcValues;
import io.hanacdc.source.HighAndOpen;
import io.hanacdc.source.OpenTransactions;
import io.hanacdc.source.OtherWrite;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialectProvider;
import io.hanacdc.source.SourceTransaction;
import io.hanacdc.source.SqlWork;
import io.hanacdc.sql.ChecksumSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.postgresql.PGStatement;

/**
 * PostgreSQL source. The watermark is read in one autocommit statement, H and the snapshot: every row
 * with id ≤ H belongs to a transaction whose xid was assigned before H was read (the row write precedes
 * its AFTER trigger's nextval), and the snapshot, taken before or after that read, shows it either
 * committed or not visible. "Not visible" is the xip list <em>and</em> every xid ≥ the snapshot's xmax:
 * xmax is latestCompletedXid + 1, so a running transaction with a newer xid, or one that gets its xid
 * later, is invisible without being listed. Rows not in A with id ≤ H are committed for good, so the
 * batch may be read by any later statement.
 */
public final class PostgresDialect extends AbstractSourceDialect {

    /** One row per column of the polled tables; attnum survives a rename, the table oid a drop and re-create does not. */
    private static final String STAMPS = """
            SELECT n.nspname, c.relname, c.oid::bigint, a.attnum, a.attname,
                   format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
                   || coalesce(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
                   || CASE WHEN %s THEN ' KEY' || array_position(i.indkey::int2[], a.attnum) ELSE '' END
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            LEFT JOIN pg_index i ON i.indexrelid = %s
            WHERE c.relkind IN ('r', 'p') AND %%s
            ORDER BY 1, 2, a.attnum""".formatted(PostgresKeys.keyColumn("i", "a.attnum"), PostgresKeys.keyIndex("c.oid"));
    private static final String TABLES = """
            SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = ? AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1""";
    private static final String ESTIMATE = """
            SELECT greatest(c.reltuples, 0)::bigint FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = ? AND c.relname = ?""";
    private static final String TRIGGERS = """
            SELECT n.nspname, c.relname, t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND %s""";
    /** A's select list and FROM clause: the snapshot's xmax and its listed transactions. */
    private static final String OPEN_TRANSACTIONS = "pg_snapshot_xmax(s)::text::bigint,"
            + " (SELECT string_agg(x::text, ',') FROM pg_snapshot_xip(s) x) FROM pg_current_snapshot() s";

    /** Found by SourceDialects: the URLs of pgjdbc. */
    public static final class Provider implements SourceDialectProvider {
        @Override
        public String urlPrefix() {
            return "jdbc:postgresql:";
        }

        @Override
        public String urlForm() {
            return "jdbc:postgresql://host:port/database";
        }

        @Override
        public String defaultCdcSchema() {
            return "hanacdc";
        }

        /** TRUNCATE is captured (operation 6), and COUNT(*) reads the whole table. */
        @Override
        public int defaultVanishCheckSeconds() {
            return 0;
        }

        @Override
        public SourceDialect create(CaptureOptions options) {
            return new PostgresDialect(options);
        }
    }

    /** Capture errors always fail the write on PostgreSQL: the trigger function runs in the writer's transaction. */
    public PostgresDialect(CaptureOptions options) {
        super(options, new Catalog(TABLES, ESTIMATE, SCHEMA_ROWS, SEQUENCE, TRIGGERS, STAMPS, "n.nspname", "c.relname"));
    }

    @Override
    public String name() {
        return "postgresql";
    }

    /**
     * Bounds pgjdbc's per-connection cache of server-prepared statements ({@link #bulkQuery} prepares
     * every batch's text on the server): at its default of 256 a source connection held 8.4 MB of
     * plans in its PostgreSQL backend; 16 keep the statements used over and over and about 0.5 MB.
     * A value in the URL wins over this default.
     */
    @Override
    public Map<String, String> driverProperties() {
        return Map.of("preparedStatementCacheQueries", "16");
    }

    /**
     * Asks for binary rows: pgjdbc sends text unless a statement is prepared on the server, and
     * decoding text numbers and timestamps was the largest part of reading a batch.
     */
    @Override
    public PreparedStatement bulkQuery(Connection c, String sql) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        ps.unwrap(PGStatement.class).setPrepareThreshold(-1); // -1: prepare at once and force binary transfer
        return ps;
    }

    /** UTC for timestamptz; ISO 8601 intervals, which read the same whatever the writers' sessions print. */
    @Override
    public Optional<String> connectionInitSql() {
        return Optional.of("SET TIME ZONE 'UTC'; SET IntervalStyle = 'iso_8601'");
    }

    @Override
    public String limit(long rows) {
        return " LIMIT " + rows;
    }

    @Override
    public String forUpdate() {
        return " FOR UPDATE";
    }

    @Override
    public String utcNow() {
        return "(clock_timestamp() AT TIME ZONE 'UTC')";
    }

    @Override
    public int maxIdentifierBytes() {
        return 63;
    }

    /** Read by PostgresTableCatalog, as many tables are; a key column must be of a type the target can find its row by again. */
    @Override
    public Map<TableId, SourceDialect.Description> describeAll(Connection c, List<TableId> ids) throws SQLException {
        return PostgresTableCatalog.describe(c, ids);
    }

    /** Attnum is kept by RENAME COLUMN. */
    @Override
    public boolean columnIdsSurviveRenames() {
        return true;
    }

    @Override
    public Map<TableId, Long> ddlCuts(Connection c, CaptureNames names) throws SQLException {
        Map<TableId, Long> out = new HashMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(new PostgresDdlCut(names).cutsQuery())) {
            while (rs.next()) {
                out.put(new TableId(rs.getString(1), rs.getString(2)), rs.getLong(3));
            }
        }
        return out;
    }

    @Override
    public CaptureSql captureSql(CaptureNames names) {
        return new PostgresCaptureSql(names, captureOptions().rowTriggers());
    }

    @Override
    public String highWaterMark(CaptureNames names) {
        return "CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM " + qualified(names.cdcSchema(), names.sequence());
    }

    @Override
    public OpenTransactions readOpenTransactions(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT " + OPEN_TRANSACTIONS)) {
            rs.next();
            return openTransactions(rs, 1);
        }
    }

    /**
     * H and the snapshot in one statement, half the tick's statements: the snapshot is open from its xmax on, so it
     * keeps the invariant whether the server takes it before the sequence is read (it does: the statement's own) or after.
     */
    @Override
    public HighAndOpen readWatermark(Connection c, CaptureNames names) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT (SELECT " + highWaterMark(names) + "), " + OPEN_TRANSACTIONS)) {
            rs.next();
            return new HighAndOpen(rs.getLong(1), openTransactions(rs, 2));
        }
    }

    private static OpenTransactions openTransactions(ResultSet rs, int column) throws SQLException {
        long xmax = rs.getLong(column);
        String xip = rs.getString(column + 1);
        return new OpenTransactions(xip == null ? new long[0] : Arrays.stream(xip.split(",")).mapToLong(Long::parseLong).toArray(), xmax);
    }

    /** Values stored out of line (TOAST) beyond about 2 kB, and types the transition tables copy as they are. */
    @Override
    public List<CapturedType> capturedTypes() {
        return List.of(new CapturedType("B", "bytea", "decode(repeat('00ff7f80', 2000), 'hex')", false),
                new CapturedType("C", "text", "repeat('äb€', 3000)", false),
                new CapturedType("F", "boolean", "TRUE", false),
                new CapturedType("J", "jsonb", "'{\"a\": [1, 2.5]}'", false));
    }

    /** USAGE to reach the table in the CDC schema; it gives no right on the CDC tables or the sequence. */
    @Override
    public List<String> writeGrants(String table, String cdcSchema, String grantee) {
        return List.of("GRANT USAGE ON SCHEMA " + quote(cdcSchema) + " TO " + grantee, "GRANT INSERT, UPDATE, DELETE ON " + table + " TO " + grantee);
    }

    /** INSERT … ON CONFLICT fires the INSERT or the UPDATE triggers; MERGE (PostgreSQL 15 and later) the triggers of what it does. */
    @Override
    public List<OtherWrite> otherWrites() {
        String upsert = "INSERT INTO %1$s (\"k\", \"v\") VALUES (%2$d, %3$d) ON CONFLICT (\"k\") DO UPDATE SET \"v\" = excluded.\"v\"";
        String merge = "MERGE INTO %1$s AS t USING (SELECT %2$d AS k, %3$s::integer AS v) AS s ON t.\"k\" = s.k";
        return List.of(
                new OtherWrite("INSERT … ON CONFLICT inserting", String.format(upsert, "%1$s", 1, 10), 1, 10, false),
                new OtherWrite("INSERT … ON CONFLICT updating", String.format(upsert, "%1$s", 1, 11), 1, 11, false),
                new OtherWrite("MERGE inserting", String.format(merge, "%1$s", 3, "30") + " WHEN NOT MATCHED THEN INSERT VALUES (s.k, s.v)",
                        3, 30, true),
                new OtherWrite("MERGE updating", String.format(merge, "%1$s", 3, "31") + " WHEN MATCHED THEN UPDATE SET \"v\" = s.v",
                        3, 31, true),
                new OtherWrite("MERGE deleting", String.format(merge, "%1$s", 3, "NULL") + " WHEN MATCHED THEN DELETE", 3, null, true));
    }

    /** Statistics gathered now (ANALYZE samples the table, whatever its size), then read. */
    @Override
    public long currentRows(Connection c, TableId id) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("ANALYZE " + qualified(id.schema(), id.name()));
        }
        return estimateRows(c, id);
    }

    /** reltuples: as of the last ANALYZE or autovacuum, -1 before the first. */
    static final String SCHEMA_ROWS = "SELECT c.relname, GREATEST(c.reltuples, 0)::bigint FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n"
            + " ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind IN ('r', 'p')";

    static final String SEQUENCE = "SELECT increment_by, cache_size, cycle FROM pg_catalog.pg_sequences WHERE schemaname = ? AND sequencename = ?";

    @Override
    public Optional<ChecksumSql> checksumSql(ValuesKept target) {
        return Optional.of(new PostgresChecksumSql(target));
    }

    /** CACHE 1: last_value bounds every id handed out only when no session caches ids (PostgresCaptureSql). */
    @Override
    protected Optional<String> sequenceDeparture(ResultSet settings, String sequence) throws SQLException {
        long increment = settings.getLong(1);
        long cache = settings.getLong(2);
        boolean cycles = settings.getBoolean(3);
        if (increment == 1 && cache == 1 && !cycles) {
            return Optional.empty();
        }
        return Optional.of("INCREMENT BY " + increment + ", CACHE " + cache + (cycles ? ", CYCLE" : ", NO CYCLE")
                + " instead of INCREMENT BY 1, CACHE 1, NO CYCLE (restore: ALTER SEQUENCE " + sequence + " INCREMENT BY 1 CACHE 1 NO CYCLE)");
    }

    /** lock_not_available, also what a lock timeout raises. */
    @Override
    public boolean isLockBusy(SQLException e) {
        return "55P03".equals(e.getSQLState());
    }

    /** lock_timeout for the LOCK alone, the transaction's given back after it (a failed try's SET LOCAL goes with its savepoint). */
    @Override
    public String lockAsking(String lockStatement, Duration wait, Duration lockTimeout) {
        return wait.isZero() ? lockStatement + " NOWAIT" : "SET LOCAL lock_timeout = '" + wait.toMillis() + "ms'; " + lockStatement
                + "; SET LOCAL lock_timeout = '" + lockTimeout.toMillis() + "ms'";
    }

    @Override
    public boolean isLockTimeout(SQLException e) {
        return "55P03".equals(e.getSQLState());
    }

    @Override
    public boolean isMissingPrivilege(SQLException e) {
        return "42501".equals(e.getSQLState());
    }

    /** SET LOCAL lasts until the transaction ends: nothing to set back. */
    @Override
    public <T> T inTransaction(Connection c, Duration lockTimeout, SqlWork<T> work) throws SQLException {
        return SourceTransaction.run(c, s -> s.execute("SET LOCAL lock_timeout = '" + lockTimeout.toMillis() + "ms'"), s -> {}, work);
    }

    @Override
    public String keyAfterPredicate(List<SourceColumn> keyColumns) {
        // A row-value comparison is index-friendly on PostgreSQL.
        return "(" + String.join(", ", keyColumns.stream().map(k -> quote(k.name())).toList()) + ") > ("
                + String.join(", ", keyColumns.stream().map(this::parameter).toList()) + ")";
    }

    @Override
    public String selectExpression(SourceColumn column) {
        return PostgresTypes.select(quote(column.name()), column);
    }

    @Override
    public String parameter(SourceColumn column) {
        return PostgresTypes.parameter(column);
    }

    /** A uuid is read as text; bound as text it would compare as varchar, which PostgreSQL has no operator for. */
    @Override
    public Object bindValue(Object value, ColumnType type) {
        if (type.kind() == ColumnType.Kind.TIME && JdbcValues.END_OF_DAY.equals(value)) {
            return LocalTime.MAX; // the driver writes it as 24:00:00
        }
        return type.kind() == ColumnType.Kind.UUID && value instanceof String s ? UUID.fromString(s) : value;
    }

    @Override
    public int[] keyAfterParameterOrder(int keyCount) {
        int[] order = new int[keyCount];
        for (int i = 0; i < keyCount; i++) {
            order[i] = i;
        }
        return order;
    }
}
