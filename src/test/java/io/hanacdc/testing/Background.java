package io.hanacdc.testing;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/** Threads of a concurrent test (writers, the task's timers): the first failure is kept and stops them all. */
public final class Background {
    public interface Body {
        void run() throws Exception;
    }

    private Background() {}

    public static Thread loop(String name, AtomicBoolean stop, AtomicReference<Throwable> failure, Body body) {
        Thread t = new Thread(() -> {
            try {
                body.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
                stop.set(true);
            }
        }, name);
        t.start();
        return t;
    }
}
