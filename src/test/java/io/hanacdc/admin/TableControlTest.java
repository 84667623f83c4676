package io.hanacdc.admin;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.pipeline.TableCommands;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TargetSuite;
import io.hanacdc.testing.Workload;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/** Operator commands take effect while the task runs: pause, resume, resets, and a re-snapshot under concurrent writes. */
@MethodSource("io.hanacdc.testing.TargetFixture#selected")
class TableControlTest extends TargetSuite {
    @Test
    void pauseHoldsChangesBackAndResumeAppliesThem() throws Exception {
        try (Pipeline p = new Pipeline("pause", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.t").start();
            p.awaitConverged(20_000);
            TableWorker w = p.task().workers().get(0);
            assertTrue(p.command(w, TableCommands.pause()).paused());
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (1, 'while paused')");
            for (int i = 0; i < 5; i++) {
                p.tick();
            }
            assertEquals(0, count(p.targetUrl, "SELECT COUNT(*) FROM t"));
            assertEquals("paused", w.status().state());
            Thread.sleep(300);
            assertTrue(w.lag().toMillis() >= 300, "lag grows while paused: " + w.lag());
            p.stop();
            p.start(); // a pause survives a restart
            p.tick();
            assertEquals("paused", p.task().workers().get(0).status().state());
            p.command(p.task().workers().get(0), TableCommands.resume());
            p.awaitConverged(20_000);
            assertTrue(p.task().workers().get(0).lag().toMillis() < 2_000, "idle lag is near zero");
        }
    }

    @Test
    void resetsSkipOrReplayChanges() throws Exception {
        try (Pipeline p = new Pipeline("reset", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.t").start();
            p.awaitConverged(20_000);
            TableWorker w = p.task().workers().get(0);
            p.command(w, TableCommands.pause());
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (1, 'skipped by the reset')");
            p.command(w, TableCommands.resetToLatest());
            p.command(w, TableCommands.resume());
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (2, 'after the reset')");
            for (int i = 0; i < 5; i++) {
                p.tick();
            }
            assertEquals(0, count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE id = 1"), "reset to latest skipped row 1");
            assertEquals(1, count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE id = 2"));

            p.command(w, TableCommands.resetToDataId(0)); // replay everything captured
            p.awaitConverged(20_000);

            exec(p.targetUrl, "DELETE FROM t");
            p.command(w, TableCommands.resetToTime(Instant.now().minus(Duration.ofHours(1))));
            p.awaitConverged(20_000);
        }
    }

    @Test
    void resnapshotRepairsDriftWhileConcurrentChangesAreNeitherLostNorReverted() throws Exception {
        try (Pipeline p = new Pipeline("resnap", target)) {
            exec(p.sourceUrl, "CREATE TABLE public.big (id int PRIMARY KEY, v text)",
                    "INSERT INTO public.big SELECT g, md5(g::text) FROM generate_series(1, 5000) g");
            p.set("hanacdc.tables", "public.big").set("hanacdc.snapshot.chunk-size", "300").start();
            p.awaitConverged(30_000);
            exec(p.targetUrl, "UPDATE big SET v = 'drifted' WHERE id % 10 = 0", "DELETE FROM big WHERE id % 17 = 0"); // drift on the target
            TableWorker w = p.task().workers().get(0);
            Workload writers = new Workload(p.sourceUrl, "public.big", 4000, 3).start();
            assertEquals(Position.Phase.RESNAPSHOT, p.command(w, TableCommands.resnapshot()).phase());
            long end = System.currentTimeMillis() + 20_000;
            while (!"STREAMING".equals(w.status().phase()) && System.currentTimeMillis() < end) {
                p.tick();
            }
            writers.stopAndJoin();
            assertEquals("STREAMING", w.status().phase(), "the resnapshot finished");
            p.awaitConverged(30_000);
        }
    }
}
