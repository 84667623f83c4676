package io.hanacdc.source.hana;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.ColumnDefault;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.SourceTransaction;
import io.hanacdc.source.TableStamp;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * What the dialect reads from SYS.TABLE_COLUMNS, on a scratch table in the CDC schema, through its own
 * catalog reads: DEFAULT_VALUE gives constants as HanaDefaults parses them, a DECIMAL without precision
 * reports the SCALE that marks it floating, and whether COLUMN_ID survives RENAME COLUMN (the dialect
 * assumes it does not, treating a rename as drop and add, which re-copies the column: safe either way).
 */
final class HanaCatalogProbe implements Probe {
    static final String CREATE = "CREATE COLUMN TABLE %s (\"K\" INTEGER NOT NULL PRIMARY KEY, \"N\" INTEGER DEFAULT 42,"
            + " \"S\" NVARCHAR(10) DEFAULT 'x''y', \"D\" DATE DEFAULT '2024-01-31', \"F\" DECIMAL, \"R\" INTEGER)";

    @Override
    public String name() {
        return "catalog reads";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        TableId id = new TableId(ctx.names().cdcSchema(), "hanacdc_catalog_" + ctx.scratchSuffix());
        String table = ctx.dialect().qualified(id.schema(), id.name());
        String checked = "DEFAULT_VALUE constants, floating DECIMAL's SCALE, COLUMN_ID across RENAME COLUMN";
        List<String> wrong = new ArrayList<>();
        boolean idsSurvive;
        try (Connection c = ctx.source().getConnection(); Statement s = c.createStatement()) {
            ctx.shared().ensure(c);
            s.execute(String.format(CREATE, table));
            try {
                SourceTable t = ctx.dialect().describe(c, id).orElseThrow(() -> new CdcException("scratch table " + id + " not found"));
                expect(wrong, t, "N", ColumnDefault.number("42"));
                expect(wrong, t, "S", ColumnDefault.string("x'y"));
                expect(wrong, t, "D", ColumnDefault.string("2024-01-31"));
                if (t.column("F").type().kind() != Kind.FLOATING_DECIMAL) {
                    wrong.add("DECIMAL without precision was read as " + t.column("F").type() + ", not as a floating decimal");
                }
                TableStamp before = ctx.dialect().stamps(c, List.of(id)).get(id);
                SourceTransaction.keepingSchema(c, session -> { // RENAME COLUMN takes no schema: run as alter runs it
                    for (String rename : ctx.dialect().captureSql(ctx.names()).alterTable(id, "RENAME COLUMN \"R\" TO \"R2\"")) {
                        s.execute(rename);
                    }
                    return null;
                });
                TableStamp after = ctx.dialect().stamps(c, List.of(id)).get(id);
                idsSurvive = before.columnIds().get("R") != null && before.columnIds().get("R").equals(after.columnIds().get("R2"));
            } finally {
                s.execute("DROP TABLE " + table);
            }
        }
        String found = "; COLUMN_ID " + (idsSurvive ? "survives" : "does not survive") + " RENAME COLUMN (renames are re-copied as drop and add)";
        return wrong.isEmpty() ? ProbeResult.pass(this, checked + found)
                : ProbeResult.fail(this, checked + found, String.join("; ", wrong) + ": a column added with a default would get another"
                        + " default in the target, or a floating DECIMAL be cut to a fixed scale; report this with the HANA version");
    }

    private static void expect(List<String> wrong, SourceTable t, String column, ColumnDefault expected) {
        ColumnDefault read = t.column(column).defaultValue();
        if (!expected.equals(read)) {
            wrong.add("the default of " + column + " was read as " + read + ", expected " + expected);
        }
    }
}
