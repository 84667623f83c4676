package io.hanacdc.sink.postgres;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sql.Identifiers;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import io.hanacdc.sink.ValueRules;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Collectors;

/** The target table of one source table in a schema of the target database: created when missing, checked when present. */
final class PgTable implements TargetTable {
    /** How long the column definitions values are checked against are trusted before they are read again. */
    private static final long COLUMNS_FRESH_NANOS = 2_000_000_000L;
    private final String schema;
    private final String name;
    private final SourceTable source;
    private final ValueRules rules;
    private PgWriter writer;
    private long columnsReadAt;

    /** Named by PgNaming, the one place target names are made. */
    PgTable(String schema, String name, SourceTable source, ValueRules rules) {
        this.schema = schema;
        this.name = name;
        this.source = source;
        this.rules = rules;
    }

    @Override
    public String qualifiedName() {
        return Identifiers.ansi(schema) + "." + Identifiers.ansi(name);
    }

    String schema() {
        return schema;
    }

    String name() {
        return name;
    }

    @Override
    public SourceTable source() {
        return source;
    }

    /** CREATE TABLE text for the source table, with the documented type mapping. */
    String createSql() {
        List<String> defs = new ArrayList<>();
        for (SourceColumn c : source.columns()) {
            defs.add(Identifiers.ansi(c.name()) + " " + PgTypes.of(c) + (c.nullable() ? "" : " NOT NULL"));
        }
        defs.add("PRIMARY KEY (" + keyList() + ")");
        return "CREATE TABLE IF NOT EXISTS " + qualifiedName() + " (\n  " + String.join(",\n  ", defs) + "\n)";
    }

    private String keyList() {
        return source.primaryKey().stream().map(Identifiers::ansi).collect(Collectors.joining(", "));
    }

    /** Creates the table when missing (true); an existing one must have every source column (extra target columns are fine). */
    @Override
    public boolean ensure(TargetSession s) throws SQLException {
        Connection c = PgSession.of(s);
        boolean missing = PgCatalog.columns(c, schema, name).isEmpty();
        if (missing) {
            try (Statement st = c.createStatement()) {
                st.execute(createSql()); // IF NOT EXISTS: a replica starting at the same time may have created it
            } catch (SQLException e) {
                throw new CdcException("target table " + qualifiedName() + " of source table " + source.id() + " could not be created: "
                        + e.getMessage(), e);
            }
        }
        List<String> lacking = missingColumns(c);
        if (!lacking.isEmpty()) {
            throw new CdcException("target table " + qualifiedName() + " exists but lacks column(s) " + lacking + " of source table "
                    + source.id() + ": add them, or drop the target table so hana-cdc creates it");
        }
        if (!PgCatalog.uniqueKeys(c, schema, name).contains(new HashSet<>(source.primaryKey()))) {
            throw new CdcException("target table " + qualifiedName() + " has no primary key or unique index on exactly the key columns "
                    + source.primaryKey() + " of source table " + source.id() + ", which an upsert needs: ALTER TABLE " + qualifiedName()
                    + " ADD PRIMARY KEY (" + keyList() + "), or drop the target table so hana-cdc creates it");
        }
        return missing;
    }

    List<String> missingColumns(Connection c) throws SQLException {
        List<String> existing = PgCatalog.columns(c, schema, name);
        return source.columnNames().stream().filter(n -> !existing.contains(n)).toList();
    }

    /** The writer is built at first use: most tables named at start (naming checks, verify) never write a row. */
    @Override
    public void apply(TargetSession s, ChangeSet changes) throws SQLException {
        Connection c = PgSession.of(s);
        long now = System.nanoTime();
        if (writer == null) {
            writer = new PgWriter(this, rules, PgColumns.read(c, this));
            columnsReadAt = now;
        } else if (now - columnsReadAt > COLUMNS_FRESH_NANOS) { // someone may have changed a column of the live target table
            writer.columns(PgColumns.read(c, this));
            columnsReadAt = now;
        }
        writer.apply(c, changes);
    }

    /** Rows this table's writer put through COPY. */
    long rowsCopied() {
        return writer == null ? 0 : writer.rowsCopied();
    }

    @Override
    public List<Object[]> keys(TargetSession s) throws SQLException {
        List<Object[]> out = new ArrayList<>();
        try (Statement st = PgSession.of(s).createStatement(); ResultSet rs = st.executeQuery("SELECT " + keyList() + " FROM " + qualifiedName()
                + " ORDER BY " + keyList())) {
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

    /** The exact number of rows, as the caller's transaction sees them. */
    long rowCount(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + qualifiedName())) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
