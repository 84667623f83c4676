package io.hanacdc.pipeline;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The task's tick: quiet tables without rows in their window move on without a turn; a table gets a turn when a
 * row of its own arrives, including a row whose transaction took its id before one tick and committed after it.
 */
@IntegrationTest
class TickSchedulerTest {
    private static final int TABLES = 30;

    /** Counts the turns handed to it. */
    private static final class CountingExecutor extends AbstractExecutorService {
        final ExecutorService pool;
        final AtomicInteger turns = new AtomicInteger();

        CountingExecutor(int threads) {
            pool = Executors.newFixedThreadPool(threads);
        }

        CountingExecutor() {
            this(2);
        }

        @Override
        public void execute(Runnable r) {
            turns.incrementAndGet();
            pool.execute(r);
        }

        @Override
        public void shutdown() {
            pool.shutdown();
        }

        @Override
        public List<Runnable> shutdownNow() {
            return pool.shutdownNow();
        }

        @Override
        public boolean isShutdown() {
            return pool.isShutdown();
        }

        @Override
        public boolean isTerminated() {
            return pool.isTerminated();
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
            return pool.awaitTermination(timeout, unit);
        }
    }

    @Test
    void quietTablesMoveOnWithoutATurnAndAChangedTableGetsOne() throws Exception {
        try (Pipeline p = new Pipeline("tick")) {
            String tables = createTables(p);
            exec(p.sourceUrl, "INSERT INTO public.t3 VALUES (1, 'loaded')");
            p.set("hanacdc.tables", tables);
            CdcTask task = p.start();
            CountingExecutor turns = new CountingExecutor();
            CountingExecutor loads = new CountingExecutor();
            try (TickScheduler scheduler = task.scheduler(TickPace.everyTick(), turns, loads)) {
                tickUntilQuiet(task, scheduler);
                assertEquals(1, count(p.targetUrl, "SELECT COUNT(*) FROM t3"), "loaded");
                assertTrue(loads.turns.get() >= TABLES, "every table was started with a turn of its own");

                int before = turns.turns.get() + loads.turns.get();
                for (int i = 0; i < 5; i++) {
                    scheduler.tick();
                }
                assertEquals(before, turns.turns.get() + loads.turns.get(), "idle: no table gets a turn");

                exec(p.sourceUrl, "INSERT INTO public.t17 VALUES (1, 'new')");
                scheduler.tick();
                awaitRow(p.targetUrl, "SELECT COUNT(*) FROM t17", 1);
                assertEquals(before + 1, turns.turns.get() + loads.turns.get(), "only the changed table gets a turn");

                // an id taken before a tick by a transaction that commits after it, and no write after that
                try (Connection open = DriverManager.getConnection(p.sourceUrl)) {
                    open.setAutoCommit(false);
                    open.createStatement().execute("INSERT INTO public.t5 VALUES (1, 'late')");
                    scheduler.tick();
                    scheduler.tick();
                    tickUntilQuiet(task, scheduler);
                    assertEquals(0, count(p.targetUrl, "SELECT COUNT(*) FROM t5"), "held back while its transaction is open");
                    open.commit();
                }
                scheduler.tick();
                awaitRow(p.targetUrl, "SELECT COUNT(*) FROM t5", 1);

                // one table's capture table unreadable: the statement asking about all fails, the others go on
                exec(p.sourceUrl, "ALTER TABLE hanacdc.\"public$t9\" RENAME TO \"moved away\"", "INSERT INTO public.t20 VALUES (1, 'still')");
                scheduler.tick();
                awaitRow(p.targetUrl, "SELECT COUNT(*) FROM t20", 1);
                assertEquals(TableState.RETRYING, task.workers().stream().filter(w -> w.table().id().name().equals("t9")).findFirst().orElseThrow()
                        .status().state(), "the table whose capture table is gone retries alone");
            }
        }
    }

    /**
     * A replica asks only about the tables it runs: a capture table of another replica's table is not in its
     * statements (were it, the statement would fail there and every probed table would read its own batch).
     */
    @Test
    void aReplicaAsksOnlyAboutItsOwnTables() throws Exception {
        try (Pipeline p = new Pipeline("tickshare")) {
            p.set("hanacdc.tables", createTables(p));
            CdcTask task = p.start();
            CountingExecutor turns = new CountingExecutor();
            CountingExecutor loads = new CountingExecutor();
            try (TickScheduler scheduler = task.scheduler(TickPace.everyTick(), turns, loads)) {
                tickUntilQuiet(task, scheduler);
                for (int i = 10; i < TABLES; i++) {
                    worker(task, "t" + i).ownerChanged(false);
                }
                exec(p.sourceUrl, "ALTER TABLE hanacdc.\"public$t25\" RENAME TO \"elsewhere\"");
                int before = turns.turns.get() + loads.turns.get();
                exec(p.sourceUrl, "INSERT INTO public.t3 VALUES (1, 'mine')");
                scheduler.tick();
                awaitRow(p.targetUrl, "SELECT COUNT(*) FROM t3", 1);
                assertEquals(before + 1, turns.turns.get() + loads.turns.get(), "only the changed table gets a turn");
            }
        }
    }

