package io.hanacdc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.HighAndOpen;
import io.hanacdc.source.OpenTransactions;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.sql.Connection;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The watermark probe fails on a source whose open-transactions read misses the open transaction (as
 * a status the query did not list would): the probe sees the row skipped, not merely assumes it.
 */
@IntegrationTest
class WatermarkProbeTest {

    @Test
    void aWatermarkThatForgetsOpenTransactionsFails() throws Exception {
        try (Pipeline p = new Pipeline("wm_probe")) {
            Pipeline.exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            CdcConfig cfg = p.set("hanacdc.tables", "public.t").config();
            SourceDialect real = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
            assertEquals(ProbeResult.Status.PASS, run(cfg, real).status());
            ProbeResult blind = run(cfg, forgettingOpenTransactions(real));
            assertEquals(ProbeResult.Status.FAIL, blind.status(), blind.line());
            assertTrue(blind.detail().contains("would be lost"), blind.line());
        }
    }

    private static ProbeResult run(CdcConfig cfg, SourceDialect dialect) throws Exception {
        return ProbeRuns.run(cfg, dialect, WatermarkProbe.ofTask());
    }

    /** The dialect with open-transactions reads (alone and with H) that list none. */
    private static SourceDialect forgettingOpenTransactions(SourceDialect real) {
        OpenTransactions none = new OpenTransactions(new long[0], OpenTransactions.NO_BOUND);
        return ProbeRuns.changed(real, Map.of("readOpenTransactions", (p, m, args) -> none, "readWatermark",
                (p, m, args) -> new HighAndOpen(real.readWatermark((Connection) args[0], (CaptureNames) args[1]).high(), none)));
    }
}
