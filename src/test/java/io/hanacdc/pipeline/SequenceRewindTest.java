package io.hanacdc.pipeline;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import org.junit.jupiter.api.Test;

/**
 * A source restored from a backup, copied from another system, or taken over by a system-replication
 * secondary can hand out data ids below a table's stored position. The stream must not take the lower
 * high-water mark as its new base: the rows written in between would be skipped without a word. The
 * table fails with the reason, the schema check stops it with the runbook, and the documented remedy
 * (reset to latest, then re-snapshot) brings it back. A sequence whose settings changed stops every table.
 */
@IntegrationTest
class SequenceRewindTest {
    @Test
    void aSequenceBelowThePositionFailsTheTableInsteadOfSkippingRows() throws Exception {
        try (Pipeline p = new Pipeline("rewind")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.t").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "SELECT setval('hanacdc.hanacdc_data_id', 1000)");
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (1, 'before the restore')");
            p.awaitConverged(20_000);

            exec(p.sourceUrl, "ALTER SEQUENCE hanacdc.hanacdc_data_id RESTART WITH 500",
                    "INSERT INTO public.t VALUES (2, 'after the restore')");
            TableWorker w = p.task().workers().get(0);
            for (int i = 0; i < 5; i++) {
                p.tick();
            }
            TableStatus status = w.status();
            assertNotNull(status.lastError(), "the table reports the rewind instead of moving on: " + status);
            assertTrue(status.lastError().contains("went back"), status.lastError());
            assertEquals(0, count(p.targetUrl, "SELECT COUNT(*) FROM t WHERE id = 2"));

            p.task().checkSchemas(); // a takeover, restore or copy found by the check: the table stops with the runbook
            assertEquals(TableState.STOPPED, w.status().state(), w.status().toString());
            assertTrue(w.status().lastError().contains("system-replication secondary took over")
                    && w.status().lastError().contains("reset public.t --to latest"), w.status().lastError());

            p.command(w, TableCommands.resetToLatest());
            p.command(w, TableCommands.resnapshot());
            p.task().checkSchemas();
            assertTrue(w.status().state() != TableState.STOPPED, "the reset position is within the sequence again: " + w.status());
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "INSERT INTO public.t VALUES (3, 'streamed again')");
            p.awaitConverged(20_000);
        }
    }

    /**
     * The watermark relies on the sequence handing out ids one at a time and in order (CACHE 1 on PostgreSQL, NO CACHE on
     * SAP HANA): a change to a cache, the usual cure for sequence contention, stops every table at the next schema check
     * with the statement that restores it, and a task started on such a sequence stops its tables at once.
     */
    @Test
    void aSequenceThatCachesStopsEveryTable() throws Exception {
        try (Pipeline p = new Pipeline("seqcache")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.t").start();
            p.awaitConverged(20_000);
            exec(p.sourceUrl, "ALTER SEQUENCE hanacdc.hanacdc_data_id CACHE 20");
            p.task().checkSchemas();
            for (TableWorker w : p.task().workers()) {
                assertEquals(TableState.STOPPED, w.status().state(), w.status().toString());
                assertTrue(w.status().lastError().contains("CACHE 20") && w.status().lastError().contains("INCREMENT BY 1 CACHE 1 NO CYCLE"),
                        w.status().lastError());
            }
            p.stop();
            p.start();
            for (TableWorker w : p.task().workers()) {
                assertEquals(TableState.STOPPED, w.status().state(), "stopped from the start: " + w.status());
            }
        }
    }
}
