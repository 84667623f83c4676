package io.hanacdc.pipeline;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.stream.ChangeHook;
import io.hanacdc.stream.ChangeSet;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.testing.Workload;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The vanished-row check (on PostgreSQL only when enabled): rows removed at the source past the
 * triggers (session_replication_role = replica, as SAP HANA's TRUNCATE is) are found and the table is
 * loaded again while writers go on, and a table whose rows all left through captured changes is never
 * re-loaded: under a concurrent write and delete workload, nor when the removals are held back by a
 * transaction that commits between the stream's last batch and the check, nor with a captured
 * TRUNCATE on its way.
 */
@IntegrationTest
class VanishCheckTest {
    /** Counts re-loads per table. */
    private static final class Reloads implements TableObserver {
        final Map<TableId, AtomicInteger> counts = new ConcurrentHashMap<>();

        @Override
        public void batchApplied(TableId table, int rows, int upserts, int deletes, long nanos) {
        }

        @Override
        public void failed(TableId table) {
        }

        @Override
        public void vanished(TableId table) {
            counts.computeIfAbsent(table, t -> new AtomicInteger()).incrementAndGet();
        }

        int of(String table) {
            AtomicInteger n = counts.get(new TableId("public", table));
            return n == null ? 0 : n.get();
        }
    }

    private static Pipeline pipeline(String name) throws Exception {
        return new Pipeline(name).set("hanacdc.vanish-check.interval-s", "1");
    }

    /** Creates public.t(id, v) with the given ids loaded, starts the task on it and waits for the initial load. */
    private static void startLoaded(Pipeline p, int from, int to, Reloads reloads, ChangeHook hook) throws Exception {
        exec(p.sourceUrl, "CREATE TABLE public.t (id int PRIMARY KEY, v text)",
                "INSERT INTO public.t SELECT g, 'loaded' FROM generate_series(" + from + ", " + to + ") g");
        p.set("hanacdc.tables", "public.t").start(reloads, hook);
        p.awaitConverged(30_000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"DELETE FROM public.t", "TRUNCATE public.t", "DELETE FROM public.t WHERE id > 100500"})
    void rowsRemovedPastTheTriggersAreFoundAndTheTableLoadedAgainWhileWritersGoOn(String bypass) throws Exception {
        try (Pipeline p = pipeline("vanish")) {
            Reloads reloads = new Reloads();
            // the loaded rows lie outside the writers' keys: only the bypassing statement removes them
            startLoaded(p, 100001, 101000, reloads, ChangeHook.NONE);
            Workload writers = new Workload(p.sourceUrl, "public.t", 300, 2).start();
            try {
                tickFor(p, 1500);
                bypassTriggers(p, bypass);
                long deadline = System.currentTimeMillis() + 30_000;
                while (reloads.of("t") == 0 && System.currentTimeMillis() < deadline) {
                    p.tick();
                    Thread.sleep(50);
                }
                tickFor(p, 2000); // the re-load runs with the writers
            } finally {
                writers.stopAndJoin();
            }
            p.awaitConverged(60_000);
            assertEquals(1, reloads.of("t"), "one vanishing, one re-load");
            assertTrue(writers.committed.get() > 0);
        }
    }

    @Test
    void aTableWhoseRowsLeaveThroughCapturedChangesIsNeverLoadedAgain() throws Exception {
        try (Pipeline p = pipeline("vanish_none")) {
            Reloads reloads = new Reloads();
            startLoaded(p, 1, 600, reloads, ChangeHook.NONE);
            Workload writers = new Workload(p.sourceUrl, "public.t", 300, 4).start();
            try (Connection c = TestDatabases.connect(p.sourceUrl); Statement s = c.createStatement()) {
                c.setAutoCommit(false);
                long until = System.currentTimeMillis() + 12_000;
                for (int round = 0; System.currentTimeMillis() < until; round++) {
                    // bulk deletes held open across polls, then committed
                    s.execute("DELETE FROM public.t WHERE id % 7 = " + round % 7 + " AND id > 300");
                    tickFor(p, 300);
                    c.commit();
                    tickFor(p, 200);
                }
            } finally {
                writers.stopAndJoin();
            }
            p.awaitConverged(60_000);
            assertEquals(0, reloads.of("t"), "no row vanished past the triggers");
            assertTrue(writers.committed.get() > 100, "the writers wrote: " + writers.committed.get());
        }
    }

    /**
     * The removing transaction commits right after the stream's last batch was stored (in the hook, on
     * the table's thread), so the check that follows sees the rows gone at the source while its position
     * still holds their CDC rows back as of an open transaction: they count as removals not applied. A
     * captured TRUNCATE held back that way removes any number of rows: no decision on it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"DELETE FROM public.t WHERE id <= 40", "TRUNCATE public.t"})
    void removalsHeldBackByATransactionThatCommitsBeforeTheCheckAreNoVanishing(String removal) throws Exception {
        try (Pipeline p = pipeline("vanish_held")) {
            Reloads reloads = new Reloads();
            AtomicReference<Connection> commitAfterBatch = new AtomicReference<>();
            ChangeHook hook = new ChangeHook() {
                @Override
                public void afterCommit(SourceTable table, Origin origin, ChangeSet changes) {
                    if (!table.id().name().equals("t")) {
                        return; // the heartbeat table's batches
                    }
                    Connection c = commitAfterBatch.getAndSet(null);
                    if (c != null) {
                        try {
                            c.commit();
                        } catch (java.sql.SQLException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
            };
            startLoaded(p, 1, 50, reloads, hook);
            try (Connection c = TestDatabases.connect(p.sourceUrl); Statement s = c.createStatement()) {
                exec(p.sourceUrl, "INSERT INTO public.t VALUES (1000, 'the batch the removal commits after')");
                c.setAutoCommit(false);
                s.execute(removal);
                Thread.sleep(1100); // the check is due at the next tick
                commitAfterBatch.set(c);
                p.tick();
                assertEquals(null, commitAfterBatch.get(), "the removal committed after the batch");
                assertEquals(0, reloads.of("t"), "the check counted the held-back removals");
            }
            p.awaitConverged(30_000);
            assertEquals(0, reloads.of("t"));
        }
    }

    private static void tickFor(Pipeline p, long millis) throws InterruptedException {
        long until = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < until) {
            p.tick();
            Thread.sleep(20);
        }
    }

    /**
     * The statement past the triggers. It first waits for the writers' open transactions and holds new ones back
     * (SHARE ROW EXCLUSIVE), so a whole-table DELETE cannot deadlock with a writer's multi-row transaction.
     */
    private static void bypassTriggers(Pipeline p, String bypass) throws Exception {
        try (Connection c = TestDatabases.connect(p.sourceUrl); Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute("SET LOCAL session_replication_role = replica");
            s.execute("LOCK TABLE public.t IN SHARE ROW EXCLUSIVE MODE");
            s.execute(bypass);
            c.commit();
        }
    }
}
