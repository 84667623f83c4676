package io.hanacdc.watermark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The watermark logic against a model of concurrent transactions (after shared/model/watermark_sim.py):
 * transactions write rows under row locks, each write takes a sequence id (not transactional) and adds
 * a CDC row visible only at commit; commits, rollbacks and long transactions interleave with the
 * poller's steps. The poller is the product's own {@link StreamRange}, with a batch-size limit so
 * windows are drained over several batches. Checks: every committed row applied exactly once, no
 * rolled-back row applied, and the target equals the source.
 */
class WatermarkModelTest {
    private static final int SCHEDULES = 20_000;

    /** How the poller learns A. */
    enum OpenSet {
        /** The exact set of open write transactions (HANA's M_TRANSACTIONS). */
        EXACT,
        /** A PostgreSQL snapshot: xip below xmax = latest completed + 1, and everything from xmax on. */
        SNAPSHOT,
        /** The same snapshot with its xmax ignored: only the listed transactions count as open. */
        SNAPSHOT_XIP_ONLY
    }

    @Test
    void everyCommittedRowIsAppliedExactlyOnceWithTheExactOpenSet() {
        passes(Poller.reading(OpenSet.EXACT));
    }

    @Test
    void everyCommittedRowIsAppliedExactlyOnceWithPostgresSnapshots() {
        passes(Poller.reading(OpenSet.SNAPSHOT));
    }

    /**
     * A snapshot taken before H loses nothing either: a transaction that takes an id before H is read either finished
     * before the snapshot or is not visible in it (listed, or from its xmax on). So PostgreSQL may read H and its
     * snapshot in one statement, whichever the server evaluates first (PostgresDialect.readWatermark).
     */
    @Test
    void aPostgresSnapshotTakenBeforeTheHighWaterMarkLosesNothing() {
        passes(Poller.reading(OpenSet.SNAPSHOT).readingAFirst());
    }

    /**
     * OpenTransactionsWatermark keeps the last A, unread, when it held no transaction open and no id was taken since
     * (never with a PostgreSQL snapshot, whose open-ended part may hold a writer).
     */
    @Test
    void keepingTheLastEmptyAWhileNoIdWasTakenLosesNothing() {
        passes(Poller.reading(OpenSet.EXACT).keeping(Reuse.WHEN_QUIET));
    }

    /**
     * As on SAP HANA, where reading H is a NEXTVAL: each read takes an id no row holds, other readers (replicas, the
     * other tables) take theirs at any step, and A is kept while H moved by at most the poller's own id.
     */
    @Test
    void keepingTheLastEmptyAWhenReadingHTakesAnIdLosesNothing() {
        passes(Poller.reading(OpenSet.EXACT).keeping(Reuse.WHEN_QUIET).takingIds());
    }

    @Test
    void theModelCatchesAPollerThatReadsOpenTransactionsBeforeTheHighWaterMark() {
        assertTrue(failures(Poller.reading(OpenSet.EXACT).readingAFirst()) > 50, "reading A before H must lose rows in some schedules");
    }

    @Test
    void theModelCatchesAPollerThatIgnoresTheSnapshotXmax() {
        assertTrue(failures(Poller.reading(OpenSet.SNAPSHOT_XIP_ONLY)) > 50, "running transactions above xmax are not listed in xip");
        assertTrue(failures(Poller.reading(OpenSet.SNAPSHOT_XIP_ONLY).readingAFirst()) > 50, "also with the snapshot taken first");
    }

    @Test
    void theModelCatchesAPollerThatKeepsTheLastAAfterIdsWereTaken() {
        Poller keeping = Poller.reading(OpenSet.EXACT).keeping(Reuse.EVEN_AFTER_IDS_TAKEN);
        assertTrue(failures(keeping) > 50, "a writer since the last A is open and not in it");
        assertTrue(failures(keeping.takingIds()) > 50, "also where reading H takes an id");
    }

