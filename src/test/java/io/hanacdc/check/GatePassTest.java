package io.hanacdc.check;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;

/**
 * The gate before {@code run} proves the installed capture once: its probes run on the first start after capture is
 * installed and record the pass; the next starts skip them while the capture and the settings the probes read stay
 * the same, and run them again after a capture version changes or such a setting does.
 */
@IntegrationTest
class GatePassTest {

    @Test
    void theProbesRunOncePerInstalledCaptureAndProbedSettings() throws Exception {
        try (Pipeline p = new Pipeline("gate_once")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.t");
            assertTrue(gate(p), "nothing installed yet: the probes run");
            assertTrue(gate(p), "still nothing installed: a pass without capture is not recorded");
            p.start();
            p.stop();
            assertTrue(gate(p), "the first start with capture installed runs the probes");
            assertFalse(gate(p), "the same capture and settings: the recorded pass stands");
            assertFalse(gate(p), "and stands on every later start");

            exec(p.sourceUrl, "UPDATE " + p.config().cdcSchema() + ".hanacdc_capture SET version = version + 1 WHERE source_table = 't'");
            assertTrue(gate(p), "a new capture version is proved again");
            assertFalse(gate(p), "once");

            p.set("hanacdc.install.lock-timeout-ms", "7000");
            assertTrue(gate(p), "a setting the probes read changed: proved again");
            assertFalse(gate(p), "once");

            p.set("hanacdc.batch-size", "7");
            assertFalse(gate(p), "a setting no probe reads changes nothing");
        }
    }

    /** A check is no gate: it runs every probe whatever was recorded. */
    @Test
    void checkRunsEveryProbeAfterARecordedPass() throws Exception {
        try (Pipeline p = new Pipeline("gate_check")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.t");
            p.start();
            p.stop();
            assertTrue(gate(p));
            assertFalse(gate(p));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            assertTrue(new Preflight(p.config()).check(new PrintStream(out, true), false));
            assertTrue(out.toString().contains("PASS source privileges"), out.toString());
            assertTrue(out.toString().contains("target round trip"), out.toString());
        }
    }

    private static boolean gate(Pipeline p) throws Exception {
        return new Preflight(p.config()).gate("run");
    }
}
