package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.common.CdcException;
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
import org.apache.kafka.common.utils.Utils;

/**
 * The last state per key of a table's topic, as a read_committed consumer rebuilds it: a record with a value
 * sets its key's state, a delete or a tombstone removes it, a truncate empties its partition (a truncate goes
 * to every partition, and a key's records all go to one). Kept up to date by reading what was added since the
 * last call. States are held as the records' bytes, in memory, up to {@link #maxBytes}. A topic whose states do
 * not fit is held one bucket of keys at a time (keys split by a hash of their JSON, {@link #bucketOf}), the topic
 * read again for each: memory stays bounded and time grows with the number of buckets.
 */
final class TopicState implements AutoCloseable {
    /** Per entry, beyond its bytes: the map's node, two buffers and two arrays. */
    private static final int OVERHEAD = 160;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] KEPT = new byte[0];
    private static final Duration WAIT = Duration.ofSeconds(60);
    /** Beyond this many buckets (a topic a thousand times the memory allowed) reading it again and again is refused. */
    static final int MAX_BUCKETS = 1024;
    private final String topic;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final long maxBytes;
    /** Only the keys are kept (a count), not the states. */
    private final boolean keysOnly;
    private final Map<Integer, Map<ByteBuffer, byte[]>> partitions = new HashMap<>();
    private List<TopicPartition> assigned;
    private long bytes;
    private int bucket = 0;
    private int buckets = 1;

    TopicState(String topic, Map<String, Object> consumerConfig, long maxBytes, boolean keysOnly) {
        this.topic = topic;
        this.consumer = new KafkaConsumer<>(consumerConfig, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        this.maxBytes = maxBytes;
        this.keysOnly = keysOnly;
    }

    /**
     * The fewest buckets the topic's states fit in (doubling from 1), with bucket 0 read: a bucket may take three
     * quarters of the memory allowed, the rest is room for buckets a little larger than the first.
     */
    int fitBuckets() {
        for (int n = 1; n <= MAX_BUCKETS; n *= 2) {
            select(0, n);
            try {
                refresh();
                if (bytes <= maxBytes / 4 * 3) {
                    return n;
                }
            } catch (TooLarge e) {
                // more buckets
            }
        }
        throw new TooLarge(topic, maxBytes, keysOnly, MAX_BUCKETS);
    }

    /** From now on only keys of this bucket of {@code buckets} are held; the topic is read again from its start. */
    void select(int bucket, int buckets) {
        this.bucket = bucket;
        this.buckets = buckets;
        partitions.clear();
        bytes = 0;
        if (assigned != null) {
            consumer.seekToBeginning(assigned);
        }
    }

    /** The number of keys the topic holds, all buckets counted, each bucket read in turn. */
    long countAll() {
        int n = fitBuckets();
        long count = size();
        for (int b = 1; b < n; b++) {
            select(b, n);
            refresh();
            count += size();
        }
        return count;
    }

    /** The bucket of a key, by its JSON as the topic's keys are held ({@link #payload}). */
    static int bucketOf(byte[] keyPayload, int buckets) {
        return Utils.toPositive(Utils.murmur2(keyPayload)) % buckets;
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
        byte[] keyPayload = payload(r.key());
        if (buckets > 1 && bucketOf(keyPayload, buckets) != bucket) {
            return;
        }
        ByteBuffer key = ByteBuffer.wrap(keyPayload);
        byte[] value = r.value() == null || isDelete(r.value()) ? null : keysOnly ? KEPT : r.value();
        byte[] before = value == null ? states.remove(key) : states.put(key, value);
        if (before != null) {
            bytes -= size(key, before);
        }
        if (value != null) {
            bytes += size(key, value);
            if (bytes > maxBytes) {
                throw new TooLarge(topic, maxBytes, keysOnly, buckets);
            }
        }
    }

    /** The states of one bucket exceed the memory allowed. */
    static final class TooLarge extends CdcException {
        TooLarge(String topic, long maxBytes, boolean keysOnly, int buckets) {
            super("topic " + topic + ": " + (buckets == 1 ? "its " : "one of " + buckets + " buckets of its ") + (keysOnly ? (buckets == 1 ? "keys need" : "keys needs") : "last state per key needs")
                    + " more than " + maxBytes / (1024 * 1024) + " MB to hold, the memory it may take (" + KafkaSettings.STATE_MEMORY
                    + ", default a quarter of the heap)" + (buckets < MAX_BUCKETS ? "" : ", even split " + MAX_BUCKETS + " ways") + ": raise it, with the"
                    + " heap if needed (HANACDC_JAVA_OPTS=-Xmx…)" + (keysOnly ? ", or turn the vanish check off for the table" : ""));
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
