package io.hanacdc.pipeline;

import java.util.concurrent.Semaphore;

/**
 * How many tables of the task stream or load at the same time (hanacdc.stream.parallel-tables). A table
 * takes a slot for a turn of batches, or of initial-load chunks, and gives it up after {@link #TURN_NANOS},
 * fairly: a table with a backlog goes to the back of the queue, so it never holds up a quiet one for more
 * than a few turns. Loads queue for a slot from a pool as large as the slots, so at most that many of them
 * wait ahead of a streaming table, however many tables are loading. On a host whose cores are busy with the databases as well, more tables at once add only
 * memory (two batches each) and switching between threads: 8 tables on 2 cores drained about 1.2×
 * faster in turns of 2 than all at once (docs/performance.md).
 */
final class StreamSlots {
    /** Long enough for several batches, and longer than the poll interval, so a backlog keeps its pace. */
    static final long TURN_NANOS = 500_000_000L;
    private final Semaphore slots;
    private final int capacity;

    StreamSlots(int slots) {
        this.slots = new Semaphore(slots, true);
        this.capacity = slots;
    }

    /** Slots taken now. */
    int inUse() {
        return capacity - slots.availablePermits();
    }

    /** Waits for a slot; closing the turn gives it back. */
    Turn take() {
        slots.acquireUninterruptibly(); // a wait of a few turns: stopping waits for the current batch anyway
        return new Turn(System.nanoTime() + TURN_NANOS);
    }

    /** One table's hold on a slot. */
    final class Turn implements AutoCloseable {
        private final long endsAt;

        private Turn(long endsAt) {
            this.endsAt = endsAt;
        }

        /** Whether the turn is over: the batch under way is the last of it. */
        boolean over() {
            return System.nanoTime() - endsAt >= 0;
        }

        @Override
        public void close() {
            slots.release();
        }
    }
}
