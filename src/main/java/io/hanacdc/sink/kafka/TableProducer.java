package io.hanacdc.sink.kafka;

import io.hanacdc.schema.TableId;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The transactional producer of one table, kept between sessions (ProducerPool). Opening it fences every earlier producer of
 * the table, whichever process holds it (the broker aborts its open transaction and refuses its writes);
 * the table's position stored then can no longer change but through this producer, so its revision is the
 * one every save compares with, as the MySQL target's compare-and-set does.
 */
final class TableProducer implements AutoCloseable {
    private final TableId table;
    private final KafkaProducer<byte[], byte[]> producer;
    /** Of the table's stored position: 0 when none is stored. */
    private long revision;

    TableProducer(TableId table, Map<String, Object> config, PositionsReader positions) {
        this.table = table;
        this.producer = new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer());
        try {
            producer.initTransactions();
            var stored = positions.read().get(table);
            this.revision = stored == null ? 0 : stored.revision();
        } catch (RuntimeException e) {
            producer.close(Duration.ZERO);
            throw e;
        }
    }

    long revision() {
        return revision;
    }

    TableId table() {
        return table;
    }

    /** The stored revision once the open transaction commits. */
    void stored(long next) {
        revision = next;
    }

    void begin() {
        producer.beginTransaction();
    }

    void send(ProducerRecord<byte[], byte[]> record) {
        producer.send(record);
    }

    int partitions(String topic) {
        return producer.partitionsFor(topic).size();
    }

    /** Sends what is buffered and commits; a failed send fails the commit. */
    void commit() {
        producer.commitTransaction();
    }

    void abort() {
        producer.abortTransaction();
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(5));
    }
}
