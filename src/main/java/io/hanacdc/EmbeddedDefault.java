package io.hanacdc;

import java.util.Map;

/**
 * The embedded default: when no source is configured and an implementation is on the class path
 * (the demo build), it starts embedded source and target databases with sample data and a live
 * workload, so the product can be watched working with nothing installed.
 */
public interface EmbeddedDefault extends AutoCloseable {
    /** Starts the databases and returns the hanacdc.* settings that point at them. */
    Map<String, String> start() throws Exception;

    /** Called once capture is installed and the task runs: starts the live workload. */
    void taskStarted();

    @Override
    void close();
}
