package io.hanacdc.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * hana-cdc's progress on Kafka: its positions topic, read as a read_committed consumer sees it. Each position
 * record is written in the transaction of the events it covers, so a position read here means those events
 * are visible to every read_committed consumer, as a MariaDB position row means its rows are.
 */
final class KafkaProgress implements Progress {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final TopicPartition partition;
    /** The last position value per table of the bench task's public tables. */
    private final Map<String, JsonNode> latest = new HashMap<>();
    private boolean assigned;

    KafkaProgress(Map<String, Object> config, String topic) {
        this.consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        this.partition = new TopicPartition(topic, 0);
    }

    @Override
    public Totals read() throws IOException {
        if (!assigned) {
            if (!consumer.listTopics().containsKey(partition.topic())) {
                return Totals.NONE; // the task has not started yet
            }
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            assigned = true;
        }
        // read_committed: the end is the last stable offset, so reaching it means every committed position is in.
        long end = consumer.endOffsets(List.of(partition)).get(partition);
        while (consumer.position(partition) < end) {
            for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(100))) {
                JsonNode key = JSON.readTree(r.key());
                if (key.path("task").asText().equals("bench") && key.path("schema").asText().equals("public")) {
                    String table = key.path("table").asText();
                    if (r.value() == null) {
                        latest.remove(table);
                    } else {
                        latest.put(table, JSON.readTree(r.value()));
                    }
                }
            }
        }
        int streaming = 0;
        long snapshot = 0;
        long applied = 0;
        long maxId = 0;
        for (JsonNode v : latest.values()) {
            streaming += v.path("phase").asText().equals("STREAMING") ? 1 : 0;
            snapshot += v.path("snapshot_rows").asLong();
            applied += v.path("rows_applied").asLong();
            maxId = Math.max(maxId, v.path("last_data_id").asLong());
        }
        return new Totals(latest.size(), streaming, snapshot, applied, maxId);
    }

    @Override
    public void close() {
        consumer.close();
    }
}
