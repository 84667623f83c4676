package io.hanacdc.sink.kafka;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.TableId;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetKind;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** Apache Kafka as a kind of target: kafka://host:port[,host:port] URLs. */
public final class KafkaTargets implements TargetKind {
    @Override
    public boolean handles(String url) {
        return KafkaSettings.accepts(url);
    }

    /** One producer per table at a time, opened for its turn: the pool size has nothing to size. */
    @Override
    public Target open(CdcConfig cfg, int poolSize) {
        return KafkaTarget.open(cfg);
    }

    /** Not SQL: the tombstones that delete the positions, written with Kafka's console producer. */
    @Override
    public String deletePositionsSql(CdcConfig cfg, Optional<TableId> table) {
        KafkaSettings settings = KafkaSettings.load(cfg);
        String topic = new TopicNames(settings.topicPrefix(), cfg.targetNames()).positions();
        PositionCodec codec = new PositionCodec(cfg.task());
        String key = table.map(t -> new String(codec.key(t), StandardCharsets.UTF_8))
                .orElse("{\"task\":\"" + cfg.task() + "\",\"schema\":…,\"table\":…} (one per table)");
        return "write a tombstone (null value) for key " + key + " to topic " + topic + ", e.g. printf '%s\\tNULL\\n' '<key>'"
                + " | kafka-console-producer.sh --bootstrap-server " + settings.bootstrapServers() + " --topic " + topic
                + " --property parse.key=true --property null.marker=NULL";
    }
}
