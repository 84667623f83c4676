package io.hanacdc.demo;

import io.hanacdc.Application;
import java.util.Arrays;

/**
 * The demo jar's entry point: {@code java -jar hana-cdc-demo.jar kafka} replicates into a Kafka broker started in
 * the same JVM instead of the embedded MariaDB (see KafkaDemo); any other arguments go to hana-cdc as they are.
 */
public final class DemoMain {
    /** The target the embedded demo starts: {@code mariadb} (no argument) or {@code kafka}. */
    static final String TARGET = "demo.target";

    private DemoMain() {}

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("kafka")) {
            System.setProperty(TARGET, "kafka");
            // The broker's own loggers (kafka.*, state.change.logger) report every partition and producer at info.
            System.setProperty("org.slf4j.simpleLogger.log.kafka", "warn");
            System.setProperty("org.slf4j.simpleLogger.log.state.change.logger", "warn");
            args = Arrays.copyOfRange(args, 1, args.length);
        }
        Application.main(args);
    }
}
