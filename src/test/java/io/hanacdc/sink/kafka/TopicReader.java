package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/** A topic as a read_committed consumer reads it from the start: every committed record, in each partition's order. */
final class TopicReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One record: its key and value as JSON (null for a null one). */
    record Event(JsonNode key, JsonNode value) {
        /** The value's op, with Connect's schema around it or not. */
        String op() {
            return value == null ? null : ConnectSchemas.payload(value).get("op").asText();
        }
    }

    private TopicReader() {}

    static List<Event> read(String bootstrapServers, String topic) {
        Map<String, Object> config = Map.of("bootstrap.servers", bootstrapServers, "isolation.level", "read_committed");
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(config, new StringDeserializer(), new StringDeserializer())) {
            List<TopicPartition> partitions = c.partitionsFor(topic).stream().map(p -> new TopicPartition(topic, p.partition())).toList();
            c.assign(partitions);
            c.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = c.endOffsets(partitions);
            List<Event> out = new ArrayList<>();
            long deadline = System.currentTimeMillis() + 30_000;
            while (partitions.stream().anyMatch(p -> c.position(p) < end.get(p))) {
                if (System.currentTimeMillis() > deadline) {
                    throw new AssertionError("topic " + topic + " not read to its end within 30 s");
                }
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                    out.add(new Event(parse(r.key()), parse(r.value())));
                }
            }
            return out;
        }
    }

    private static JsonNode parse(String text) {
        try {
            return text == null ? null : JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
