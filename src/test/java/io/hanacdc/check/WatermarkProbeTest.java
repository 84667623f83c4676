package io.hanacdc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.OpenTransactions;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.target.Target;
import io.hanacdc.target.TargetResolver;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
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
        CaptureNames names = new CaptureNames(cfg.cdcSchema(), dialect.maxIdentifierBytes());
        try (HikariDataSource source = CdcTask.sourcePool(cfg, dialect, 3); Target target = TargetResolver.open(cfg, 1)) {
            SharedCaptureObjects shared = new SharedCaptureObjects(dialect, names, cfg.task(), cfg.lockTimeout());
            try {
                return WatermarkProbe.ofTask().run(new CheckContext(cfg, dialect, names, source, target, List.of(), shared, "t", java.util.Set.of()));
            } finally {
                try (var c = source.getConnection()) {
                    shared.removeIfCreated(c);
                }
            }
        }
    }

    /** The dialect with an open-transactions read that lists none. */
    private static SourceDialect forgettingOpenTransactions(SourceDialect real) {
        return (SourceDialect) Proxy.newProxyInstance(SourceDialect.class.getClassLoader(), new Class<?>[] {SourceDialect.class}, (proxy, m, args) -> {
            if (m.getName().equals("readOpenTransactions")) {
                return new OpenTransactions(new long[0], OpenTransactions.NO_BOUND);
            }
            try {
                return m.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }
}
