package io.hanacdc.sink.mysql;

import io.hanacdc.sink.ValueRules;
import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.common.CdcException;
import io.hanacdc.common.Secrets;
import io.hanacdc.config.CdcConfig.Endpoint;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.TargetNames;
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
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A MySQL or MariaDB target: a pool through the flavor's own driver, the database tables are written
 * to, the task's positions in a control table there (so they commit with the rows), and its names.
 */
public final class MySqlTarget implements Target {
    /** Strict mode turns silent truncation into errors; UTC keeps DATETIME values as the source had them. */
    /** Notes on too: a DECIMAL rounding surplus decimal places says so only as a note, which TargetWarnings fails the batch on. */
    private static final String SESSION = "SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION,NO_AUTO_VALUE_ON_ZERO', time_zone = '+00:00',"
            + " sql_notes = 1";
    private final HikariDataSource pool;
    private final MySqlFlavor flavor;
    private final MySqlTypes types;
    private final String database;
    private final PositionStore positions;
    private final TargetNaming naming;

    /**
     * @param controlDatabase where positions are kept; empty: the URL's database
     * @param names           hanacdc.target.table-name and database-map
     */
    public MySqlTarget(Endpoint endpoint, int poolSize, String controlDatabase, String task, TargetNames names, ValueRules rules) {
        String url = endpoint.url();
        if (!MySqlTargets.accepts(url)) {
            throw new CdcException("hanacdc.target.url " + Secrets.maskUrl(url) + " is not a MySQL/MariaDB URL: use jdbc:mysql://host:3306/database");
        }
        this.flavor = DataSources.probe("target", endpoint, MySqlFlavor::detect);
        this.types = new MySqlTypes(flavor, rules);
        this.pool = DataSources.pool("target", new Endpoint(flavor.jdbcUrl(url), endpoint.user(), endpoint.password()),
                poolSize, Optional.of(SESSION), Map.of());
        try (Connection c = pool.getConnection()) {
            this.database = c.getCatalog();
        } catch (SQLException e) {
            pool.close();
            throw new CdcException(DataSources.describe("target", endpoint, e), e);
        }
        if (database == null || database.isEmpty()) {
            pool.close();
            throw new CdcException("hanacdc.target.url " + Secrets.maskUrl(url) + " names no database: add one, e.g. jdbc:mysql://host:3306/replica");
        }
        this.positions = new PositionStore(controlDatabase.isEmpty() ? database : controlDatabase, task);
        this.naming = new TargetNaming(names, database, types);
    }

    @Override
    public TargetSession session() throws SQLException {
        return new MySqlSession(pool.getConnection());
    }

    @Override
    public void ping() throws SQLException {
        try (Connection c = pool.getConnection()) {
            if (!c.isValid(3)) {
                throw new SQLException("connection not valid");
            }
        }
    }

    static MySqlTarget open(CdcConfig cfg, int poolSize) {
        return new MySqlTarget(cfg.target(), poolSize, cfg.controlDatabase(), cfg.task(), cfg.targetNames(), ValueRules.load(cfg));
    }

    /** A plain connection: this package's probes, and the tests of this target. */
    Connection connection() throws SQLException {
        return pool.getConnection();
    }

    @Override
    public TargetRows rows(TargetTable table) {
        return new MySqlRows((MySqlTable) table, flavor);
    }

    @Override
    public int decimalScale(ColumnType type) {
        return types.decimalScale(type);
    }

    @Override
    public boolean signedZero() {
        return types.signedZero();
    }

    MySqlFlavor flavor() {
        return flavor;
    }

    MySqlTypes types() {
        return types;
    }

    String database() {
        return database;
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
        List<MySqlTable> tables = naming.tables(shapes);
        try (Connection c = pool.getConnection()) {
            TargetNaming.checkDatabasesExist(c, tables);
        }
        return List.copyOf(tables);
    }

    @Override
    public String describe(TableId table) {
        return naming.describe(table);
    }

    @Override
    public Position commit(TargetSession s, Work work, Position position) throws SQLException {
        return TargetTransaction.commit(s, work, positions, position);
    }

    @Override
    public Position fenced(TargetSession s, String what, Position before, Work change, Position after) throws SQLException {
        return DdlFence.run(s, positions, what, before, change, after);
    }

    /** One REPEATABLE READ transaction: rows and position commit together, so the count is exactly the rows the position covers. */
    @Override
    public Counted count(TargetSession s, TargetTable table, TableId id) throws SQLException {
        Connection c = MySqlSession.of(s);
        int isolation = c.getTransactionIsolation();
        c.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        c.setAutoCommit(false);
        try {
            Counted counted = new Counted(positions.load(c, id), ((MySqlTable) table).rowCount(c));
            c.commit();
            return counted;
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
        try (Statement st = MySqlSession.of(s).createStatement()) {
            st.execute("DROP TABLE IF EXISTS " + table.qualifiedName());
        }
    }

    @Override
    public void alter(TargetSession s, TargetTable from, TargetTable to, SchemaDiff diff, boolean keepDropped) throws SQLException {
        Connection c = MySqlSession.of(s);
        MySqlTable next = (MySqlTable) to;
        List<String> alter = TargetAlter.statements((MySqlTable) from, next, diff, next.existingColumns(c), keepDropped, types);
        try (Statement st = c.createStatement()) {
            for (String sql : alter) {
                st.execute(sql);
            }
        }
    }

    @Override
    public boolean needsBackfill(SourceColumn added) {
        return TargetAlter.needsBackfill(added);
    }

    @Override
    public void close() {
        pool.close();
    }
}
