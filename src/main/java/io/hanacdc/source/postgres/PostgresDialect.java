package io.hanacdc.source.postgres;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.AbstractSourceDialect;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureOptions;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.CatalogReads;
import io.hanacdc.source.OpenTransactions;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialectProvider;
import io.hanacdc.source.SourceTransaction;
import io.hanacdc.sql.ChecksumSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToIntFunction;
import org.postgresql.PGStatement;

/**
 * PostgreSQL source. The watermark is read as two autocommit statements, H then A, like the
 * statement-level form of DESIGN §3: every row with id ≤ H belongs to a transaction whose xid was
 * assigned before H was read (the row write precedes its AFTER trigger's nextval), so the later
 * snapshot shows it either committed or not visible. "Not visible" is the xip list <em>and</em> every
 * xid ≥ the snapshot's xmax: xmax is latestCompletedXid + 1, so a running transaction with a newer
 * xid is invisible without being listed. Rows not in A with id ≤ H are committed for good, so the
 * batch may be read by any later statement.
 */
public final class PostgresDialect extends AbstractSourceDialect {

    /**
     * The columns with every domain resolved to its base type (a domain over a domain too) with the
     * type modifier the domain gives it: the CDC table holds the base type, whose NULL no domain
     * constraint refuses (CDC rows of only the key leave the other columns NULL), and the default is
     * the column's own or else the nearest domain's.
     */
    private static final String COLUMNS = """
            WITH RECURSIVE col AS (
                SELECT a.attnum, a.attname, a.attnotnull, a.atttypid, a.atttypmod, pg_get_expr(d.adbin, d.adrelid) AS dflt
                FROM pg_attribute a
                JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                WHERE n.nspname = ? AND c.relname = ? AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
            ), base AS (
                SELECT attnum, atttypid AS typid, atttypmod AS typmod, dflt FROM col
                UNION ALL
                SELECT b.attnum, t.typbasetype, t.typtypmod, coalesce(b.dflt, pg_get_expr(t.typdefaultbin, 0))
                FROM base b JOIN pg_type t ON t.oid = b.typid WHERE t.typtype = 'd'
            )
            SELECT c.attname, t.typname, t.typtype, format_type(b.typid, b.typmod), c.attnotnull,
                   CASE WHEN t.typtype = 'e' THEN current_setting('max_identifier_length')::int
                        ELSE information_schema._pg_char_max_length(b.typid, b.typmod) END,
                   information_schema._pg_numeric_precision(b.typid, b.typmod),
                   CASE WHEN t.oid = 'money'::regtype THEN scale('0'::money::numeric)
                        ELSE coalesce(information_schema._pg_numeric_scale(b.typid, b.typmod),
                                      information_schema._pg_datetime_precision(b.typid, b.typmod)) END,
                   b.dflt
            FROM col c JOIN base b ON b.attnum = c.attnum JOIN pg_type t ON t.oid = b.typid
            WHERE t.typtype <> 'd'
            ORDER BY c.attnum""";
    private static final String PRIMARY_KEY = """
            SELECT a.attname FROM pg_index i
            JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN LATERAL unnest(i.indkey) WITH ORDINALITY k(attnum, ord) ON true
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
            WHERE i.indisprimary AND n.nspname = ? AND c.relname = ? ORDER BY k.ord""";
    /** One row per column of the polled tables; attnum survives a rename, the table oid a drop and re-create does not. */
    private static final String STAMPS = """
            SELECT n.nspname, c.relname, c.oid::bigint, a.attnum, a.attname,
                   format_type(a.atttypid, a.atttypmod) || CASE WHEN a.attnotnull THEN ' NOT NULL' ELSE '' END
                   || coalesce(' DEFAULT ' || pg_get_expr(d.adbin, d.adrelid), '')
                   || CASE WHEN a.attnum = ANY (i.indkey::int2[]) THEN ' KEY' || array_position(i.indkey::int2[], a.attnum) ELSE '' END
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
            LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary
            WHERE c.relkind IN ('r', 'p') AND %s
            ORDER BY 1, 2, a.attnum""";
    private static final String TABLES = """
            SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = ? AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1""";
    private static final String ESTIMATE = """
            SELECT greatest(c.reltuples, 0)::bigint FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = ? AND c.relname = ?""";
    private static final String TRIGGERS = """
            SELECT n.nspname, c.relname, t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT t.tgisinternal AND t.tgenabled <> 'D' AND %s""";
    private static final String OPEN_TRANSACTIONS = "SELECT pg_snapshot_xmax(s)::text::bigint,"
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
        public SourceDialect create(CaptureOptions options) {
            return new PostgresDialect(options);
        }
    }

    /** Capture errors always fail the write on PostgreSQL: the trigger function runs in the writer's transaction. */
    public PostgresDialect(CaptureOptions options) {
        super(options, new Catalog(TABLES, PRIMARY_KEY, ESTIMATE, TRIGGERS, STAMPS, "n.nspname", "c.relname"));
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
    public String utcNow() {
        return "(clock_timestamp() AT TIME ZONE 'UTC')";
    }

    @Override
    public String defaultCdcSchema() {
        return "hanacdc";
    }

    @Override
    public int maxIdentifierBytes() {
        return 63;
    }

    @Override
    protected List<SourceColumn> columns(Connection c, TableId id) throws SQLException {
        List<SourceColumn> columns = new ArrayList<>();
        try (PreparedStatement ps = CatalogReads.prepare(c, COLUMNS, id.schema(), id.name())) {
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    String formatted = rs.getString(4);
                    ColumnType type = PostgresTypes.map(rs.getString(2), rs.getString(3), formatted, intOr(rs, 6), intOr(rs, 7),
                            Math.max(intOr(rs, 8), 0));
                    columns.add(new SourceColumn(rs.getString(1), formatted, type, !rs.getBoolean(5), PostgresDefaults.parse(rs.getString(9))));
                }
            }
        }
        return columns;
    }

    /** A key column must be of a type the target can find its row by again (PostgresTypes.checkKey). */
    @Override
    public Optional<SourceTable> describe(Connection c, TableId id) throws SQLException {
        Optional<SourceTable> table = super.describe(c, id);
        table.ifPresent(t -> t.keyColumns().forEach(k -> PostgresTypes.checkKey(id + "." + k.name(), k)));
        return table;
    }

    private static int intOr(ResultSet rs, int i) throws SQLException {
        int v = rs.getInt(i);
        return rs.wasNull() ? -1 : v;
    }

    /** TRUNCATE is captured (operation 6), and COUNT(*) reads the whole table. */
    @Override
    public int defaultVanishCheckSeconds() {
        return 0;
    }

    /** Attnum is kept by RENAME COLUMN. */
    @Override
    public boolean columnIdsSurviveRenames() {
        return true;
    }

    @Override
    public java.util.Map<TableId, Long> ddlCuts(Connection c, CaptureNames names) throws SQLException {
        java.util.Map<TableId, Long> out = new java.util.HashMap<>();
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
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(OPEN_TRANSACTIONS)) {
            rs.next();
            long xmax = rs.getLong(1);
            String xip = rs.getString(2);
            return new OpenTransactions(xip == null ? new long[0] : Arrays.stream(xip.split(",")).mapToLong(Long::parseLong).toArray(), xmax);
        }
    }

    /**
     * HANA's engine assumptions have no counterpart here: the trigger and the watermark read the same
     * transaction snapshot (the watermark probe covers it), and PostgreSQL's catalog and TRUNCATE
     * trigger are exercised by the CI suite.
     */
    @Override
    public List<io.hanacdc.check.Probe> probes() {
        return List.of(new PostgresPrivilegesProbe(),
                hanaOnly("transaction ids", "CURRENT_UPDATE_TRANSACTION() in a trigger = M_TRANSACTIONS.UPDATE_TRANSACTION_ID"),
                hanaOnly("catalog reads", "SYS.TABLE_COLUMNS: DEFAULT_VALUE, floating DECIMAL, COLUMN_ID across RENAME COLUMN"),
                hanaOnly("truncate", "whether TRUNCATE TABLE fires DELETE triggers (here: a TRUNCATE trigger captures it)"),
                hanaOnly("empty dates", "empty DATE, SECONDDATE, TIMESTAMP, TIME through capture (PostgreSQL has no empty dates)"),
                hanaOnly("trigger validity", "whether an ALTER of a column the triggers do not reference leaves them valid (PostgreSQL"
                        + " never invalidates a trigger)"));
    }

    private static io.hanacdc.check.Probe hanaOnly(String name, String checks) {
        return new io.hanacdc.check.NotApplicable(name, checks, "SAP HANA only");
    }

    @Override
    public Optional<ChecksumSql> checksumSql(ToIntFunction<ColumnType> targetDecimalScale) {
        return Optional.of(new PostgresChecksumSql(targetDecimalScale));
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
    public <T> T inTransaction(Connection c, Duration lockTimeout, io.hanacdc.source.SqlWork<T> work) throws SQLException {
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
        return type.kind() == ColumnType.Kind.UUID && value instanceof String s ? java.util.UUID.fromString(s) : value;
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
