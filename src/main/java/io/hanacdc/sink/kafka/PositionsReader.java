package io.hanacdc.sink.kafka;

import io.hanacdc.checkpoint.Position;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ListOffsetsOptions;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The task's positions as the positions topic holds them, read as a read_committed consumer sees it and
 * kept up to date by reading what was added since the last call. A read covers every record written
 * before it began: it reads up to the high watermark of that moment, which read_committed reaches once
 * the transactions open then have ended (committed: their positions are in; aborted: skipped). Each
 * transaction writes to this topic only at its very end, so the wait is that of a commit; a crashed
 * writer's transaction holds it until the broker aborts it (the producer's transaction.timeout.ms).
 */
final class PositionsReader implements AutoCloseable {
    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final Duration NEW_TOPIC_WAIT = Duration.ofSeconds(10);
    private final Admin admin;
    private final TopicPartition partition;
    private final PositionCodec codec;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Map<TableId, Position> latest = new HashMap<>();
    private boolean assigned;

    PositionsReader(Admin admin, KafkaSettings settings, String topic, PositionCodec codec) {
        this.admin = admin;
        this.partition = new TopicPartition(topic, 0);
        this.codec = codec;
        this.consumer = new KafkaConsumer<>(settings.consumer(), new ByteArrayDeserializer(), new ByteArrayDeserializer());
    }

    /** Every stored position of the task, as of now. */
    synchronized Map<TableId, Position> read() {
        long end = highWatermark();
        if (end < 0) {
            return Map.of(); // no positions topic yet: nothing stored
        }
        if (!assigned) {
            consumer.assign(List.of(partition));
            consumer.seekToBeginning(List.of(partition));
            assigned = true;
        }
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (consumer.position(partition) < end) {
            if (System.nanoTime() > deadline) {
                throw new CdcException("positions topic " + partition.topic() + ": a transaction writing to it has stayed open for "
                        + WAIT.toSeconds() + " s, so the positions cannot be read as committed; trying again");
            }
            for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                TableId id = codec.table(r.key());
                if (id == null) {
                    continue; // another task's
                }
                if (r.value() == null) {
                    latest.remove(id);
                } else {
                    latest.put(id, codec.position(id, r.value()));
                }
            }
        }
        return Map.copyOf(latest);
    }

    /**
     * The partition's end, committed or not; -1 when the topic does not exist. A topic that exists but is not
     * answered for is an error, never "no positions": that would start tables anew. One just created is not
     * known to every broker's metadata at once: it is asked again for a few seconds.
     */
    private long highWatermark() {
        long deadline = System.nanoTime() + NEW_TOPIC_WAIT.toNanos();
        while (true) {
            try {
                return get(admin.listOffsets(Map.of(partition, OffsetSpec.latest()), new ListOffsetsOptions(IsolationLevel.READ_UNCOMMITTED))
                        .partitionResult(partition)).offset();
            } catch (CdcException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw e;
                }
                if (!get(admin.listTopics().names()).contains(partition.topic())) {
                    return -1;
                }
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                sleep();
            }
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CdcException("interrupted while the positions topic was being created", e);
        }
    }

    private <T> T get(KafkaFuture<T> future) {
        return KafkaTarget.await("positions topic " + partition.topic() + " cannot be read", future);
    }

    @Override
    public synchronized void close() {
        consumer.close();
    }
}
