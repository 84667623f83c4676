package io.hanacdc.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.source.OtherWrite;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The probe of writes besides INSERT, UPDATE and DELETE passes on PostgreSQL (INSERT … ON CONFLICT both ways, MERGE
 * where the server has it) and fails for a write that changes rows past the capture triggers: it sees the CDC row,
 * not assumes it.
 */
@IntegrationTest
class OtherWritesProbeTest {

    @Test
    void aWriteThatBypassesTheTriggersFails() throws Exception {
        try (Pipeline p = new Pipeline("ow_probe")) {
            Pipeline.exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            CdcConfig cfg = p.set("hanacdc.tables", "public.t").config();
            SourceDialect real = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
            ProbeResult ok = ProbeRuns.run(cfg, real, new OtherWritesProbe());
            assertEquals(ProbeResult.Status.PASS, ok.status(), ok.line());
            List<OtherWrite> writes = new ArrayList<>(real.otherWrites());
            writes.add(new OtherWrite("a load past the triggers", "ALTER TABLE %1$s DISABLE TRIGGER ALL; INSERT INTO %1$s VALUES (5, 50);"
                    + " ALTER TABLE %1$s ENABLE TRIGGER ALL", 5, 50, false));
            ProbeResult bypassed = ProbeRuns.run(cfg, ProbeRuns.changed(real, Map.of("otherWrites", (x, m, a) -> writes)), new OtherWritesProbe());
            assertEquals(ProbeResult.Status.FAIL, bypassed.status(), bypassed.line());
            assertTrue(bypassed.detail().startsWith("a load past the triggers: no CDC row"), bypassed.line());
        }
    }
}
