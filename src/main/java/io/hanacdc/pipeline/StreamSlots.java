package io.hanacdc.pipeline;

import java.util.concurrent.Semaphore;

/**
 * How many tables of the task move a batch at the same time (hanacdc.stream.parallel-tables). Each
 * batch step (a write with the next read beside it) takes a slot, fairly: a table with a backlog
 * goes to the back of the queue after each batch, so a busy table never holds up a quiet one for
 * longer than a few batches. On a host whose cores are already busy with the databases, more tables
 * at once add only memory (two batches each) and switching: 8 tables on 2 cores drained 1.2× faster
 * with 2 slots than with 8 (README "Performance").
 */
final class StreamSlots {
    private final Semaphore slots;

    StreamSlots(int slots) {
        this.slots = new Semaphore(slots, true);
    }

    /** One batch step, run holding a slot. */
    <T, E extends Exception> T run(Step<T, E> step) throws E {
        slots.acquireUninterruptibly(); // a wait of a few batches: stopping waits for the step anyway
        try {
            return step.run();
        } finally {
            slots.release();
        }
    }

    /** A batch step. */
    interface Step<T, E extends Exception> {
        T run() throws E;
    }
}
