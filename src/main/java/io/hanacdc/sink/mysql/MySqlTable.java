package io.hanacdc.sink.mysql;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sql.Identifiers;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The target table of one source table: created when missing, checked when present, written by its RowWriter. */
public final class MySqlTable implements TargetTable {
    private static final int ER_TABLE_EXISTS_ERROR = 1050;
    /** How long the column definitions a writer checks values against are trusted before they are read again. */
    private static final long LIMITS_FRESH_NANOS = 2_000_000_000L;
    private final String database;
    private final String name;
    private final SourceTable source;
    private final MySqlTypes types;
    private RowWriter writer;
    private long limitsReadAt;

    /** Named by TargetNaming, the one place target names are made. */
    MySqlTable(String database, String name, SourceTable source, MySqlTypes types) {
        this.database = database;
        this.name = name;
        this.source = source;
        this.types = types;
    }

    @Override
    public boolean ensure(TargetSession s) throws SQLException {
        return ensure(MySqlSession.of(s));
    }

    /** Built at first use: most tables named at start (naming checks, verify) never write a row. */
    @Override
    public void apply(TargetSession s, ChangeSet changes) throws SQLException {
        Connection c = MySqlSession.of(s);
        long now = System.nanoTime();
        if (writer == null) {
            writer = new RowWriter(this, ColumnLimits.read(c, this));
            limitsReadAt = now;
        } else if (now - limitsReadAt > LIMITS_FRESH_NANOS) { // someone may have changed a column of the live target table
            writer.limits(ColumnLimits.read(c, this));
            limitsReadAt = now;
        }
        writer.apply(c, changes);
    }

    @Override
    public List<Object[]> keys(TargetSession s) throws SQLException {
        String keys = source.primaryKey().stream().map(Identifiers::backtick).collect(Collectors.joining(", "));
        List<Object[]> out = new ArrayList<>();
        try (Statement st = MySqlSession.of(s).createStatement(); ResultSet rs = st.executeQuery("SELECT " + keys + " FROM " + qualifiedName()
                + " ORDER BY " + keys)) {
            while (rs.next()) {
                Object[] key = new Object[source.primaryKey().size()];
                for (int i = 0; i < key.length; i++) {
                    key[i] = rs.getObject(i + 1);
                }
                out.add(key);
            }
        }
        return out;
    }

    MySqlFlavor flavor() {
        return types.flavor();
    }

    MySqlTypes types() {
        return types;
    }

    @Override
    public String qualifiedName() {
        return Identifiers.backtick(database) + "." + Identifiers.backtick(name);
    }

    public String database() {
        return database;
    }

    public String name() {
        return name;
    }

    @Override
    public SourceTable source() {
        return source;
    }

    /** The exact number of rows, as the caller's transaction sees them. */
    public long rowCount(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + qualifiedName())) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** CREATE TABLE text for the source table, with the documented type mapping. */
    public String createSql() {
        List<String> columnTypes = types.columnTypes(source.columns(), new HashSet<>(source.primaryKey()));
        List<String> defs = new ArrayList<>();
        for (int i = 0; i < columnTypes.size(); i++) {
            var c = source.columns().get(i);
            defs.add(Identifiers.backtick(c.name()) + " " + columnTypes.get(i) + (c.nullable() ? " NULL" : " NOT NULL"));
        }
        defs.add("PRIMARY KEY (" + source.primaryKey().stream().map(Identifiers::backtick).collect(Collectors.joining(", ")) + ")");
        return "CREATE TABLE " + qualifiedName() + " (\n  " + String.join(",\n  ", defs)
                + "\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=" + types.flavor().collation;
    }

    /**
     * Creates the table when missing (and says so: true); an existing one must have every source column
     * (extra target columns are fine).
     */
    boolean ensure(Connection c) throws SQLException {
        Set<String> existing = existingColumns(c);
        if (existing.isEmpty()) {
            try (Statement s = c.createStatement()) {
                s.execute(createSql());
                return true;
            } catch (SQLException e) {
                if (e.getErrorCode() != ER_TABLE_EXISTS_ERROR) {
                    throw new CdcException("target table " + database + "." + name + " of source table " + source.id() + " could not be created: "
                            + e.getMessage(), e);
                }
                existing = existingColumns(c); // a replica starting at the same time created it: check it as found
            }
        }
        List<String> missing = missing(existing);
        if (!missing.isEmpty()) {
            throw new CdcException("target table " + database + "." + name + " exists but lacks column(s) " + missing
                    + " of source table " + source.id() + ": add them, or drop the target table so hana-cdc creates it");
        }
        refuseWithoutTransactions(c);
        return false;
    }

    /**
     * A table someone made on an engine without transactions (MyISAM, Aria) cannot roll back a batch: a process that lost
     * the table to another would leave its rows although the position's compare-and-set refused them.
     */
    private void refuseWithoutTransactions(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT t.ENGINE, e.TRANSACTIONS FROM information_schema.TABLES t"
                + " LEFT JOIN information_schema.ENGINES e ON e.ENGINE = t.ENGINE WHERE t.TABLE_SCHEMA = ? AND t.TABLE_NAME = ?")) {
            ps.setString(1, database);
            ps.setString(2, name);
            try (ResultSet rs = ps.executeQuery()) {
                if (rs.next() && !"YES".equalsIgnoreCase(rs.getString(2)) && rs.getString(1) != null) {
                    throw new CdcException("target table " + database + "." + name + " of source table " + source.id() + " uses the engine "
                            + rs.getString(1) + ", which cannot roll back a batch (a process that lost the table to another could leave rows"
                            + " the position refused): ALTER TABLE " + qualifiedName() + " ENGINE=InnoDB, or drop it so hana-cdc creates it");
                }
            }
        }
    }

    /** The source columns the target table lacks. */
    public List<String> missingColumns(Connection c) throws SQLException {
        return missing(existingColumns(c));
    }

    private List<String> missing(Set<String> existing) {
        return source.columnNames().stream().filter(n -> !existing.contains(n.toLowerCase())).toList();
    }

    public Set<String> existingColumns(Connection c) throws SQLException {
        Set<String> cols = new HashSet<>();
        DatabaseMetaData md = c.getMetaData();
        try (ResultSet rs = md.getColumns(database, null, name, null)) {
            while (rs.next()) {
                if (name.equals(rs.getString("TABLE_NAME"))) {
                    cols.add(rs.getString("COLUMN_NAME").toLowerCase()); // MySQL column names are case-insensitive
                }
            }
        }
        return cols;
    }
}
