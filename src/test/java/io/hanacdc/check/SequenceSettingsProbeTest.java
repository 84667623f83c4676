package io.hanacdc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The sequence probe passes on PostgreSQL's installed sequence, fails when the installed sequence caches, and fails
 * when the catalog read cannot tell a cached sequence apart (a read that always answers "fine"): it shows, not assumes.
 */
@IntegrationTest
class SequenceSettingsProbeTest {

    @Test
    void theProbeSeesACachedSequence() throws Exception {
        try (Pipeline p = new Pipeline("seq_probe")) {
            Pipeline.exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            CdcConfig cfg = p.set("hanacdc.tables", "public.t").config();
            SourceDialect real = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
            ProbeResult ok = run(cfg, real);
            assertEquals(ProbeResult.Status.PASS, ok.status(), ok.line());
            ProbeResult blind = run(cfg, blind(real));
            assertEquals(ProbeResult.Status.FAIL, blind.status(), blind.line());
            assertTrue(blind.detail().contains("CACHE 10"), blind.line());
            p.start();
            p.stop();
            Pipeline.exec(p.sourceUrl, "ALTER SEQUENCE hanacdc.hanacdc_data_id CACHE 5");
            ProbeResult cached = run(cfg, real);
            assertEquals(ProbeResult.Status.FAIL, cached.status(), cached.line());
            assertTrue(cached.detail().contains("CACHE 5"), cached.line());
        }
    }

    private static ProbeResult run(CdcConfig cfg, SourceDialect dialect) throws Exception {
        return ProbeRuns.run(cfg, dialect, new SequenceSettingsProbe());
    }

    /** The dialect with a settings read that finds every sequence fine. */
    private static SourceDialect blind(SourceDialect real) {
        return ProbeRuns.changed(real, java.util.Map.of("sequenceDeparture", (p, m, args) -> Optional.empty()));
    }
}
