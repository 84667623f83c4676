package io.hanacdc.sink.kafka;

import io.hanacdc.config.SettingsFamily;
import java.util.Set;
import java.util.TreeSet;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * hanacdc.kafka.&lt;client setting&gt;: the Kafka clients' settings, which pass through to them. The Kafka target's own
 * keys (topic prefix, partitions, and the value modes named as Debezium's connectors name them: TypeModes) are
 * declared settings of their own (KafkaSettingGroup).
 */
public final class KafkaSettingsFamily implements SettingsFamily {
    @Override
    public String prefix() {
        return KafkaSettings.CLIENT_PREFIX;
    }

    @Override
    public Set<String> names() {
        return new TreeSet<>(KafkaSettings.clientNames());
    }
}