    @Test
    void theModelCatchesAPollerThatKeepsASnapshotWithAnOpenEnd() {
        // a transaction at or above xmax that wrote before it stays open in the kept A: its rows wait for the next id taken
        assertTrue(failures(Poller.reading(OpenSet.SNAPSHOT).keeping(Reuse.EVEN_WITH_AN_OPEN_END)) > 50, "the open-ended part may hold a writer");
    }

    /** When the poller may keep the last A instead of reading it. */
    enum Reuse {
        NEVER,
        /** The last watermark held no transaction open and H has not moved since (the product's rule). */
        WHEN_QUIET,
        /** Broken: whenever the last watermark listed no transaction, whatever ids were taken since. */
        EVEN_AFTER_IDS_TAKEN,
        /** Broken: as WHEN_QUIET, but a snapshot's open-ended part (xmax on) taken for none open. */
        EVEN_WITH_AN_OPEN_END
    }

    /**
     * How the poller reads its watermarks.
     *
     * @param aFirst      A is read before H
     * @param readTakesId reading H takes an id (HANA's NEXTVAL), and other readers take ids at any step
     */
    record Poller(OpenSet mode, boolean aFirst, Reuse reuse, boolean readTakesId) {
        static Poller reading(OpenSet mode) {
            return new Poller(mode, false, Reuse.NEVER, false);
        }

        Poller readingAFirst() {
            return new Poller(mode, true, reuse, readTakesId);
        }

        Poller keeping(Reuse when) {
            return new Poller(mode, aFirst, when, readTakesId);
        }

        Poller takingIds() {
            return new Poller(mode, aFirst, reuse, true);
        }
    }

    private static void passes(Poller poller) {
        for (int seed = 0; seed < SCHEDULES; seed++) {
            new Schedule(seed, poller).run();
        }
    }

    private static int failures(Poller poller) {
        int failures = 0;
        for (int seed = 0; seed < 2_000; seed++) {
            try {
                new Schedule(seed, poller).run();
            } catch (AssertionError e) {
                failures++;
            }
        }
        return failures;
    }

    private static final class Row {
        final long id;
        final long tx;
        final int key;
        final Integer value; // null = delete
        boolean committed;
        boolean dead;

        Row(long id, long tx, int key, Integer value) {
            this.id = id;
            this.tx = tx;
            this.key = key;
            this.value = value;
        }
    }

    private static final class Schedule {
        final Random rnd;
        final Poller poller;
        long seq;
        long latestCompleted;
        long nextTx = 1;
        final Map<Integer, Integer> source = new HashMap<>();
        final Map<Integer, Integer> target = new HashMap<>();
        final List<Row> cdc = new ArrayList<>();
        final Map<Integer, Long> locks = new HashMap<>();
        final Map<Long, Map<Integer, Integer>> writes = new LinkedHashMap<>();
        final Map<Long, List<Row>> rowsOf = new HashMap<>();
        final Set<Long> applied = new HashSet<>();
        StreamRange range = StreamRange.at(new Watermark(0, new long[0]));
        int phase;
        long pendingHigh;
        Watermark pendingOpen;
        final int batchSize;

        Schedule(int seed, Poller poller) {
            this.rnd = new Random(seed);
            this.poller = poller;
            this.batchSize = 1 + rnd.nextInt(4);
        }

        void run() {
            int steps = 20 + rnd.nextInt(280);
            for (int i = 0; i < steps; i++) {
                double x = rnd.nextDouble();
                if (x < 0.15 || writes.isEmpty()) {
                    begin();
                } else if (x < 0.55) {
                    write(anyOpen());
                } else if (x < 0.70) {
                    finish(anyOpen(), rnd.nextDouble() < 0.8);
                } else if (poller.readTakesId() && x < 0.75) {
                    seq++; // another reader's NEXTVAL
                } else {
                    pollStep();
                }
            }
            for (Long t : new ArrayList<>(writes.keySet())) {
                finish(t, rnd.nextDouble() < 0.8);
            }
            for (int i = 0; i < 3 * 200; i++) {
                pollStep();
            }
            for (Row r : cdc) {
                if (r.dead) {
                    assertTrue(!applied.contains(r.id), "rolled-back row " + r.id + " applied");
                }
                if (r.committed) {
                    assertTrue(applied.contains(r.id), "committed row " + r.id + " missed");
                }
            }
            assertEquals(source, target);
        }

