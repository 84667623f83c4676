package io.hanacdc.admin;

import static io.hanacdc.testing.FreshSource.G;
import static io.hanacdc.testing.FreshSource.G_TEXT;
import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.pipeline.TableState;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.pipeline.TableCommands;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.BehaviourSuite;
import io.hanacdc.testing.FreshSource;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.Workload;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.MethodSource;

/** Operator commands take effect while the task runs: pause, resume, resets, and a re-snapshot under concurrent writes. */
@MethodSource({"io.hanacdc.testing.FixtureMatrix#selected", "io.hanacdc.testing.FixtureMatrix#intoPostgres"})
class TableControlTest extends BehaviourSuite {
    @Test
    void pauseHoldsChangesBackAndResumeAppliesThem() throws Exception {
        FreshSource s = fresh("pause");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("t", Workload.COLUMNS));
            p.set("hanacdc.tables", s.entry("t")).start();
            p.awaitConverged(20_000);
            TableWorker w = p.task().workers().get(0);
            assertTrue(p.command(w, TableCommands.pause()).paused());
            s.exec("INSERT INTO " + s.table("t") + " VALUES (1, 'while paused')");
            for (int i = 0; i < 5; i++) {
                p.tick();
            }
            assertEquals(0, count(p.targetUrl, "SELECT COUNT(*) FROM t"));
            assertEquals(TableState.PAUSED, w.status().state());
            Thread.sleep(300);
            assertTrue(w.lag().toMillis() >= 300, "lag grows while paused: " + w.lag());
            p.stop();
            p.start(); // a pause survives a restart
            p.tick();
            assertEquals(TableState.PAUSED, p.task().workers().get(0).status().state());
            p.command(p.task().workers().get(0), TableCommands.resume());
            p.awaitConverged(20_000);
            assertTrue(p.task().workers().get(0).lag().toMillis() < 2_000, "idle lag is near zero");
        }
    }

    @Test
    void resetsSkipOrReplayChanges() throws Exception {
        FreshSource s = fresh("reset");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("t", Workload.COLUMNS));
            p.set("hanacdc.tables", s.entry("t")).start();
            p.awaitConverged(20_000);
            TableWorker w = p.task().workers().get(0);
            p.command(w, TableCommands.pause());
            s.exec("INSERT INTO " + s.table("t") + " VALUES (1, 'skipped by the reset')");
            p.command(w, TableCommands.resetToLatest());
            p.command(w, TableCommands.resume());
            s.exec("INSERT INTO " + s.table("t") + " VALUES (2, 'after the reset')");
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
        FreshSource s = fresh("resnap");
        try (Pipeline p = s.pipeline(target)) {
            s.exec(s.createTable("big", Workload.COLUMNS), s.insertSeries("big", 1, 5000, G + ", 'v' || " + G_TEXT));
            p.set("hanacdc.tables", s.entry("big")).set("hanacdc.snapshot.chunk-size", "300").start();
            p.awaitConverged(30_000);
            exec(p.targetUrl, "UPDATE big SET v = 'drifted' WHERE id % 10 = 0", "DELETE FROM big WHERE id % 17 = 0"); // drift on the target
            TableWorker w = p.task().workers().get(0);
            Workload writers = new Workload(s, "big", 4000, 3).start();
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
