package io.hanacdc.sink.postgres;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.StalePositionException;
import io.hanacdc.common.CdcException;
import io.hanacdc.common.Secrets;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.CdcConfig.Endpoint;
import io.hanacdc.db.DataSources;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SchemaDiff;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.sink.Positions;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetRows;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import io.hanacdc.sink.ValueRules;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A PostgreSQL target (13 and later): a pool through pgjdbc, the tables in schemas of the URL's database, the task's
 * positions in a table there (so they commit with the rows). PostgreSQL's DDL is transactional, so a schema change and
 * the positions fencing it commit together too.
 */
public final class PostgresTarget implements Target {
    private static final int MIN_VERSION = 13;
    /** UTC keeps timestamps as the source had them (timestamptz values arrive in UTC). */
    private static final String SESSION = "SET TIME ZONE 'UTC'";
    /** Strings bound as untyped text, which the server converts to the column's type (uuid, json, inet …) as COPY does. */
    private static final Map<String, String> DRIVER = Map.of("stringtype", "unspecified");
    private final HikariDataSource pool;
    private final PgPositions positions;
    private final PgNaming naming;
    private final String controlSchema;
    private final ValueRules rules;

    PostgresTarget(Endpoint endpoint, int poolSize, String controlSchema, String task, CdcConfig cfg) {
        int version = DataSources.probe("target", endpoint, c -> c.getMetaData().getDatabaseMajorVersion());
        if (version < MIN_VERSION) {
            throw new CdcException("the target " + Secrets.maskUrl(endpoint.url()) + " runs PostgreSQL " + version + ": hana-cdc writes to"
                    + " PostgreSQL " + MIN_VERSION + " and later");
        }
        this.pool = DataSources.pool("target", endpoint, poolSize, Optional.of(SESSION), DRIVER);
        String schema;
        try (Connection c = pool.getConnection()) {
            schema = PgCatalog.currentSchema(c);
        } catch (SQLException e) {
            pool.close();
            throw new CdcException(DataSources.describe("target", endpoint, e), e);
        }
        if (schema == null) {
            pool.close();
            throw new CdcException("hanacdc.target.url " + Secrets.maskUrl(endpoint.url()) + " leaves no schema to write to (the search path"
                    + " names none that exists): add currentSchema=<schema> to the URL, or create the schema");
        }
        this.controlSchema = controlSchema.isEmpty() ? schema : controlSchema;
        this.positions = new PgPositions(this.controlSchema, task);
        this.rules = ValueRules.load(cfg);
        this.naming = new PgNaming(cfg.targetNames(), schema, rules);
    }

    static PostgresTarget open(CdcConfig cfg, int poolSize) {
        return new PostgresTarget(cfg.target(), poolSize, cfg.controlDatabase(), cfg.task(), cfg);
    }

    @Override
    public TargetSession session() throws SQLException {
        return new PgSession(pool.getConnection());
    }

    @Override
    public void ping() throws SQLException {
        try (Connection c = pool.getConnection()) {
            if (!c.isValid(3)) {
                throw new SQLException("connection not valid");
            }
        }
    }

    /** The schema of the positions table. */
    String controlSchema() {
        return controlSchema;
    }

    /** How values a column cannot hold are treated (the task's settings). */
    ValueRules rules() {
        return rules;
    }

    @Override
    public Positions positions() {
        return positions;
    }

    @Override
    public TargetTable table(SourceTable shape, int captureVersion) {
        return naming.table(shape);
    }

    @Override
    public List<TargetTable> tables(List<SourceTable> shapes) throws SQLException {
        try (Connection c = pool.getConnection()) {
            return List.copyOf(naming.tables(shapes, new HashSet<>(PgCatalog.schemas(c))));
        }
    }

    @Override
    public String describe(TableId table) {
        return naming.describe(table);
    }

    @Override
    public Position commit(TargetSession s, Work work, Position position) throws SQLException {
        return inTransaction(s, () -> {
            work.run(s);
            return positions.save(s, position);
        });
    }

    /**
     * One transaction: the position before the change stored again over the revision this process holds (failing, with
     * nothing changed, when another process stored since; a concurrent one waits on the row), the DDL, the position after.
     */
    @Override
    public Position fenced(TargetSession s, String what, Position before, Work change, Position after) throws SQLException {
        return inTransaction(s, () -> {
            Position claimed;
            try {
                claimed = positions.save(s, before);
            } catch (StalePositionException e) {
                throw new StalePositionException(before.table(), before.revision(), "the target table was left as it is (" + what + " not run)");
            }
            change.run(s);
            return positions.save(s, after.stored(claimed.revision()));
        });
    }

    private interface Transaction {
        Position run() throws SQLException;
    }

    /** Runs the work in one transaction, rolled back on any failure. */
    private static Position inTransaction(TargetSession s, Transaction work) throws SQLException {
        Connection c = PgSession.of(s);
        c.setAutoCommit(false);
        try {
            Position stored = work.run();
            c.commit();
            return stored;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }

    /** One REPEATABLE READ transaction: rows and position commit together, so the count is exactly the rows the position covers. */
    @Override
    public Counted count(TargetSession s, TargetTable table, TableId id) throws SQLException {
        Connection c = PgSession.of(s);
        int isolation = c.getTransactionIsolation();
        c.setAutoCommit(false);
        c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        try {
            Counted counted = new Counted(positions.load(s, id), ((PgTable) table).rowCount(c));
            c.commit();
            return counted;
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
            c.setTransactionIsolation(isolation);
        }
    }

    @Override
    public void recreate(TargetSession s, TargetTable table) throws SQLException {
        drop(s, table);
        table.ensure(s);
    }

    @Override
    public void drop(TargetSession s, TargetTable table) throws SQLException {
        try (Statement st = PgSession.of(s).createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + table.qualifiedName());
        }
    }

    @Override
    public void alter(TargetSession s, TargetTable from, TargetTable to, SchemaDiff diff, boolean keepDropped) throws SQLException {
        PgTable next = (PgTable) to;
        List<String> alter = PgAlter.statements(next, diff, PgCatalog.columns(PgSession.of(s), next.schema(), next.name()), keepDropped);
        try (Statement st = PgSession.of(s).createStatement()) {
            for (String sql : alter) {
                st.execute(sql);
            }
        }
    }

    @Override
    public boolean needsBackfill(SourceColumn added) {
        return PgAlter.needsBackfill(added);
    }

    @Override
    public TargetRows rows(TargetTable table) {
        return new PgRows((PgTable) table);
    }

    /** numeric(p,s) keeps s places, unconstrained numeric every one. */
    @Override
    public int decimalScale(ColumnType type) {
        return type.kind() == ColumnType.Kind.DECIMAL ? type.scale() : Integer.MAX_VALUE;
    }

    @Override
    public boolean signedZero() {
        return true;
    }

    @Override
    public void close() {
        pool.close();
    }
}
