package io.hanacdc.check;

import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * The data-id sequence's settings as the task reads them at start and at every schema check
 * ({@link io.hanacdc.source.SourceDialect#sequenceDeparture}): the installed sequence must pass, and a scratch
 * sequence with a cache must not. How a catalog shows "no cache" is not documented everywhere (SAP HANA's
 * SYS.SEQUENCES.CACHE_SIZE), so the read is shown to tell the two apart on this source.
 */
public final class SequenceSettingsProbe implements Probe {
    static final String SCRATCH = "hanacdc_check_seq";

    /** A sequence with a cache, in SQL both sources take. */
    public static String createCached(SourceDialect dialect, String schema, String name) {
        return "CREATE SEQUENCE " + dialect.qualified(schema, name) + " INCREMENT BY 1 CACHE 10";
    }

    @Override
    public String name() {
        return "sequence settings";
    }

    @Override
    public boolean guardsData() {
        return true;
    }

    @Override
    public ProbeResult run(CheckContext ctx) throws SQLException {
        String checked = "the data-id sequence hands out ids one at a time and in order, as the catalog shows it (a cached sequence is told apart)";
        String schema = ctx.names().cdcSchema();
        String scratch = SCRATCH + "_" + ctx.scratchSuffix();
        try (Connection c = ctx.source().getConnection(); Statement s = c.createStatement()) {
            ctx.shared().ensure(c);
            Optional<String> installed = ctx.dialect().sequenceDeparture(c, schema, ctx.names().sequence());
            if (installed.isPresent()) {
                return ProbeResult.fail(this, checked, "the data-id sequence is " + installed.get() + ": the watermark would skip rows; every"
                        + " table stops until it is restored");
            }
            s.execute(createCached(ctx.dialect(), schema, scratch));
            try {
                if (ctx.dialect().sequenceDeparture(c, schema, scratch).isEmpty()) {
                    return ProbeResult.fail(this, checked, "a sequence with CACHE 10 reads as one without: a change of the data-id sequence to a"
                            + " cache would not be noticed; report this with the version");
                }
            } finally {
                s.execute("DROP SEQUENCE " + ctx.dialect().qualified(schema, scratch));
            }
            return ProbeResult.pass(this, checked);
        }
    }
}