    /** Initial loads take turns on the loads' threads: a small table is loaded while a large one is still being copied. */
    @Test
    void loadsTakeTurns() throws Exception {
        try (Pipeline p = new Pipeline("loadturns")) {
            exec(p.sourceUrl, "CREATE TABLE public.big (id int PRIMARY KEY, v text)", "CREATE TABLE public.small (id int PRIMARY KEY, v text)",
                    "INSERT INTO public.big SELECT g, 'row ' || g FROM generate_series(1, 300000) g", "INSERT INTO public.small VALUES (1, 'a')");
            p.set("hanacdc.tables", "public.big,public.small");
            CdcTask task = p.start();
            try (TickScheduler scheduler = task.scheduler(TickPace.everyTick(), new CountingExecutor(), new CountingExecutor(1))) {
                TableWorker big = task.workers().stream().filter(w -> w.table().id().name().equals("big")).findFirst().orElseThrow();
                TableWorker small = task.workers().stream().filter(w -> w.table().id().name().equals("small")).findFirst().orElseThrow();
                long deadline = System.currentTimeMillis() + 60_000;
                while (!small.status().phase().equals("STREAMING")) {
                    assertTrue(System.currentTimeMillis() < deadline, "the small table was not loaded");
                    scheduler.tick();
                    Thread.sleep(100);
                }
                assertEquals("SNAPSHOT", big.status().phase(), "the large table is still being copied, in turns");
                assertTrue(big.status().rowsSnapshotted() > 0, "and it has begun");
                tickUntilQuiet(task, scheduler);
                assertEquals(300_000, count(p.targetUrl, "SELECT COUNT(*) FROM big"));
            }
        }
    }

    /**
     * Loads share the stream slots: with one slot, a load holds it while it copies, and a streaming table's change is
     * applied while two loads are still under way.
     */
    @Test
    void loadsShareTheStreamSlots() throws Exception {
        try (Pipeline p = new Pipeline("loadslots")) {
            exec(p.sourceUrl, "CREATE TABLE public.big1 (id int PRIMARY KEY, v text)", "CREATE TABLE public.big2 (id int PRIMARY KEY, v text)",
                    "CREATE TABLE public.live (id int PRIMARY KEY, v text)",
                    "INSERT INTO public.big1 SELECT g, 'row ' || g FROM generate_series(1, 300000) g",
                    "INSERT INTO public.big2 SELECT g, 'row ' || g FROM generate_series(1, 300000) g");
            p.set("hanacdc.tables", "public.big1,public.big2,public.live").set("hanacdc.stream.parallel-tables", "1");
            CdcTask task = p.start();
            try (TickScheduler scheduler = task.scheduler(TickPace.everyTick(), new CountingExecutor(1), new CountingExecutor(1))) {
                TableWorker live = worker(task, "live");
                List<TableWorker> big = List.of(worker(task, "big1"), worker(task, "big2"));
                StreamSlots slots = live.slots();
                boolean loadHeldTheSlot = false;
                long deadline = System.currentTimeMillis() + 60_000;
                while (!live.status().phase().equals("STREAMING") || big.stream().anyMatch(b -> b.status().rowsSnapshotted() == 0)) {
                    assertTrue(System.currentTimeMillis() < deadline, "the loads did not begin");
                    scheduler.tick();
                    Thread.sleep(20);
                }
                for (int i = 0; i < 500 && !loadHeldTheSlot; i++) { // the streaming table is quiet: only a load can hold it
                    loadHeldTheSlot = slots.inUse() == 1 && !scheduler.busy(live);
                    Thread.sleep(2);
                }
                assertTrue(loadHeldTheSlot, "a load took the slot");
                exec(p.sourceUrl, "INSERT INTO public.live VALUES (1, 'during the loads')");
                while (count(p.targetUrl, "SELECT COUNT(*) FROM live") == 0) {
                    assertTrue(System.currentTimeMillis() < deadline, "the streaming table waited for the loads");
                    scheduler.tick();
                    Thread.sleep(20);
                }
                assertTrue(big.stream().allMatch(b -> b.status().phase().equals("SNAPSHOT")), "both loads are still under way");
                tickUntilQuiet(task, scheduler);
                assertEquals(300_000, count(p.targetUrl, "SELECT COUNT(*) FROM big2"));
            }
        }
    }

