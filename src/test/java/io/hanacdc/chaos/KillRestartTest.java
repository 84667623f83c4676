package io.hanacdc.chaos;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.Workload;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The real application in its own process, killed with SIGKILL at random moments (during the
 * initial load and while streaming) under a live workload, then restarted. At the end the target
 * equals the source, and the applied-row counter kept with the positions equals the number of CDC
 * rows after the start position: nothing lost, nothing applied twice.
 */
@IntegrationTest
class KillRestartTest {
    private static final int CYCLES = Integer.getInteger("hanacdc.test.kill-cycles", 4);

    private static Process launch(Pipeline p, int n) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "io.hanacdc.Application", "run");
        pb.environment().put("HANACDC_SOURCE_URL", p.sourceUrl);
        pb.environment().put("HANACDC_TARGET_URL", p.targetUrl);
        pb.environment().put("HANACDC_TABLES", "public.k");
        pb.environment().put("HANACDC_TASK", "test");
        pb.environment().put("HANACDC_BATCH_SIZE", "50");
        pb.environment().put("HANACDC_SNAPSHOT_CHUNK_SIZE", "500");
        pb.environment().put("HANACDC_POLL_INTERVAL_MS", "50");
        File log = new File("target/kill-restart-" + n + ".log");
        pb.redirectErrorStream(true).redirectOutput(log);
        return pb.start();
    }

    @Test
    void killedAndRestartedProcessesLoseNothingAndApplyNothingTwice() throws Exception {
        Random rnd = new Random(42);
        try (Pipeline p = new Pipeline("kill")) {
            exec(p.sourceUrl, "CREATE TABLE public.k (id int PRIMARY KEY, v text)",
                    "INSERT INTO public.k SELECT g, md5(g::text) FROM generate_series(1, 30000) g");
            String position = "SELECT COUNT(*) FROM hanacdc_position WHERE task = 'test' AND source_table = 'k'";
            Process first = launch(p, 0);
            long deadline = System.currentTimeMillis() + 60_000;
            while (tableMissing(p) || count(p.targetUrl, position) == 0) {
                assertTrue(first.isAlive() && System.currentTimeMillis() < deadline, "first run did not record a start position");
                Thread.sleep(20);
            }
            long startHigh = count(p.targetUrl, "SELECT base_high FROM hanacdc_position WHERE task = 'test' AND source_table = 'k'");
            Workload w = new Workload(p.sourceUrl, "public.k", 20_000, 4).start();
            Process running = first;
            for (int cycle = 1; cycle <= CYCLES; cycle++) {
                Thread.sleep(300 + rnd.nextInt(2500));
                running.destroyForcibly().waitFor(); // SIGKILL: no shutdown hook, no final checkpoint
                running = launch(p, cycle);
            }
            w.stopAndJoin();
            try {
                long end = System.currentTimeMillis() + 120_000;
                List<String> diff;
                do {
                    Thread.sleep(500);
                    diff = differences(p);
                } while (!diff.isEmpty() && System.currentTimeMillis() < end);
                assertEquals(List.of(), diff, "target equals source after " + CYCLES + " kills");
                long cdcRows = count(p.sourceUrl, "SELECT COUNT(*) FROM hanacdc.\"public$k\" WHERE \"__$DATA_ID\" > " + startHigh);
                long applied = count(p.targetUrl, "SELECT rows_applied FROM hanacdc_position WHERE task = 'test' AND source_table = 'k'");
                assertEquals(cdcRows, applied, "every CDC row after the start position applied exactly once");
                System.out.printf("kill/restart: %d kills survived, %d transactions committed, %d rolled back, %d CDC rows applied once%n",
                        CYCLES, w.committed.get(), w.rolledBack.get(), applied);
            } finally {
                running.destroyForcibly().waitFor();
            }
        }
    }

    private static boolean tableMissing(Pipeline p) throws Exception {
        return count(p.targetUrl, "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = DATABASE()"
                + " AND table_name = 'hanacdc_position'") == 0;
    }

    private static List<String> differences(Pipeline p) throws Exception {
        List<String> src = Pipeline.rows(p.sourceUrl, "SELECT id, v FROM public.k ORDER BY id");
        List<String> dst = Pipeline.rows(p.targetUrl, "SELECT id, v FROM k ORDER BY id");
        return src.equals(dst) ? List.of() : List.of("source " + src.size() + " rows, target " + dst.size() + " rows differ");
    }
}
