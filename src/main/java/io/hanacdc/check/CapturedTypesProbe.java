package io.hanacdc.check;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.source.CapturedType;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.stream.BatchReader;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Values a row trigger must copy from its transition variables into the CDC table ({@link SourceDialect#capturedTypes}:
 * on SAP HANA large BLOB and NCLOB, ST_GEOMETRY, BOOLEAN, REAL_VECTOR), written through capture by an insert and an
 * update of a scratch table and read back by the stream's own CDC read: each must equal the source row as the load reads
 * it. A type the server does not know is left out and named.
 */
public final class CapturedTypesProbe implements Probe {
    @Override
    public String name() {
        return "captured types";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        SourceDialect d = ctx.dialect();
        List<CapturedType> types = d.capturedTypes();
        String checked = "values of " + types.stream().map(CapturedType::definition).collect(Collectors.joining(", "))
                + " written by an insert and an update reach the CDC read as the source row holds them";
        if (d.captureOptions().keysOnly()) {
            return ProbeResult.skip(this, checked, "keys-only capture copies no values (the row is read from the source)");
        }
        List<String> unknown = new ArrayList<>();
        try (Connection c = ctx.source().getConnection(); ScratchCapture scratch = create(ctx, c, types, unknown); Statement s = c.createStatement()) {
            List<CapturedType> used = types.stream().filter(t -> !unknown.contains(t.definition())).toList();
            s.execute("INSERT INTO " + scratch.qualified() + " (" + d.quote("k") + used.stream().map(t -> ", " + d.quote(t.column())).collect(Collectors.joining())
                    + ") VALUES (1" + used.stream().map(t -> ", " + t.value()).collect(Collectors.joining()) + ")");
            s.execute("UPDATE " + scratch.qualified() + " SET " + used.stream().map(t -> d.quote(t.column()) + " = " + t.value())
                    .collect(Collectors.joining(", ")) + " WHERE " + d.quote("k") + " = 1");
            List<Object> source = sourceRow(c, d, scratch);
            StreamRange all = StreamRange.at(new Watermark(0, new long[0])).open(new Watermark(Long.MAX_VALUE, new long[0]));
            List<ChangeRow> rows = new BatchReader(d, ctx.names(), scratch.versions()).read(c, all, 10).rows();
            for (ChangeRow row : rows) {
                if (!Objects.deepEquals(row.values(), source.toArray())) {
                    return ProbeResult.fail(this, checked, "a CDC row (operation " + row.operation() + ") holds " + describe(row.values()) + " where the"
                            + " table holds " + describe(source.toArray()) + ": such columns would reach the target changed; report this with the version");
                }
            }
            if (rows.size() != 2) {
                return ProbeResult.fail(this, checked, rows.size() + " CDC row(s) for an insert and an update, not 2");
            }
        }
        return ProbeResult.pass(this, checked + (unknown.isEmpty() ? "" : "; not known to this server, so not written: " + String.join(", ", unknown)));
    }

    /** The scratch table with every type, or without the optional ones the server refuses (named in {@code unknown}). */
    private static ScratchCapture create(CheckContext ctx, Connection c, List<CapturedType> types, List<String> unknown) throws SQLException {
        try {
            return new ScratchCapture(ctx, c, columns(ctx.dialect(), types));
        } catch (SQLException e) {
            List<CapturedType> known = types.stream().filter(t -> !t.optional()).toList();
            if (known.size() == types.size()) {
                throw e;
            }
            types.stream().filter(CapturedType::optional).forEach(t -> unknown.add(t.definition()));
            return new ScratchCapture(ctx, c, columns(ctx.dialect(), known));
        }
    }

    /** The column definitions after the key, as the scratch table declares them. */
    public static String columns(SourceDialect d, List<CapturedType> types) {
        return types.stream().map(t -> ", " + d.quote(t.column()) + " " + t.definition()).collect(Collectors.joining());
    }

    private static List<Object> sourceRow(Connection c, SourceDialect d, ScratchCapture scratch) throws SQLException {
        List<SourceColumn> columns = scratch.table().columns();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT " + columns.stream().map(d::selectExpression)
                .collect(Collectors.joining(", ")) + " FROM " + scratch.qualified())) {
            rs.next();
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < columns.size(); i++) {
                out.add(d.readValue(rs, i + 1, columns.get(i).type()));
            }
            return out;
        }
    }

    private static String describe(Object[] values) {
        return Arrays.stream(values).map(v -> v instanceof byte[] b ? "<" + b.length + " bytes>" : v instanceof String str && str.length() > 40
                ? "<" + str.length() + " characters>" : String.valueOf(v)).collect(Collectors.joining(", ", "[", "]"));
    }
}
