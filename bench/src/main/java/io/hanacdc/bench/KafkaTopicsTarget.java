package io.hanacdc.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A scenario's Kafka target: the topics under the prefix {@code <name>} (hanacdc.kafka.topic-prefix) on the bench's
 * broker, one per table, and the positions topic beside them; deleted when the scenario ends.
 */
public final class KafkaTopicsTarget implements BenchTarget {
    private final String bootstrap;
    private final String prefix;

    public KafkaTopicsTarget(String bootstrap, String name) {
        this.bootstrap = bootstrap;
        this.prefix = name;
    }

    @Override
    public Map<String, String> env() {
        return Map.of("HANACDC_TARGET_URL", "kafka://" + bootstrap, "HANACDC_KAFKA_TOPIC_PREFIX", prefix);
    }

    @Override
    public Progress progress() {
        return new KafkaProgress(consumerConfig(bootstrap), prefix + ".hanacdc-positions");
    }

    /** Reads every table's topic as a read_committed consumer: the events per table and their mean size. */
    @Override
    public String check(List<String> tables, long rowsPerTable) {
        List<String> out = new ArrayList<>();
        long events = 0;
        long bytes = 0;
        try (KafkaConsumer<byte[], byte[]> c = new KafkaConsumer<>(consumerConfig(bootstrap), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            for (String t : tables) {
                TopicPartition p = new TopicPartition(prefix + ".public." + t, 0);
                c.assign(List.of(p));
                c.seekToBeginning(List.of(p));
                long end = c.endOffsets(List.of(p)).get(p);
                long n = 0;
                while (c.position(p) < end) {
                    for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(500))) {
                        n++;
                        bytes += r.serializedKeySize() + r.serializedValueSize();
                    }
                }
                events += n;
                if (n != rowsPerTable) {
                    out.add(String.format("WARNING: topic %s has %,d events, expected %,d", p.topic(), n, rowsPerTable));
                }
            }
        }
        out.add(String.format("%,d events of %.0f bytes on average (key + value)", events, events == 0 ? 0.0 : (double) bytes / events));
        return String.join("; ", out);
    }

    /**
     * A read_committed consumer that asks again within 5 ms: at the default fetch.max.wait.ms (500) a fetch waiting on
     * the broker is not answered when a transaction commits, which put the latency's resolution at about 200 ms.
     */
    static Map<String, Object> consumerConfig(String bootstrap) {
        return Map.of("bootstrap.servers", bootstrap, "isolation.level", "read_committed", "enable.auto.commit", false,
                "fetch.max.wait.ms", 5);
    }

    @Override
    public void close() throws Exception {
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            Set<String> mine = admin.listTopics().names().get().stream().filter(t -> t.startsWith(prefix + ".")).collect(Collectors.toSet());
            admin.deleteTopics(mine).all().get();
        }
    }
}
