package io.hanacdc.sink.kafka;

import io.hanacdc.config.Setting;
import io.hanacdc.config.SettingGroup;
import java.util.List;
import java.util.stream.Stream;

/** The Kafka target's own settings, declared in KafkaSettings; the client settings pass through (KafkaSettingsFamily). */
public final class KafkaSettingGroup implements SettingGroup {
    @Override
    public String title() {
        return "Kafka target";
    }

    @Override
    public int rank() {
        return 60;
    }

    @Override
    public String about() {
        return "With `hanacdc.target.url = kafka://host:9092[,host:9092]` (see [Kafka target](kafka.md)). Any Kafka client setting"
                + " passes through as `hanacdc.kafka.<name>` (`hanacdc.kafka.security.protocol`, `hanacdc.kafka.sasl.jaas.config`,"
                + " `hanacdc.kafka.compression.type`…), except those exactly-once rests on (transactional id, idempotence, acks,"
                + " isolation), which hana-cdc sets; a `hanacdc.kafka.<name>` that is no client setting is refused at start, naming"
                + " the nearest one.";
    }

    @Override
    public List<Setting> settings() {
        List<Setting> own = List.of(KafkaSettings.TOPIC_PREFIX, KafkaSettings.PARTITIONS, KafkaSettings.REPLICATION_FACTOR,
                KafkaSettings.TOMBSTONES, KafkaSettings.SCHEMAS, KafkaSettings.STATE_MEMORY);
        return Stream.concat(own.stream(), TypeModes.SETTINGS.stream()).toList();
    }
}
