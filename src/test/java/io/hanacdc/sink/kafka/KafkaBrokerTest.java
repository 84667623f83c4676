package io.hanacdc.sink.kafka;

import io.hanacdc.demo.KafkaBroker;
import io.hanacdc.testing.IntegrationTest;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** The test broker keeps what the Kafka target relies on: a read_committed consumer sees committed transactions only. */
@IntegrationTest
class KafkaBrokerTest {
    @Test
    void readCommittedSeesCommittedTransactionsOnly() throws Exception {
        try (KafkaBroker broker = KafkaBroker.start()) {
            Map<String, Object> producer = Map.of("bootstrap.servers", broker.bootstrapServers(), "transactional.id", "t1");
            try (KafkaProducer<String, String> p = new KafkaProducer<>(producer, new StringSerializer(), new StringSerializer())) {
                p.initTransactions();
                p.beginTransaction();
                p.send(new ProducerRecord<>("smoke", "k", "aborted"));
                p.abortTransaction();
                p.beginTransaction();
                p.send(new ProducerRecord<>("smoke", "k", "committed"));
                p.commitTransaction();
            }
            Map<String, Object> consumer = Map.of("bootstrap.servers", broker.bootstrapServers(), "isolation.level", "read_committed",
                    "auto.offset.reset", "earliest", "group.id", "smoke");
            List<String> seen = new ArrayList<>();
            try (KafkaConsumer<String, String> c = new KafkaConsumer<>(consumer, new StringDeserializer(), new StringDeserializer())) {
                c.subscribe(List.of("smoke"));
                long deadline = System.currentTimeMillis() + 30_000;
                while (seen.isEmpty() && System.currentTimeMillis() < deadline) {
                    for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                        seen.add(r.value());
                    }
                }
            }
            assertEquals(List.of("committed"), seen);
        }
    }

    /** A restarted broker answers on the same address and keeps what was committed. */
    @Test
    void aRestartedBrokerKeepsItsAddressAndItsRecords() throws Exception {
        try (KafkaBroker broker = KafkaBroker.start()) {
            String address = broker.bootstrapServers();
            Map<String, Object> producer = Map.of("bootstrap.servers", address, "transactional.id", "t2");
            try (KafkaProducer<String, String> p = new KafkaProducer<>(producer, new StringSerializer(), new StringSerializer())) {
                p.initTransactions();
                p.beginTransaction();
                p.send(new ProducerRecord<>("kept", "1", "\"before\""));
                p.commitTransaction();
                broker.restart();
                assertEquals(address, broker.bootstrapServers());
                p.beginTransaction();
                p.send(new ProducerRecord<>("kept", "1", "\"after\""));
                p.commitTransaction();
            }
            assertEquals(List.of("before", "after"), TopicReader.read(address, "kept").stream().map(e -> e.value().asText()).toList());
        }
    }
}
