package io.hanacdc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Whose rights capture runs with, shown by a user who may write a table but nothing of capture's objects: on PostgreSQL
 * the capture functions are SECURITY DEFINER and the write is captured; functions running with the writer's rights fail
 * the probe. Without --writer-user the probe is skipped, saying what to give.
 */
@IntegrationTest
class WriterRightsProbeTest {

    @Test
    void aWriterWithoutRightsOnCaptureIsCapturedOnlyWithDefinerRights() throws Exception {
        try (Pipeline p = new Pipeline("wr_probe")) {
            String role = "hc_writer_" + Long.toString(System.nanoTime() % 1_000_000, 36);
            Pipeline.exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)", "CREATE ROLE " + role + " LOGIN");
            CdcConfig cfg = p.set("hanacdc.tables", "public.t").config();
            CdcConfig.Endpoint writer = new CdcConfig.Endpoint(p.sourceUrl.replace("user=postgres", "user=" + role), role, "");
            SourceDialect real = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
            assertEquals(ProbeResult.Status.SKIP, ProbeRuns.run(cfg, real, new WriterRightsProbe()).status());
            ProbeResult definer = ProbeRuns.run(cfg, real, new WriterRightsProbe(), writer);
            assertEquals(ProbeResult.Status.PASS, definer.status(), definer.line());
            ProbeResult invoker = ProbeRuns.run(cfg, invokerRights(real), new WriterRightsProbe(), writer);
            assertEquals(ProbeResult.Status.FAIL, invoker.status(), invoker.line());
            assertTrue(invoker.detail().contains("write failed") && invoker.detail().contains("permission denied"), invoker.line());
        }
    }

    /** The dialect with capture functions that run with the rights of the user who writes. */
    private static SourceDialect invokerRights(SourceDialect real) {
        return ProbeRuns.changed(real, Map.of("captureSql", (p, m, args) -> {
            CaptureSql sql = real.captureSql((CaptureNames) args[0]);
            return ProbeRuns.proxy(CaptureSql.class, sql, Map.of("installTable", (p2, m2, a2) -> sql.installTable((io.hanacdc.source.CaptureLayout) a2[0])
                    .stream().map(s -> s.replace(" SECURITY DEFINER", "")).toList()));
        }));
    }
}
