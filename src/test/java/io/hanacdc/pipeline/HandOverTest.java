package io.hanacdc.pipeline;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A replica told, while its turn waits for a stream slot, that another replica owns the table now goes through that turn
 * with the position it had, and then stands by: losing the table is no failure. (Before, the heartbeat thread dropped the
 * position under the waiting turn, which then failed with a NullPointerException, counted a failure and backed off, at
 * hand-overs.)
 */
@IntegrationTest
class HandOverTest {

    @Test
    void losingTheTableWhileItsTurnWaitsIsNoFailure() throws Exception {
        CountDownLatch inBatch = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger failures = new AtomicInteger();
        ChangeHook holding = new ChangeHook() { // table a's batch holds the only stream slot until released
            @Override
            public ChangeSet beforeApply(SourceTable table, Origin origin, ChangeSet changes) {
                if (table.id().name().equals("a") && origin == Origin.STREAM && !changes.upserts().isEmpty()) {
                    inBatch.countDown();
                    try {
                        release.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return changes;
            }
        };
        TableObserver counting = new TableObserver() {
            @Override
            public void batchApplied(TableId table, int rows, int upserts, int deletes, long nanos) {
            }

            @Override
            public void failed(TableId table) {
                failures.incrementAndGet();
            }
        };
        try (Pipeline p = new Pipeline("handover")) {
            exec(p.sourceUrl, "CREATE TABLE public.a (id int PRIMARY KEY)", "CREATE TABLE public.b (id int PRIMARY KEY)");
            p.set("hanacdc.tables", "public.a,public.b").set("hanacdc.stream.parallel-tables", "1").start(counting, holding);
            p.awaitConverged(20_000);
            TableWorker a = worker(p, "public.a");
            TableWorker b = worker(p, "public.b");
            exec(p.sourceUrl, "INSERT INTO public.a VALUES (1)", "INSERT INTO public.b VALUES (1)");
            Thread first = new Thread(a::poll);
            first.start();
            assertTrue(inBatch.await(20, TimeUnit.SECONDS), "a's batch holds the slot");
            Thread second = new Thread(b::poll);
            second.start();
            while (second.getState() != Thread.State.WAITING && second.getState() != Thread.State.TIMED_WAITING && second.isAlive()) {
                Thread.sleep(10); // b's turn waits for the slot
            }
            b.ownerChanged(false); // the heartbeat thread: another replica owns b now
            release.countDown();
            first.join(20_000);
            second.join(20_000);
            assertEquals(0, failures.get(), "no failure: " + b.status().lastError());
            assertNull(b.status().lastError());
            assertEquals(TableState.STANDBY, b.status().state());

            exec(p.sourceUrl, "INSERT INTO public.b VALUES (2)");
            b.ownerChanged(true); // and back: the next turn reads the position anew and goes on
            p.awaitConverged(20_000);
            assertEquals(0, failures.get());
        }
    }

    private static TableWorker worker(Pipeline p, String table) {
        return p.task().workers().stream().filter(x -> x.table().id().toString().equals(table)).findFirst().orElseThrow();
    }
}
