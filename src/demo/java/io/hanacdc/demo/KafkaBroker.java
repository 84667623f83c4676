package io.hanacdc.demo;

import java.nio.file.Files;
import org.apache.kafka.common.test.KafkaClusterTestKit;
import org.apache.kafka.common.test.TestKitNodes;

/**
 * A real Apache Kafka broker for the tests, the demo's Kafka mode and the benchmark (bench/pom.xml compiles this
 * file too, so all three run the same broker): one KRaft node that is broker and controller at once, in this
 * JVM, on free loopback ports, its logs in a temporary folder removed when it is closed. Transaction and
 * offset topics have one replica, as one broker can hold, and one partition: 50 each, Kafka's default,
 * take half a minute to create on two cores.
 */
public final class KafkaBroker implements AutoCloseable {
    private final KafkaClusterTestKit cluster;
    private boolean closed;

    private KafkaBroker(KafkaClusterTestKit cluster) {
        this.cluster = cluster;
    }

    /** A broker stopped (and its logs deleted) when the JVM exits, unless closed before: the tests' and the benchmark's. */
    public static KafkaBroker start() throws Exception {
        KafkaBroker broker = startStoppedByCaller();
        Runtime.getRuntime().addShutdownHook(new Thread(broker::closeQuietly, "kafka-broker-stop"));
        return broker;
    }

    /**
     * A broker its caller stops, in its own order (the demo: after the task that writes to it). Its logs are in a folder of
     * its own, deleted when it is closed: the test kit's default folder is deleted by a JVM shutdown hook of its own, which
     * would race the broker still running.
     */
    static KafkaBroker startStoppedByCaller() throws Exception {
        KafkaClusterTestKit cluster = new KafkaClusterTestKit.Builder(new TestKitNodes.Builder().setCombined(true)
                .setNumBrokerNodes(1).setNumControllerNodes(1).setBaseDirectory(Files.createTempDirectory("hanacdc-kafka")).build())
                .setDeleteOnClose(true)
                .setConfigProp("transaction.state.log.replication.factor", "1")
                .setConfigProp("transaction.state.log.min.isr", "1")
                .setConfigProp("transaction.state.log.num.partitions", "1")
                .setConfigProp("offsets.topic.num.partitions", "1")
                .setConfigProp("offsets.topic.replication.factor", "1")
                .setConfigProp("group.initial.rebalance.delay.ms", "0")
                .build();
        try {
            cluster.format();
            cluster.startup();
            cluster.waitForReadyBrokers();
        } catch (Exception e) {
            cluster.close();
            throw e;
        }
        return new KafkaBroker(cluster);
    }

    /**
     * Stops the broker and starts it again on the same port with the same logs (the controller stays up): what a
     * rolling restart or a crash of a broker looks like to clients.
     */
    public void restart() throws Exception {
        var broker = cluster.brokers().values().iterator().next();
        broker.shutdown();
        broker.awaitShutdown();
        broker.startup();
        cluster.waitForReadyBrokers();
    }

    /** host:port of the broker's listener. */
    public String bootstrapServers() {
        return cluster.bootstrapServers();
    }

    /** The hanacdc.target.url of this broker. */
    public String url() {
        return "kafka://" + bootstrapServers();
    }

    @Override
    public synchronized void close() throws Exception {
        if (!closed) {
            closed = true;
            cluster.close();
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (Exception e) {
            // the JVM is exiting
        }
    }
}
