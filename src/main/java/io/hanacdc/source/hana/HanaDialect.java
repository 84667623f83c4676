package io.hanacdc.source.hana;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.EmptyDate;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.TableId;
import io.hanacdc.schema.ValuesKept;
import io.hanacdc.source.AbstractSourceDialect;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.CapturedType;
import io.hanacdc.source.JdbcValues;
import io.hanacdc.source.OpenTransactions;
import io.hanacdc.source.OtherWrite;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialectProvider;
import io.hanacdc.source.SqlWork;
import io.hanacdc.sql.ChecksumSql;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * SAP HANA 2.0 (SPS05+) and HANA Cloud source, through ngdbc. The watermark follows DESIGN §3's
 * statement-level form: H is a fresh NEXTVAL of the NO CACHE sequence (≥ every id allocated before
 * it), then A is read from M_TRANSACTIONS (needs CATALOG READ to see other users' transactions),
 * then the batch — each its own READ COMMITTED statement.
 */
public final class HanaDialect extends AbstractSourceDialect {
    /** Base tables for schema.* patterns: SQLScript table types (IS_USER_DEFINED_TYPE) are listed in SYS.TABLES too. */
    static final String TABLES = "SELECT TABLE_NAME FROM SYS.TABLES WHERE SCHEMA_NAME = ? AND IS_TEMPORARY = 'FALSE'"
            + " AND IS_USER_DEFINED_TYPE = 'FALSE' AND TABLE_TYPE IN ('ROW', 'COLUMN') ORDER BY TABLE_NAME";
    /**
     * The schema poll: one row per column of the polled tables; COLUMN_ID survives a rename, TABLE_OID a drop and re-create does not.
     * A column's unique indexes are part of its stamp: one of them may be the table's key (HanaKeys).
     */
    static final String STAMPS = "SELECT c.SCHEMA_NAME, c.TABLE_NAME, c.TABLE_OID, c.COLUMN_ID, c.COLUMN_NAME,"
            + " c.DATA_TYPE_NAME || '(' || TO_NVARCHAR(c.LENGTH) || ',' || IFNULL(TO_NVARCHAR(c.SCALE), '-') || ') ' || c.IS_NULLABLE"
            + " || ' ' || IFNULL(c.DEFAULT_VALUE, '') || IFNULL(' KEY' || TO_NVARCHAR(k.POSITION), '') || IFNULL(' UNIQUE ' || u.INDEXES, '')"
            + " FROM SYS.TABLE_COLUMNS c LEFT JOIN SYS.CONSTRAINTS k ON k.SCHEMA_NAME = c.SCHEMA_NAME AND k.TABLE_NAME = c.TABLE_NAME"
            + " AND k.COLUMN_NAME = c.COLUMN_NAME AND k.IS_PRIMARY_KEY = 'TRUE'"
            + " LEFT JOIN (" + HanaKeys.UNIQUE_MEMBERSHIPS + ") u ON u.SCHEMA_NAME = c.SCHEMA_NAME AND u.TABLE_NAME = c.TABLE_NAME"
            + " AND u.COLUMN_NAME = c.COLUMN_NAME"
            + " WHERE %1$s ORDER BY c.SCHEMA_NAME, c.TABLE_NAME, c.POSITION";
    /** Rows of every table of a schema, partitions summed (m-tables-system-view: RECORD_COUNT). */
    static final String SCHEMA_ROWS = "SELECT TABLE_NAME, SUM(RECORD_COUNT) FROM SYS.M_TABLES WHERE SCHEMA_NAME = ? GROUP BY TABLE_NAME";
    static final String ESTIMATE = "SELECT COALESCE(SUM(RECORD_COUNT), 0) FROM SYS.M_TABLES WHERE SCHEMA_NAME = ? AND TABLE_NAME = ?";
    /**
     * Write transactions that have not finished. Only INACTIVE counts as finished: a status this list does
     * not know (another release, XA/prepared) must hold rows back, never let the stream skip them forever.
     */
    static final String OPEN_TRANSACTIONS = "SELECT DISTINCT UPDATE_TRANSACTION_ID FROM SYS.M_TRANSACTIONS WHERE UPDATE_TRANSACTION_ID > 0"
            + " AND (TRANSACTION_STATUS IS NULL OR TRANSACTION_STATUS <> 'INACTIVE') ORDER BY UPDATE_TRANSACTION_ID";
    /** A trigger becomes invalid (IS_VALID = 'FALSE') when objects it uses change; a disabled one captures nothing. */
    /** Named as the stamps' columns are, so one condition on c.SCHEMA_NAME and c.TABLE_NAME selects the tables of both. */
    static final String TRIGGERS = "SELECT c.SCHEMA_NAME, c.TABLE_NAME, c.TRIGGER_NAME FROM (SELECT SUBJECT_TABLE_SCHEMA AS SCHEMA_NAME,"
            + " SUBJECT_TABLE_NAME AS TABLE_NAME, TRIGGER_NAME FROM SYS.TRIGGERS WHERE IS_VALID = 'TRUE' AND IS_ENABLED = 'TRUE') c WHERE %s";
    /**
     * The sequence's settings (sequences-system-view-20cf0e7.md). NO CACHE's CACHE_SIZE is not documented; M_SEQUENCES
     * shows a host's cache "only when the cache is greater than 1" (m-sequences-system-view-20be95c.md), so up to 1 is
     * taken as none, and the probe 'sequence settings' shows on the user's system that NO CACHE passes and CACHE 10 does not.
     */
    static final String SEQUENCE = "SELECT INCREMENT_BY, CACHE_SIZE, IS_CYCLED FROM SYS.SEQUENCES WHERE SCHEMA_NAME = ? AND SEQUENCE_NAME = ?";
    static final String CATALOG_READ = "SELECT COUNT(*) FROM SYS.EFFECTIVE_PRIVILEGES WHERE USER_NAME = ? AND PRIVILEGE = 'CATALOG READ'"
            + " AND IS_VALID = 'TRUE'";

    /** Found by SourceDialects: the URLs of SAP's HANA driver. */
    public static final class Provider implements SourceDialectProvider {
        @Override
        public String urlPrefix() {
            return "jdbc:sap:";
        }

        @Override
        public String urlForm() {
            return "jdbc:sap://host:port/?databaseName=TENANT (SAP HANA)";
        }

        /** Upper case, as an SAP admin writes it unquoted (sql/hana-privileges.sql: CREATE SCHEMA HANACDC). */
        @Override
        public String defaultCdcSchema() {
            return "HANACDC";
        }

        /**
         * TRUNCATE TABLE fires no DELETE trigger (create-trigger-statement-data-definition-20d5a65.md lists
         * INSERT, UPDATE and DELETE as the only events), and COUNT(*) over a column table is cheap.
         */
        @Override
        public int defaultVanishCheckSeconds() {
            return 300;
        }

        @Override
        public SourceDialect create(CaptureOptions options) {
            return new HanaDialect(options);
        }
    }

    public HanaDialect(CaptureOptions options) {
        super(options, new Catalog(TABLES, ESTIMATE, SCHEMA_ROWS, SEQUENCE, TRIGGERS, STAMPS, "c.SCHEMA_NAME", "c.TABLE_NAME"));
    }

    @Override
    public String name() {
        return "hana";
    }

    /** SAP's licence for ngdbc forbids passing it on, so hana-cdc's jar and image leave it out (docs/deploying.md "SAP HANA JDBC driver"). */
    @Override
    public String missingDriver() {
        return "SAP's HANA JDBC driver is not shipped with hana-cdc (SAP's licence does not allow passing it on). Download"
                + " ngdbc.jar (Maven Central: com.sap.cloud.db.jdbc:ngdbc, or SAP Development Tools), accept SAP's terms, and put it"
                + " beside hana-cdc.jar as lib/ngdbc.jar (bin/hana-cdc and the Docker image take any lib/*.jar), or add it to the class path";
    }

    /** HANA datetimes carry no zone (capture writes UTC, CURRENT_UTCTIMESTAMP): only the session's lock wait is set. */
    @Override
    public Optional<String> connectionInitSql() {
        return Optional.of(HanaTransactions.sessionLockWait());
    }

    /** Keeps HANA's empty dates (ABAP's initial value) distinct from NULL. */
    @Override
    public String connectionUrl(String url) {
        if (url.contains("emptyTimestampIsNull")) {
            return url;
        }
        return url + (url.contains("?") ? "&" : (url.endsWith("/") ? "?" : "/?")) + "emptyTimestampIsNull=false";
    }

    /** select-statement-data-manipulation-20fcf24.md: {@code <limit_clause> ::= LIMIT <unsigned_integer>} after the ORDER BY, {@code FOR UPDATE}. */
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
        return "CURRENT_UTCTIMESTAMP";
    }

    @Override
    public int maxIdentifierBytes() {
        return 127;
    }

    /**
     * HANA keeps names in CESU-8, where a character outside the BMP is two surrogates of 3 bytes each
     * (6, where UTF-8 takes 4; length-function-string-20e35f5.md). SAP states the limit as 127 characters
     * (introduction-to-sql-209f502.md, "Identifiers"): counted in CESU-8 bytes, a name fits however
     * HANA counts its characters.
     */
    @Override
    public int identifierBytes(String identifier) {
        int bytes = 0;
        for (int i = 0; i < identifier.length(); i++) {
            char ch = identifier.charAt(i);
            bytes += ch < 0x80 ? 1 : ch < 0x800 ? 2 : 3;
        }
        return bytes;
    }

    @Override
    public String selectExpression(SourceColumn column) {
        if (HanaTypes.isSpatial(column.sourceType())) {
            return quote(column.name()) + ".ST_AsWKB()";
        }
        return HanaTypes.isVector(column.sourceType()) ? "TO_NVARCHAR(" + quote(column.name()) + ")" : quote(column.name());
    }

    /** Read by HanaTableCatalog, many tables a statement. */
    @Override
    public Map<TableId, SourceDialect.Description> describeAll(Connection c, List<TableId> ids) throws SQLException {
        return HanaTableCatalog.describe(c, ids);
    }

    /** SAP does not document whether COLUMN_ID survives RENAME COLUMN: until verified, a rename is a drop and an add. */
    @Override
    public boolean columnIdsSurviveRenames() {
        return false;
    }

    @Override
    public boolean recordsCaptureErrors() {
        return captureOptions().recordErrors();
    }

    @Override
    public Optional<String> openTransactionsUnreadable(Connection c) throws SQLException {
        return hasCatalogRead(c) ? Optional.empty() : Optional.of("the source user lacks the CATALOG READ privilege, so"
                + " M_TRANSACTIONS shows only its own transactions (GRANT CATALOG READ TO <user>; see sql/hana-privileges.sql)");
    }

    @Override
    protected Optional<String> sequenceDeparture(ResultSet settings, String sequence) throws SQLException {
        return sequenceDeparture(settings.getLong(1), settings.getLong(2), "TRUE".equals(settings.getString(3)), sequence);
    }

    static Optional<String> sequenceDeparture(long increment, long cache, boolean cycles, String sequence) {
        if (increment == 1 && cache <= 1 && !cycles) {
            return Optional.empty();
        }
        return Optional.of("INCREMENT BY " + increment + (cache <= 1 ? ", NO CACHE" : ", CACHE " + cache) + (cycles ? ", CYCLE" : ", NO CYCLE")
                + " instead of INCREMENT BY 1, NO CACHE, NO CYCLE (restore: ALTER SEQUENCE " + sequence + " INCREMENT BY 1 NO CACHE NO CYCLE)");
    }

    /**
     * LOBs beyond the 1000-byte memory threshold of a hybrid LOB (alter-table-statement-data-definition-20d329a.md),
     * spatial, BOOLEAN and REAL_VECTOR values, which the trigger copies from its transition variables: nothing in SAP's
     * reference says they can be. Values from hextobin-function-string-20e2390.md, rpad-function-string-20e6be6.md,
     * to-blob-function-data-type-conversion-20eba7c.md, to-nclob-function-data-type-conversion-20ef8d6.md, ST_GeomFromText
     * as in first-value-function-aggregate-034b175.md, boolean-data-type-f044a9c.md; REAL_VECTOR (vector-data-type-04cfbb8.md)
     * only where the server has it.
     */
    @Override
    public List<CapturedType> capturedTypes() {
        return List.of(new CapturedType("B", "BLOB", "TO_BLOB(HEXTOBIN(RPAD('00FF', 4000, '7F80')))", false),
                new CapturedType("C", "NCLOB", "TO_NCLOB(RPAD('ä', 3000, 'b€'))", false),
                new CapturedType("G", "ST_GEOMETRY(4326)", "ST_GeomFromText('POINT(1 2)', 4326)", false),
                new CapturedType("F", "BOOLEAN", "TRUE", false),
                new CapturedType("V", "REAL_VECTOR", "TO_REAL_VECTOR('[1.5,2,3]')", true));
    }

    /**
     * ABAP's MODIFY runs as UPSERT; REPLACE is its synonym (upsert-statement-data-manipulation-ea8b677.md,
     * replace-statement-data-manipulation-20fc06a.md), each inserting or updating; MERGE INTO updates, inserts or deletes
     * (merge-into-statement-data-manipulation-3226201.md). SAP's CREATE TRIGGER page names INSERT, UPDATE and DELETE as
     * the only events, and says nothing of these.
     */
    @Override
    public List<OtherWrite> otherWrites() {
        String merge = "MERGE INTO %1$s AS \"t\" USING (SELECT %2$d AS \"k\", %3$s AS \"v\" FROM DUMMY) AS \"s\" ON \"t\".\"k\" = \"s\".\"k\"";
        return List.of(
                new OtherWrite("UPSERT inserting", "UPSERT %1$s (\"k\", \"v\") VALUES (1, 10) WITH PRIMARY KEY", 1, 10, false),
                new OtherWrite("UPSERT updating", "UPSERT %1$s (\"k\", \"v\") VALUES (1, 11) WITH PRIMARY KEY", 1, 11, false),
                new OtherWrite("REPLACE inserting", "REPLACE %1$s (\"k\", \"v\") VALUES (2, 20) WITH PRIMARY KEY", 2, 20, false),
                new OtherWrite("REPLACE updating", "REPLACE %1$s (\"k\", \"v\") VALUES (2, 21) WITH PRIMARY KEY", 2, 21, false),
                new OtherWrite("MERGE INTO inserting", String.format(merge, "%1$s", 3, "30")
                        + " WHEN NOT MATCHED THEN INSERT VALUES (\"s\".\"k\", \"s\".\"v\")", 3, 30, false),
                new OtherWrite("MERGE INTO updating", String.format(merge, "%1$s", 3, "31")
                        + " WHEN MATCHED THEN UPDATE SET \"t\".\"v\" = \"s\".\"v\"", 3, 31, false),
                new OtherWrite("MERGE INTO deleting", String.format(merge, "%1$s", 3, "NULL")
                        + " WHEN MATCHED THEN DELETE", 3, null, false));
    }

    /**
     * A plain CREATE TABLE makes a row table on many HANA 2.0 systems and a column table on HANA Cloud
     * (create-table-statement-data-definition-20d58a5.md); ERP tables are column tables, so probes run on one.
     */
    @Override
    public String tableStorage() {
        return "COLUMN ";
    }

    @Override
    public Optional<String> alterRefusal(Connection c, TableId id, String clause) throws SQLException {
        return HanaAlterClauses.refusal(c, id, clause);
    }

    @Override
    public CaptureSql captureSql(CaptureNames names) {
        return new HanaCaptureSql(names, captureOptions());
    }

    /** DUMMY, the one-row table SAP's examples select constants from (010-SQL-Reference/012-SQL-Statements/select-statement-data-manipulation-20fcf24.md). */
    @Override
    public String fromNothing() {
        return " FROM DUMMY";
    }

    /** H is a NEXTVAL: its own id, which no captured row holds. */
    @Override
    public long idsTakenReadingHigh() {
        return 1;
    }

    @Override
    public String highWaterMark(CaptureNames names) {
        return qualified(names.cdcSchema(), names.sequence()) + ".NEXTVAL FROM DUMMY";
    }

    @Override
    public OpenTransactions readOpenTransactions(Connection c) throws SQLException {
        List<Long> open = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(OPEN_TRANSACTIONS)) {
            while (rs.next()) {
                open.add(rs.getLong(1));
            }
        }
        return new OpenTransactions(open.stream().mapToLong(Long::longValue).toArray(), OpenTransactions.NO_BOUND);
    }

    @Override
    public Optional<ChecksumSql> checksumSql(ValuesKept target) {
        return Optional.of(new HanaChecksumSql(target));
    }

    /** Whether the connected user may read other users' transactions in M_TRANSACTIONS. */
    boolean hasCatalogRead(Connection c) throws SQLException {
        String user;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CURRENT_USER FROM DUMMY")) {
            rs.next();
            user = rs.getString(1);
        }
        try (PreparedStatement ps = c.prepareStatement(CATALOG_READ)) {
            ps.setString(1, user);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getInt(1) > 0;
            }
        }
    }

    /**
     * HANA error 146: resource busy and NOWAIT specified (sql-error-codes-20a78d3.md); LOCK TABLE … WAIT n ends with a
     * timeout error without rolling the transaction back (lock-table-statement-transaction-management-20f88d8.md), whose
     * code the page does not give: 131, the lock wait timeout's, is taken as that.
     */
    @Override
    public boolean isLockBusy(SQLException e) {
        return e.getErrorCode() == 146 || e.getErrorCode() == 131;
    }

    /** WAIT takes whole seconds (lock-table-statement-transaction-management-20f88d8.md): at least one. */
    @Override
    public String lockAsking(String lockStatement, Duration wait, Duration lockTimeout) {
        return wait.isZero() ? lockStatement + " NOWAIT" : lockStatement + " WAIT " + Math.max(1, (wait.toMillis() + 999) / 1000);
    }

    /** HANA error 131: transaction rolled back by lock wait timeout. */
    @Override
    public boolean isLockTimeout(SQLException e) {
        return e.getErrorCode() == 131;
    }

    @Override
    public void lockTable(Connection tx, String lockStatement, TableId table) throws SQLException {
        HanaTransactions.lockTable(this, tx, lockStatement, table);
    }

    /** HANA error 258: insufficient privilege (sql-error-codes-20a78d3.md). */
    @Override
    public boolean isMissingPrivilege(SQLException e) {
        return e.getErrorCode() == 258;
    }

    @Override
    public <T> T inTransaction(Connection c, Duration lockTimeout, SqlWork<T> work) throws SQLException {
        return HanaTransactions.inTransaction(c, lockTimeout, work);
    }

    /** Date and time values do not depend on the JVM's time zone (HanaDateTimes). */
    @Override
    public Object readValue(ResultSet rs, int index, ColumnType type) throws SQLException {
        return switch (type.kind()) {
            case DATE -> HanaDateTimes.date(rs, index);
            case TIME -> HanaDateTimes.time(rs, index);
            case TIMESTAMP -> HanaDateTimes.timestamp(rs, index);
            default -> JdbcValues.read(rs, index, type);
        };
    }

    /**
     * An empty date compares as '' (010-SQL-Reference/datetime-data-types-3f81ccc.md: "the empty date can be represented
     * as ''", the lowest value of its type), so a key holding one is found again and orders first.
     */
    @Override
    public Object bindValue(Object value, ColumnType type) {
        return value instanceof EmptyDate ? "" : value;
    }
}
