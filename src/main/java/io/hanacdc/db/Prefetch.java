package io.hanacdc.db;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Reads the next batch (or chunk) from the source while the current one is written to the target,
 * so a table's throughput is bounded by the slower side instead of their sum. One read in flight per
 * table; positions still commit in order, and a read whose predecessor failed is discarded.
 */
public final class Prefetch<T> {
    /** A source read that may fail. */
    public interface Read<T> {
        T run() throws SQLException;
    }

    private final CompletableFuture<T> future;

    private Prefetch(CompletableFuture<T> future) {
        this.future = future;
    }

    /** @param readers the task's read-ahead threads (Camel's, named and shut down with the context, when the task runs in Camel) */
    public static <T> Prefetch<T> start(Executor readers, Read<T> read) {
        return new Prefetch<>(CompletableFuture.supplyAsync(() -> {
            try {
                return read.run();
            } catch (SQLException e) {
                throw new CompletionException(e);
            }
        }, readers));
    }

    /** The read's result, or its failure as thrown by the read. */
    public T get() throws SQLException {
        try {
            return future.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof SQLException s) {
                throw s;
            }
            throw e.getCause() instanceof RuntimeException r ? r : e;
        }
    }

    /** Waits for the read to end, whatever its outcome: its connection may be handed back only then. */
    public void settle() {
        future.handle((v, e) -> null).join();
    }
}
