package io.hanacdc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.target.Target;
import io.hanacdc.target.TargetResolver;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.List;
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
        CaptureNames names = new CaptureNames(cfg.cdcSchema(), dialect.maxIdentifierBytes());
        try (HikariDataSource source = CdcTask.sourcePool(cfg, dialect, 3); Target target = TargetResolver.open(cfg, 1)) {
            SharedCaptureObjects shared = new SharedCaptureObjects(dialect, names, cfg.task(), cfg.lockTimeout());
            try {
                return new SequenceSettingsProbe().run(new CheckContext(cfg, dialect, names, source, target, List.of(), shared, "t", java.util.Set.of()));
            } finally {
                try (Connection c = source.getConnection()) {
                    shared.removeIfCreated(c);
                }
            }
        }
    }

    /** The dialect with a settings read that finds every sequence fine. */
    private static SourceDialect blind(SourceDialect real) {
        return (SourceDialect) Proxy.newProxyInstance(SourceDialect.class.getClassLoader(), new Class<?>[] {SourceDialect.class}, (proxy, m, args) -> {
            if (m.getName().equals("sequenceDeparture")) {
                return Optional.empty();
            }
            try {
                return m.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        });
    }
}
