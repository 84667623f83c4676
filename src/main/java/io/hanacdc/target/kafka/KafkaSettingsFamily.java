package io.hanacdc.target.kafka;

import io.hanacdc.config.SettingsFamily;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/** hanacdc.kafka.*: the Kafka clients' settings, which pass through to them, and the Kafka target's own. */
public final class KafkaSettingsFamily implements SettingsFamily {
    @Override
    public String prefix() {
        return KafkaSettings.CLIENT_PREFIX;
    }

    @Override
    public Set<String> names() {
        Set<String> names = new TreeSet<>(KafkaSettings.clientNames());
        for (String own : new String[] {KafkaSettings.TOPIC_PREFIX, KafkaSettings.PARTITIONS, KafkaSettings.REPLICATION_FACTOR, KafkaSettings.TOMBSTONES,
            KafkaSettings.SCHEMAS}) {
            names.add(own.substring(KafkaSettings.CLIENT_PREFIX.length()));
        }
        return names;
    }
}
