package io.hanacdc.watermark;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which watermark the task uses (hanacdc.watermark): the open-transactions watermark when the source
 * user can read open transactions, else gap probing — said clearly at startup, since it is slower.
 */
public final class WatermarkChoice {
    private static final Logger LOG = LoggerFactory.getLogger(WatermarkChoice.class);
    private final boolean gapProbe;
    private final SourceDialect dialect;
    private final CaptureNames names;
    /** Shared by the task's probing tables, kept half a poll interval: one read per tick serves them all. */
    private final CaptureIdReads captureIdReads;
    private final CdcConfig cfg;

    /** @param allCaptureTables every capture table taking ids from the shared sequence, for gap probing (the capture registry's list) */
    public WatermarkChoice(CdcConfig cfg, SourceDialect dialect, CaptureNames names, GapProbeWatermark.CaptureTables allCaptureTables, Connection c)
            throws SQLException {
        this.cfg = cfg;
        this.dialect = dialect;
        this.names = names;
        this.captureIdReads = new CaptureIdReads(dialect, allCaptureTables, cfg.pollInterval().dividedBy(2));
        Optional<String> unreadable = dialect.openTransactionsUnreadable(c);
        this.gapProbe = switch (cfg.watermark()) {
            case "gap-probe" -> true;
            case "open-transactions" -> {
                if (unreadable.isPresent()) {
                    throw new CdcException("hanacdc.watermark=open-transactions, but " + unreadable.get()
                            + ". Grant it, or set hanacdc.watermark=auto to fall back to gap probing");
                }
                yield false;
            }
            default -> unreadable.isPresent();
        };
        if (gapProbe) {
            LOG.warn("using the gap-probe watermark{}: it needs only DML rights on the CDC schema but is slower, and a long"
                    + " transaction holds back later rows of its own table", unreadable.map(u -> " because " + u).orElse(""));
        }
    }

    /**
     * The watermark one read of which serves every table of the task (the open-transactions one); empty with
     * gap probing, whose probes belong to each table.
     */
    public Optional<WatermarkReader> taskWide() {
        return gapProbe ? Optional.empty() : Optional.of(new OpenTransactionsWatermark(dialect, names));
    }

    public WatermarkReader forTable(SourceTable table) {
        if (!gapProbe) {
            return new OpenTransactionsWatermark(dialect, names);
        }
        SettledBases settled = new SettledBases(dialect, names);
        return new GapProbeWatermark(dialect, captureIdReads, names.captureTables(dialect, table.id()),
                c -> settled.settledHigh(c, table.id()), cfg.probeTimeout(), cfg.probesPerPoll());
    }
}
