package io.hanacdc.bench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The Kafka baseline: a plain producer with what hana-cdc's exactly-once rests on — idempotent, transactional,
 * acks=all, the client's other settings at their defaults, as hana-cdc leaves them — sending the events hana-cdc
 * writes for the same rows ({@link OrdersEvents}) into a topic of one partition, batch-size records per
 * transaction. Each batch's records are rendered before its transaction and only the transactions are timed:
 * this is what the producer and broker allow with the records at hand, the target's ceiling for one writer.
 */
public final class RawKafkaBench {
    public record Result(long records, double seconds, double bytesPerRecord, int perTransaction) {
        public double rowsPerSecond() {
            return records / seconds;
        }
    }

    /** hana-cdc's producer batch.size unless one is set (KafkaSettings.BATCH_BYTES), for the reference run. */
    public static final int PRODUCT_BATCH_BYTES = 256 * 1024;
    private final String bootstrap;
    private final BenchOptions o;

    public RawKafkaBench(String bootstrap, BenchOptions o) {
        this.bootstrap = bootstrap;
        this.o = o;
    }

    public Result run(String label) throws Exception {
        return run(label, Map.of());
    }

    /** @param settings more producer settings, over the client's defaults */
    public Result run(String label, Map<String, Object> settings) throws Exception {
        String topic = "bench_raw_" + label;
        try (Admin admin = Admin.create(Map.<String, Object>of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, Optional.of(1), Optional.empty()))).all().get();
            Map<String, Object> config = new HashMap<>(settings);
            config.putAll(Map.of("bootstrap.servers", bootstrap, "transactional.id", topic, "enable.idempotence", true, "acks", "all"));
            try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(config, new ByteArraySerializer(), new ByteArraySerializer())) {
                producer.initTransactions();
                // Warm the JIT, the connection and the topic first: the baseline is the target's limit, not our warm-up.
                // As long as the run: the broker shares this JVM and warms up too (100k records left the first run 3× slower).
                send(producer, topic, 1, o.rawRows());
                Result r = send(producer, topic, 1, o.rawRows());
                System.out.printf("  raw Kafka %s: %,d records in %.1f s = %,.0f records/s, %.0f bytes each (key + value)%n",
                        label, r.records(), r.seconds(), r.rowsPerSecond(), r.bytesPerRecord());
                return r;
            } finally {
                admin.deleteTopics(List.of(topic)).all().get();
            }
        }
    }

    /** Rows first..first+rows-1 of table t1 of the streaming run, as hana-cdc would write them. */
    private Result send(KafkaProducer<byte[], byte[]> producer, String topic, long first, long rows) {
        OrdersEvents events = new OrdersEvents("bench_stream1", "t1");
        long captured = System.currentTimeMillis();
        long nanos = 0;
        long bytes = 0;
        for (long from = first; from < first + rows; from += o.batchSize()) {
            long to = Math.min(first + rows, from + o.batchSize());
            List<ProducerRecord<byte[], byte[]>> batch = new ArrayList<>((int) (to - from));
            long now = System.currentTimeMillis();
            for (long g = from; g < to; g++) {
                ProducerRecord<byte[], byte[]> r = new ProducerRecord<>(topic, OrdersEvents.key(g), events.value(g, captured, now));
                bytes += r.key().length + r.value().length;
                batch.add(r);
            }
            long t0 = System.nanoTime();
            producer.beginTransaction();
            batch.forEach(producer::send);
            producer.commitTransaction();
            nanos += System.nanoTime() - t0;
        }
        return new Result(rows, nanos / 1e9, (double) bytes / rows, o.batchSize());
    }
}
