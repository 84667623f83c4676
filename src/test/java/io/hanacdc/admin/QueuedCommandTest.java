package io.hanacdc.admin;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A command the table cannot run within the wait (its thread busy with a long batch or a load chunk)
 * is answered 202 as queued, not as an error, and does run at the table's next turn.
 */
@IntegrationTest
class QueuedCommandTest {
    @Test
    void aCommandTheTableHasNotRunYetIsQueuedAndRunsLater() throws Exception {
        try (Pipeline p = new Pipeline("queued")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY)");
            p.set("hanacdc.tables", "public.t").start();
            p.awaitConverged(20_000);
            TableApi api = new TableApi(p.task().workers(), List.of(), null, null, null, Duration.ofMillis(200));
            TableApi.Refused reply = assertThrows(TableApi.Refused.class, () -> api.command("public.t", "pause", ""),
                    "nobody ticks the table, so the command cannot run within the wait");
            assertEquals(202, reply.status);
            assertEquals("queued", reply.field());
            assertTrue(reply.getMessage().contains("stays queued"), reply.getMessage());
            TableWorker w = p.task().workers().get(0);
            p.tick();
            assertTrue(w.status().paused(), "the queued pause ran at the next tick: " + w.status());
        }
    }
}
