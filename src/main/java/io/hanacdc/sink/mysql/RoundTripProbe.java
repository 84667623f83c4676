package io.hanacdc.sink.mysql;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Every mapped type's extreme values through the very writer batches use — the multi-row statement
 * (a small batch) and LOAD DATA through the stage (a large one) — into a scratch table of the target
 * database, read back and compared; the scratch table is dropped again.
 */
final class RoundTripProbe implements Probe {
    private static final int STATEMENT_ROWS = 3;
    private static final int LOAD_ROWS = LoadDataUpsert.MIN_ROWS + 2;

    private final MySqlTarget target;

    RoundTripProbe(MySqlTarget target) {
        this.target = target;
    }

    @Override
    public String name() {
        return "target round trip";
    }

    @Override
    public boolean guardsData() {
        return true;
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        SourceTable source = ExtremeRows.table(target.database(), ctx.scratchSuffix());
        MySqlTable table = new MySqlTable(target.database(), source.id().name(), source, target.types());
        String checked = "extreme values of " + (source.columns().size() - 1) + " mapped types through the statement and LOAD DATA paths";
        List<String> wrong = new ArrayList<>();
        boolean loaded;
        try (Connection c = target.connection()) {
            drop(c, table);
            try {
                table.ensure(c);
                RowWriter writer = new RowWriter(table, ColumnLimits.read(c, table));
                wrong.addAll(roundTrip(c, writer, table, ExtremeRows.rows(STATEMENT_ROWS), "statement"));
                long before = loads(c);
                wrong.addAll(roundTrip(c, writer, table, ExtremeRows.rows(LOAD_ROWS), "LOAD DATA"));
                loaded = loads(c) > before;
            } finally {
                drop(c, table);
            }
        }
        if (!wrong.isEmpty()) {
            return ProbeResult.fail(this, checked, "values would be stored changed: " + String.join("; ", wrong)
                    + ". Report this with the server's version; check the server's sql_mode and character set settings");
        }
        return ProbeResult.pass(this, checked + (loaded ? "" : " (LOAD DATA not used: see 'target settings')"));
    }

    /** Writes the rows with the task's writer, committed, reads them back and names every value that differs. */
    static List<String> roundTrip(Connection c, RowWriter writer, MySqlTable table, List<Object[]> rows, String path) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DELETE FROM " + table.qualifiedName());
        }
        try {
            writer.upsert(c, rows);
        } catch (SQLException e) {
            return List.of(path + ": the batch was refused (" + e.getMessage() + ")");
        }
        List<SourceColumn> cols = table.source().columns();
        Set<String> wrong = new LinkedHashSet<>();
        String select = "SELECT " + cols.stream().map(RoundTripProbe::selected).collect(Collectors.joining(", "))
                + " FROM " + table.qualifiedName() + " ORDER BY " + Identifiers.backtick("id");
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(select)) {
            for (Object[] row : rows) {
                if (!rs.next()) {
                    wrong.add(path + ": row " + row[0] + " missing");
                    break;
                }
                for (int i = 0; i < cols.size(); i++) {
                    Object read = cols.get(i).type().kind() == Kind.REAL ? real(rs, i + 1) : TargetValues.read(rs, i + 1, cols.get(i).type());
                    if (!ExtremeRows.same(row[i], read)) {
                        wrong.add(path + ": " + cols.get(i).name() + " " + text(row[i]) + " came back as " + text(read));
                    }
                }
            }
        }
        return List.copyOf(wrong);
    }

    /** FLOAT goes over the wire as text of 6 significant digits; as a DOUBLE it comes back exactly. */
    private static String selected(SourceColumn col) {
        String name = Identifiers.backtick(col.name());
        return col.type().kind() == Kind.REAL ? "(" + name + " + 0E0)" : name;
    }

    private static Float real(ResultSet rs, int i) throws SQLException {
        double d = rs.getDouble(i);
        return rs.wasNull() ? null : (float) d;
    }

    private static String text(Object v) {
        return v instanceof byte[] b ? HexFormat.of().formatHex(b) : String.valueOf(v);
    }

    private static long loads(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW SESSION STATUS LIKE 'Com_load'")) {
            return rs.next() ? rs.getLong(2) : 0;
        }
    }

    static void drop(Connection c, MySqlTable table) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table.qualifiedName());
        }
    }
}
