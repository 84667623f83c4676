package io.hanacdc.check;

import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.capture.CaptureVersions;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.watermark.CaptureIdReads;
import io.hanacdc.watermark.GapProbeWatermark;
import io.hanacdc.watermark.WatermarkChoice;
import io.hanacdc.watermark.WatermarkReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A scratch table in the CDC schema with capture installed by the product's own DDL, for probes that
 * must see capture at work without touching a subscribed table (see {@link SharedCaptureObjects} for
 * the schema and the objects every capture shares).
 */
public final class ScratchCapture implements AutoCloseable {
    static final String TABLE = "hanacdc_check";
    private final CheckContext ctx;
    private final Connection c;
    private final CaptureSql sql;
    private final TableId id;
    private SourceTable table;

    /**
     * How a scratch table is made: the stem of its name, its storage (before TABLE in CREATE … TABLE; see
     * {@link SourceDialect#tableStorage}), column definitions after the key (with a leading comma) and what follows
     * the column list (a location), in the source's SQL.
     */
    public record Spec(String stem, String storage, String moreColumns, String after) {
        /** The table as the dialect's captured tables are stored, with the given columns after the key. */
        public static Spec of(SourceDialect dialect, String moreColumns) {
            return new Spec(TABLE, dialect.tableStorage(), moreColumns, "");
        }

        public Spec stored(String storage) {
            return new Spec(stem + "_" + storage.strip().toLowerCase(Locale.ROOT), storage, moreColumns, after);
        }

        public Spec named(String stem, String after) {
            return new Spec(stem, storage, moreColumns, after);
        }
    }

    public ScratchCapture(CheckContext ctx, Connection c) throws SQLException {
        this(ctx, c, "");
    }

    /** @param moreColumns column definitions after the key (with a leading comma), in the source's SQL */
    public ScratchCapture(CheckContext ctx, Connection c, String moreColumns) throws SQLException {
        this(ctx, c, Spec.of(ctx.dialect(), moreColumns));
    }

    public ScratchCapture(CheckContext ctx, Connection c, Spec spec) throws SQLException {
        this.ctx = ctx;
        this.c = c;
        this.sql = ctx.dialect().captureSql(ctx.names());
        this.id = new TableId(ctx.names().cdcSchema(), spec.stem() + "_" + ctx.scratchSuffix());
        Duration timeout = ctx.config().lockTimeout();
        ctx.shared().ensure(c);
        try {
            ctx.dialect().executeAtomically(c, List.of(createTable(ctx.dialect(), id, spec)), timeout);
            this.table = ctx.dialect().describe(c, id).orElseThrow(() -> new CdcException("scratch table " + id + " not found after creating it"));
            ctx.dialect().executeAtomically(c, sql.installTable(layout()), timeout);
        } catch (SQLException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The scratch table as the dialect's captured tables are stored: an INTEGER key, in SQL both sources take, and the given columns. */
    public static String createTable(SourceDialect dialect, TableId id, String moreColumns) {
        return createTable(dialect, id, Spec.of(dialect, moreColumns));
    }

    public static String createTable(SourceDialect dialect, TableId id, Spec spec) {
        return "CREATE " + spec.storage() + "TABLE " + dialect.qualified(id.schema(), id.name()) + " (" + dialect.quote("k")
                + " INTEGER NOT NULL PRIMARY KEY" + spec.moreColumns() + ")" + spec.after();
    }

    public CaptureLayout layout() {
        return CaptureLayout.initial(table, ctx.dialect().captureOptions().keysOnly());
    }

    public SourceTable table() {
        return table;
    }

    /** The watermark reader the task would use for this table (hanacdc.watermark), on the given source connection. */
    public WatermarkReader watermarks() throws SQLException {
        return new WatermarkChoice(ctx.config(), ctx.dialect(), ctx.names(),
                new CaptureInstaller(ctx.dialect(), ctx.names(), ctx.config().task(), ctx.config().lockTimeout())::allCaptureTables, c).forTable(table);
    }

    /** The gap-probe watermark reader of this table, as the task uses it without the right to read open transactions. */
    public WatermarkReader gapProbeWatermarks() {
        List<String> own = ctx.names().captureTables(ctx.dialect(), table.id());
        CaptureInstaller installer = new CaptureInstaller(ctx.dialect(), ctx.names(), ctx.config().task(), ctx.config().lockTimeout());
        return new GapProbeWatermark(ctx.dialect(), new CaptureIdReads(ctx.dialect(), source -> {
            List<String> all = new ArrayList<>(installer.allCaptureTables(source));
            all.addAll(own);
            return all;
        }, Duration.ZERO), own, source -> 0, ctx.config().probeTimeout(), ctx.config().probesPerPoll());
    }

    /** The capture versions a reader of the scratch table's CDC rows decodes them with. */
    public CaptureVersions versions() {
        return CaptureVersions.of(new CaptureVersion(layout(), Map.of(), 0, 0));
    }

    /** The scratch table, qualified. */
    public String qualified() {
        return ctx.dialect().qualified(id.schema(), id.name());
    }

    /** A row with this key, the other columns to their defaults (named, so columns added since do not break it). */
    public String insert(int key) {
        return "INSERT INTO " + ctx.dialect().qualified(id.schema(), id.name()) + " (" + ctx.dialect().quote("k") + ") VALUES (" + key + ")";
    }

    private void removeQuietly() {
        List<String> statements = new ArrayList<>(sql.uninstallTable(id));
        statements.add("DROP TABLE " + ctx.dialect().qualified(id.schema(), id.name()));
        for (String s : statements) {
            try (Statement st = c.createStatement()) {
                st.execute(s);
            } catch (SQLException e) {
                // not there: nothing to remove
            }
        }
    }

    @Override
    public void close() throws SQLException {
        removeQuietly();
    }
}
