package io.hanacdc.source.hana;

import io.hanacdc.check.CheckContext;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeResult;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.TableStamp;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * How a table without a primary key gets its key (HanaKeys), on a scratch column table in the CDC schema, through the
 * dialect's own reads: a unique index over a NOT NULL column is read from SYS.INDEX_COLUMNS as the key (a unique
 * constraint over a nullable column is not), and the schema poll's stamp changes when that index is dropped, so a
 * table whose key goes away stops instead of having rows applied by it. Every schema poll runs that stamp read.
 */
final class HanaUniqueKeyProbe implements Probe {
    static final String CREATE = "CREATE COLUMN TABLE %s (\"K\" INTEGER NOT NULL, \"V\" INTEGER, UNIQUE (\"V\"))";
    static final String INDEX = "CREATE UNIQUE INDEX %s ON %s (\"K\")";
    static final String DROP_INDEX = "DROP INDEX %s";

    @Override
    public String name() {
        return "unique index as key";
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        TableId id = new TableId(ctx.names().cdcSchema(), "hanacdc_ukey_" + ctx.scratchSuffix());
        String table = ctx.dialect().qualified(id.schema(), id.name());
        String index = ctx.dialect().qualified(id.schema(), "hanacdc_ukey_i" + ctx.scratchSuffix());
        String checked = "a unique index over NOT NULL columns read as the key of a table without primary key; its drop seen by the schema poll";
        String wrong;
        try (Connection c = ctx.source().getConnection(); Statement s = c.createStatement()) {
            ctx.shared().ensure(c);
            s.execute(String.format(CREATE, table));
            try {
                s.execute(String.format(INDEX, index, table));
                List<String> key = ctx.dialect().describe(c, id).orElseThrow(() -> new CdcException("scratch table " + id + " not found")).primaryKey();
                TableStamp before = ctx.dialect().stamps(c, List.of(id)).get(id);
                s.execute(String.format(DROP_INDEX, index));
                TableStamp after = ctx.dialect().stamps(c, List.of(id)).get(id);
                wrong = !key.equals(List.of("K")) ? "the key was read as " + key + ", expected [K]"
                        : before.fingerprint().equals(after.fingerprint()) ? "the schema poll did not see the unique index dropped" : null;
            } finally {
                s.execute("DROP TABLE " + table);
            }
        }
        return wrong == null ? ProbeResult.pass(this, checked)
                : ProbeResult.fail(this, checked, wrong + ": leave tables without a primary key out of hanacdc.tables (or give them one),"
                        + " and report this with the HANA version");
    }
}
