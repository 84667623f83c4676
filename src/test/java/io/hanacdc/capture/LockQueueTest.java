package io.hanacdc.capture;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.cli.DirectCommands;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A capture change (here alter) never waits in line for its table's exclusive lock: while a long transaction holds the
 * table, writers that come after it go on (a queued exclusive request would block them all), and the change is made
 * once the table is free, within hanacdc.install.lock-timeout-ms.
 */
@IntegrationTest
class LockQueueTest {
    @Test
    void writersAreNotQueuedBehindACaptureChangeWaitingForTheTable() throws Exception {
        try (Pipeline p = new Pipeline("lockq")) {
            exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)");
            p.set("hanacdc.tables", "public.t").set("hanacdc.install.lock-timeout-ms", "20000").start();
            p.awaitConverged(20_000);
            try (Connection batch = TestDatabases.connect(p.sourceUrl); Statement b = batch.createStatement()) {
                batch.setAutoCommit(false);
                b.execute("INSERT INTO public.t VALUES (1, 'the long batch job')"); // holds the table until it commits
                CompletableFuture<Void> alter = CompletableFuture.runAsync(() -> {
                    try {
                        new DirectCommands(p.config(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))
                                .alter("public.t", "ADD COLUMN w int", p.config().source());
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                });
                Thread.sleep(1500); // the alter is trying for the lock by now
                exec(p.sourceUrl, "SET lock_timeout = '2s'; INSERT INTO public.t VALUES (2, 'a writer after the alter asked')");
                assertTrue(!alter.isDone(), "the alter waits for the batch job");
                batch.commit();
                alter.get(20, TimeUnit.SECONDS);
            }
            assertEquals(1, count(p.sourceUrl, "SELECT COUNT(*) FROM information_schema.columns WHERE table_name = 't' AND column_name = 'w'"));
            p.awaitConverged(30_000);
        }
    }
}