    /**
     * A table given up to another replica while it loads leaves its turns at once, so it can be handed over, and keeps
     * no position of its own (its purge would use it); given back, its load goes on from the chunks committed.
     */
    @Test
    void aTableGivenUpDuringItsLoadLeavesItsTurns() throws Exception {
        try (Pipeline p = new Pipeline("loadgivenup")) {
            exec(p.sourceUrl, "CREATE TABLE public.big (id int PRIMARY KEY, v text)",
                    "INSERT INTO public.big SELECT g, 'row ' || g FROM generate_series(1, 300000) g");
            p.set("hanacdc.tables", "public.big");
            CdcTask task = p.start();
            try (TickScheduler scheduler = task.scheduler(TickPace.everyTick(), new CountingExecutor(), new CountingExecutor(1))) {
                TableWorker big = task.workers().stream().filter(w -> w.table().id().name().equals("big")).findFirst().orElseThrow();
                long deadline = System.currentTimeMillis() + 60_000;
                while (big.status().rowsSnapshotted() == 0) {
                    assertTrue(System.currentTimeMillis() < deadline, "the load did not begin");
                    scheduler.tick();
                    Thread.sleep(50);
                }
                big.ownerChanged(false);
                deadline = System.currentTimeMillis() + 10_000;
                while (scheduler.busy(big)) {
                    assertTrue(System.currentTimeMillis() < deadline, "the table given up stays in its load turns");
                    scheduler.tick();
                    Thread.sleep(50);
                }
                for (int i = 0; i < 5; i++) {
                    scheduler.tick();
                    Thread.sleep(50);
                    assertTrue(!scheduler.busy(big), "no turn for a table given up");
                }
                assertEquals(null, big.appliedBase(), "no position of its own while another replica owns it");
                big.ownerChanged(true);
                tickUntilQuiet(task, scheduler);
                assertEquals(300_000, count(p.targetUrl, "SELECT COUNT(*) FROM big"));
            }
        }
    }

    /** Once stopping, a table still queued for a turn starts none: only the turn under way ends, after its batch. */
    @Test
    void aTurnStillQueuedWhenStoppingStartsNothing() throws Exception {
        try (Pipeline p = new Pipeline("tickstop")) {
            List<String> names = List.of("a", "b", "c");
            for (String t : names) {
                exec(p.sourceUrl, "CREATE TABLE public." + t + " (id int PRIMARY KEY, v text)");
            }
            p.set("hanacdc.tables", "public.a,public.b,public.c");
            CdcTask task = p.start();
            try (TickScheduler loading = task.scheduler(TickPace.everyTick(), new CountingExecutor(), new CountingExecutor())) {
                tickUntilQuiet(task, loading);
            }
            for (String t : names) {
                exec(p.sourceUrl, "INSERT INTO public." + t + " SELECT g, 'row ' || g FROM generate_series(1, 100000) g");
            }
            TickScheduler scheduler = task.scheduler(TickPace.everyTick(), new CountingExecutor(1), new CountingExecutor(1));
            scheduler.tick(); // one table's turn runs on the one thread (half a second), two wait in its queue
            long deadline = System.currentTimeMillis() + 20_000;
            while (names.stream().allMatch(t -> rowsOf(p.targetUrl, t) == 0)) {
                assertTrue(System.currentTimeMillis() < deadline, "no turn began");
                Thread.sleep(10);
            }
            scheduler.close();
            long applied = 0;
            for (String t : names) {
                applied += rowsOf(p.targetUrl, t) > 0 ? 1 : 0;
            }
            assertEquals(1, applied, "only the turn under way at the stop applied rows");
        }
    }

    private static void tickUntilQuiet(CdcTask task, TickScheduler scheduler) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (true) {
            scheduler.tick();
            Thread.sleep(100);
            boolean quiet = task.workers().stream().allMatch(w -> w.need() == TableWorker.Need.WATERMARK) && scheduler.inTurn() == 0;
            if (quiet) {
                return;
            }
            assertTrue(System.currentTimeMillis() < deadline, "the tables did not settle");
        }
    }

    private static void awaitRow(String url, String sql, long expected) throws Exception {
        long deadline = System.currentTimeMillis() + 20_000;
        while (count(url, sql) != expected) {
            assertTrue(System.currentTimeMillis() < deadline, sql + " did not reach " + expected);
            Thread.sleep(50);
        }
    }

    /** Tables public.t0… of the source; their hanacdc.tables entry. */
    private static String createTables(Pipeline p) throws Exception {
        StringBuilder tables = new StringBuilder();
        for (int i = 0; i < TABLES; i++) {
            exec(p.sourceUrl, "CREATE TABLE public.t" + i + " (id int PRIMARY KEY, v text)");
            tables.append(i == 0 ? "" : ",").append("public.t").append(i);
        }
        return tables.toString();
    }

    private static TableWorker worker(CdcTask task, String name) {
        return task.workers().stream().filter(w -> w.table().id().name().equals(name)).findFirst().orElseThrow();
    }

    private static long rowsOf(String url, String table) {
        try {
            return count(url, "SELECT COUNT(*) FROM " + table);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static long count(String url, String sql) throws Exception {
        return Pipeline.count(url, sql);
    }
}
