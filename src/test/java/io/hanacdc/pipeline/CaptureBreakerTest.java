package io.hanacdc.pipeline;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import org.junit.jupiter.api.Test;

/**
 * The capture circuit breaker: a CDC table holding more rows than hanacdc.capture.max-pending-rows (here a paused
 * table's, by the catalog's count) has its table's capture suspended at the purge, and the table stops saying why.
 */
@IntegrationTest
class CaptureBreakerTest {
    @Test
    void aCdcTableBeyondTheLimitSuspendsItsCapture() throws Exception {
        try (Pipeline p = new Pipeline("breaker")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            p.set("hanacdc.tables", "public.t").set("hanacdc.capture.max-pending-rows", "20").start();
            p.awaitConverged(20_000);
            TableWorker w = p.task().workers().stream().filter(x -> x.table().id().name().equals("t")).findFirst().orElseThrow();
            p.command(w, TableCommands.pause());
            exec(p.sourceUrl, "INSERT INTO public.t SELECT g FROM generate_series(1, 50) g", "ANALYZE hanacdc.\"public$t\"");
            p.task().purge(p.task().purger(p.config()), p.task().breaker(p.config()));
            assertEquals(0, count(p.sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE tgname LIKE 'public$t$%' AND tgenabled <> 'D'"),
                    "capture suspended");
            assertEquals(TableState.STOPPED, w.status().state(), w.status().toString());
            assertTrue(w.status().lastError().contains("suspended"), w.status().lastError());
        }
    }
}