        long anyOpen() {
            List<Long> open = new ArrayList<>(writes.keySet());
            return open.get(rnd.nextInt(open.size()));
        }

        void begin() {
            long t = nextTx++;
            writes.put(t, new HashMap<>());
            rowsOf.put(t, new ArrayList<>());
        }

        void write(long t) {
            int k = rnd.nextInt(4);
            Long owner = locks.get(k);
            if (owner != null && owner != t) {
                return; // blocked on the row lock
            }
            locks.put(k, t);
            Map<Integer, Integer> w = writes.get(t);
            Integer cur = w.containsKey(k) ? w.get(k) : source.get(k);
            Integer val = cur != null && rnd.nextDouble() < 0.3 ? null : rnd.nextInt(1000);
            w.put(k, val);
            Row row = new Row(++seq, t, k, val);
            cdc.add(row);
            rowsOf.get(t).add(row);
        }

        void finish(long t, boolean commit) {
            Map<Integer, Integer> w = writes.remove(t);
            if (commit) {
                w.forEach((k, v) -> {
                    if (v == null) {
                        source.remove(k);
                    } else {
                        source.put(k, v);
                    }
                });
            }
            for (Row r : rowsOf.get(t)) {
                r.committed = commit;
                r.dead = !commit;
            }
            locks.values().removeIf(o -> o == t);
            latestCompleted = Math.max(latestCompleted, t);
        }

        /** A as the poller sees it; H is filled in when the window opens. */
        Watermark open() {
            long[] running = writes.keySet().stream().mapToLong(Long::longValue).toArray();
            if (poller.mode() == OpenSet.EXACT) {
                return new Watermark(0, running);
            }
            long xmax = latestCompleted + 1;
            long[] xip = java.util.stream.LongStream.of(running).filter(t -> t < xmax).toArray();
            return poller.mode() == OpenSet.SNAPSHOT ? new Watermark(0, xip, xmax) : new Watermark(0, xip);
        }

        /** Whether the poller keeps the last A (the base's: the window is drained when a poll begins) instead of reading it. */
        boolean kept() {
            Watermark last = range.base();
            return switch (poller.reuse()) {
                case NEVER -> false;
                case WHEN_QUIET -> last.open().length == 0 && last.openFrom() == Watermark.NO_BOUND && pendingHigh >= last.high()
                        && pendingHigh - last.high() <= (poller.readTakesId() ? 1 : 0);
                case EVEN_AFTER_IDS_TAKEN -> last.open().length == 0;
                case EVEN_WITH_AN_OPEN_END -> last.open().length == 0 && pendingHigh == last.high();
            };
        }

        /** One atomic step of a poll: read H, read A (in that order, or A first), or read and apply a batch. */
        void pollStep() {
            if (range.window() != null) {
                batch();
                return;
            }
            String step = (poller.aFirst() ? new String[] {"A", "H", "Q"} : new String[] {"H", "A", "Q"})[phase];
            phase = (phase + 1) % 3;
            switch (step) {
                case "H" -> pendingHigh = poller.readTakesId() ? ++seq : seq;
                case "A" -> pendingOpen = kept() ? range.base() : open();
                default -> {
                    range = range.open(new Watermark(pendingHigh, pendingOpen.open(), pendingOpen.openFrom()));
                    batch();
                }
            }
        }

        void batch() {
            List<Row> rows = cdc.stream().filter(r -> r.committed && range.selects(r.id, r.tx))
                    .sorted((a, b) -> Long.compare(a.id, b.id)).limit(batchSize).toList();
            for (Row r : rows) {
                assertTrue(applied.add(r.id), "row " + r.id + " applied twice");
                if (r.value == null) {
                    target.remove(r.key);
                } else {
                    target.put(r.key, r.value);
                }
            }
            boolean drained = rows.size() < batchSize;
            range = range.advance(rows.isEmpty() ? range.cursor() : rows.get(rows.size() - 1).id, drained);
        }
    }
}
