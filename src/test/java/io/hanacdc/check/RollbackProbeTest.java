package io.hanacdc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.source.SqlWork;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The rollback probes pass on PostgreSQL, and fail on a source whose units are not atomic: a printed script
 * without its transaction, run by a runner that goes on after errors, and a capture change run statement by
 * statement in autocommit. Each leaves the scratch table behind, which the probe must see, not assume.
 */
@IntegrationTest
class RollbackProbeTest {

    @Test
    void unitsThatAreNotAtomicFail() throws Exception {
        try (Pipeline p = new Pipeline("rb_probe")) {
            Pipeline.exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            CdcConfig cfg = p.set("hanacdc.tables", "public.t").config();
            SourceDialect real = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
            for (Probe probe : List.of(RollbackProbe.ofTask(), RollbackProbe.ofScripts())) {
                ProbeResult result = run(cfg, real, probe);
                assertEquals(ProbeResult.Status.PASS, result.status(), result.line());
            }
            ProbeResult script = run(cfg, notAtomic(real), RollbackProbe.ofScripts());
            assertEquals(ProbeResult.Status.FAIL, script.status(), script.line());
            assertTrue(script.detail().contains("a failed INSERT with autocommit on") && script.detail().contains("ON_ERROR_STOP"), script.line());
            ProbeResult task = run(cfg, notAtomic(real), RollbackProbe.ofTask());
            assertEquals(ProbeResult.Status.FAIL, task.status(), task.line());
            assertTrue(task.detail().contains("a DDL syntax error"), task.line());
            assertEquals(0, Pipeline.count(p.sourceUrl, "SELECT COUNT(*) FROM pg_tables WHERE tablename LIKE 'hanacdc_rollback%'"), "nothing left");
        }
    }

    private static ProbeResult run(CdcConfig cfg, SourceDialect dialect, Probe probe) throws Exception {
        return ProbeRuns.run(cfg, dialect, probe);
    }

    /** The dialect with scripts that are the bare statements and units that run each statement in autocommit. */
    private static SourceDialect notAtomic(SourceDialect real) {
        return ProbeRuns.changed(real, Map.of(
                "inTransaction", (p, m, args) -> ((SqlWork<?>) args[2]).run((Connection) args[0]),
                "executeAtomically", (p, m, args) -> {
                    try (var s = ((Connection) args[0]).createStatement()) {
                        for (Object statement : (List<?>) args[1]) {
                            s.execute((String) statement);
                        }
                    }
                    return null;
                },
                "captureSql", (p, m, args) -> ProbeRuns.proxy(CaptureSql.class, real.captureSql((CaptureNames) args[0]),
                        Map.of("asOneTransaction", (p2, m2, a2) -> a2[0]))));
    }
}
