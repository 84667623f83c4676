package io.hanacdc.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

/**
 * The pools turns run on: a turn its threads cannot take at once waits in the queue, never runs on the thread that
 * queued it (the tick's, or a turn's queueing its table again); once stopping, a turn is refused.
 */
class TurnPoolTest {
    @Test
    void turnsBeyondTheThreadsWaitInTheQueue() throws Exception {
        try (DefaultCamelContext camel = new DefaultCamelContext()) {
            camel.start();
            ExecutorService pool = TableRoutes.pool(camel, this, "test-turn", 1, 3);
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch done = new CountDownLatch(3);
            Set<Thread> ran = ConcurrentHashMap.newKeySet();
            for (int table = 0; table < 3; table++) {
                pool.execute(() -> {
                    ran.add(Thread.currentThread());
                    try {
                        release.await(5, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    done.countDown();
                });
            }
            assertFalse(ran.contains(Thread.currentThread()), "a turn ran on the thread that queued it");
            release.countDown();
            assertTrue(done.await(10, TimeUnit.SECONDS), "the queued turns ran");
            assertEquals(1, ran.size(), "one thread took the three turns in order");
            pool.shutdown();
            assertThrows(RejectedExecutionException.class, () -> pool.execute(() -> { }), "stopping: refused, not run by the caller");
        }
    }
}
