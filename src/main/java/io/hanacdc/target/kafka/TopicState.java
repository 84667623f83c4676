package io.hanacdc.target.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.CdcException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The last state per key of a table's topic, as a read_committed consumer rebuilds it: a record with a value
 * sets its key's state, a delete or a tombstone removes it, a truncate empties its partition (a truncate goes
 * to every partition, and a key's records all go to one). Kept up to date by reading what was added since the
 * last call. States are held as the records' bytes, in memory, up to {@link #maxBytes}: beyond it the read is
 * refused with what to do, rather than the process running out of heap.
 */
final class TopicState implements AutoCloseable {
    /** Per entry, beyond its bytes: the map's node, two buffers and two arrays. */
    private static final int OVERHEAD = 160;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] KEPT = new byte[0];
    private static final Duration WAIT = Duration.ofSeconds(60);
    private final String topic;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final long maxBytes;
    /** Only the keys are kept (a count), not the states. */
    private final boolean keysOnly;
    private final Map<Integer, Map<ByteBuffer, byte[]>> partitions = new HashMap<>();
    private List<TopicPartition> assigned;
    private long bytes;

    TopicState(String topic, Map<String, Object> consumerConfig, long maxBytes, boolean keysOnly) {
        this.topic = topic;
        this.consumer = new KafkaConsumer<>(consumerConfig, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        this.maxBytes = maxBytes;
        this.keysOnly = keysOnly;
    }

    /** Reads every record committed before this call; then {@link #get}, {@link #size} and {@link #keys} answer as of then. */
    void refresh() {
        if (assigned == null) {
            var infos = consumer.partitionsFor(topic, WAIT);
            if (infos == null || infos.isEmpty()) {
                throw new CdcException("topic " + topic + " does not exist: the table has not been loaded yet");
            }
            assigned = infos.stream().map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(assigned);
            consumer.seekToBeginning(assigned);
        }
        Map<TopicPartition, Long> end = consumer.endOffsets(assigned, WAIT);
        long stalledSince = System.nanoTime();
        while (assigned.stream().anyMatch(p -> consumer.position(p, WAIT) < end.get(p))) {
            if (System.nanoTime() - stalledSince > WAIT.toNanos()) {
                throw new CdcException("topic " + topic + ": no record could be read for " + WAIT.toSeconds() + " s before its end"
                        + " (a transaction open that long?)");
            }
            for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                apply(r);
                stalledSince = System.nanoTime();
            }
        }
    }

    /** The state of a key (its JSON bytes), null when the topic does not hold it; a key's records are all in one partition. */
    byte[] get(ByteBuffer key) {
        for (Map<ByteBuffer, byte[]> states : partitions.values()) {
            byte[] value = states.get(key);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    long size() {
        return partitions.values().stream().mapToLong(Map::size).sum();
    }

    List<ByteBuffer> keys() {
        List<ByteBuffer> keys = new ArrayList<>();
        partitions.values().forEach(states -> keys.addAll(states.keySet()));
        return keys;
    }

    private void apply(ConsumerRecord<byte[], byte[]> r) {
        Map<ByteBuffer, byte[]> states = partitions.computeIfAbsent(r.partition(), p -> new HashMap<>());
        if (r.key() == null) { // a truncate
            states.forEach((k, v) -> bytes -= size(k, v));
            states.clear();
            return;
        }
        ByteBuffer key = ByteBuffer.wrap(payload(r.key()));
        byte[] value = r.value() == null || isDelete(r.value()) ? null : keysOnly ? KEPT : r.value();
        byte[] before = value == null ? states.remove(key) : states.put(key, value);
        if (before != null) {
            bytes -= size(key, before);
        }
        if (value != null) {
            bytes += size(key, value);
            if (bytes > maxBytes) {
                throw new CdcException("topic " + topic + ": its " + (keysOnly ? "keys need" : "last state per key needs") + " more than "
                        + maxBytes / (1024 * 1024) + " MB to hold, the quarter of this process's heap they may take: give the process a"
                        + " larger heap (HANACDC_JAVA_OPTS=-Xmx…)" + (keysOnly ? ", or turn the vanish check off for the table" : ""));
            }
        }
    }

    private static long size(ByteBuffer key, byte[] value) {
        return key.capacity() + value.length + OVERHEAD;
    }

    private static boolean isDelete(byte[] value) {
        return "d".equals(ConnectSchemas.payload(read(value)).path("op").asText());
    }

    /** The key JSON a key is looked up by: as written, or the payload of one written with its Connect schema. */
    static byte[] payload(byte[] key) {
        try {
            return JSON.writeValueAsBytes(ConnectSchemas.payload(read(key)));
        } catch (IOException e) {
            throw new CdcException("a record key that is not hana-cdc's: " + e.getMessage(), e);
        }
    }

    static JsonNode read(byte[] json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new CdcException("a record that is not an event of hana-cdc's: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        consumer.close();
    }
}
