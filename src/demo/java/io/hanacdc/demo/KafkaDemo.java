package io.hanacdc.demo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * The demo's Kafka mode: a single-node KRaft broker in this JVM as the target; once the task runs, a consumer
 * reading the shop's topics as read_committed waits for the initial load (one r event per source row, counted,
 * the first one shown), then a few changes are made at the source — one of them rolled back — and their events
 * are printed, key and value, as the consumer sees them. It goes on printing any later change until stopped.
 */
final class KafkaDemo implements AutoCloseable {
    static final String TASK = "demo";
    private static final List<String> TABLES = List.of("customers", "orders", "Order Lines");
    private static final List<String> CHANGES = List.of(
            "INSERT INTO shop.customers (id, name, email) VALUES (5001, 'Ada Lovelace', 'ada@example.com')",
            "UPDATE shop.customers SET email = 'ada@analytical-engine.org' WHERE id = 5001",
            "INSERT INTO shop.orders (id, customer_id, total, status) VALUES (900001, 5001, 42.50, 'NEW')",
            "INSERT INTO shop.\"Order Lines\" VALUES (900001, 1, 'Difference Engine', 1)",
            "DELETE FROM shop.\"Order Lines\" WHERE order_id = 900001");
    private static final String ROLLED_BACK = "UPDATE shop.orders SET status = 'CANCELLED' WHERE id = 900001";
    private static final ObjectMapper JSON = new ObjectMapper();
    private final KafkaBroker broker;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final PrintStream out = System.out;
    private volatile Thread consumer;

    private KafkaDemo(KafkaBroker broker) {
        this.broker = broker;
    }

    static KafkaDemo start() throws Exception {
        return new KafkaDemo(KafkaBroker.startStoppedByCaller());
    }

    String targetUrl() {
        return broker.url();
    }

    /** Follows the topics on a thread of its own, changing the source once the initial load has arrived. */
    void taskStarted(String sourceUrl) {
        Thread t = new Thread(() -> follow(sourceUrl), "demo-kafka-consumer");
        t.setDaemon(true);
        t.start();
        consumer = t;
    }

    private void follow(String sourceUrl) {
        Map<String, Object> config = Map.of("bootstrap.servers", broker.bootstrapServers(), "isolation.level", "read_committed");
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer());
             Connection source = DriverManager.getConnection(sourceUrl)) {
            long loaded = 0;
            long toLoad = sourceRows(source);
            consumer.assign(TABLES.stream().map(t -> new TopicPartition(topic(t), 0)).toList());
            consumer.seekToBeginning(consumer.assignment());
            while (running.get()) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    JsonNode value = r.value() == null ? null : JSON.readTree(r.value());
                    boolean read = value != null && value.path("op").asText().equals("r");
                    if (!read || loaded == 0) {
                        print(r, read ? "the first of the initial load's r events" : null);
                    }
                    loaded += read ? 1 : 0;
                    if (read && loaded == toLoad) {
                        out.printf("[demo] initial load: all %,d rows arrived as r events; now changing the source:%n", loaded);
                        change(source);
                    }
                }
            }
        } catch (SQLException | IOException | RuntimeException e) {
            if (running.get()) {
                out.println("[demo] the Kafka demo stopped: " + e);
            }
        }
    }

    /** The topic hana-cdc writes a shop table to (README "Kafka target": the task, schema and escaped table name). */
    private static String topic(String table) {
        return TASK + ".shop." + table.replace(" ", "-20");
    }

    private static long sourceRows(Connection c) throws SQLException {
        long rows = 0;
        try (Statement s = c.createStatement()) {
            for (String t : TABLES) {
                try (var rs = s.executeQuery("SELECT count(*) FROM shop.\"" + t + "\"")) {
                    rs.next();
                    rows += rs.getLong(1);
                }
            }
        }
        return rows;
    }

    private void change(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : CHANGES) {
                s.execute(sql);
                out.println("[demo] source: " + sql);
            }
            c.setAutoCommit(false);
            s.execute(ROLLED_BACK);
            c.rollback();
            c.setAutoCommit(true);
            out.println("[demo] source: " + ROLLED_BACK + " -- rolled back: no event");
        }
        out.println("[demo] their events, as a read_committed consumer sees them (key, then value):");
    }

    private void print(ConsumerRecord<String, String> r, String what) {
        out.printf("[demo] %s%s  key %s%n         %s%n", r.topic(), what == null ? "" : " (" + what + ")", r.key(),
                r.value() == null ? "null (tombstone: compaction may drop the key)" : r.value());
    }

    /** Called once the task has stopped: the consumer ends, then the broker (its logs deleted). */
    @Override
    public void close() {
        running.set(false);
        Thread t = consumer;
        try {
            if (t != null) {
                t.join(5_000);
            }
            broker.close();
        } catch (Exception e) {
            out.println("[demo] stopping the broker: " + e);
        }
    }
}
