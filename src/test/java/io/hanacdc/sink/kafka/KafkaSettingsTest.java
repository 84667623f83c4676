package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.sink.TargetResolver;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** kafka:// URLs select the Kafka target; its settings are checked, and Kafka's client settings pass through. */
class KafkaSettingsTest {
    private static CdcConfig config(String url, String... keyValues) {
        Map<String, String> props = new HashMap<>(Map.of("hanacdc.task", "orders sync", "hanacdc.source.url", "jdbc:postgresql://h/erp",
                "hanacdc.tables", "public.t", "hanacdc.target.url", url));
        for (int i = 0; i < keyValues.length; i += 2) {
            props.put(keyValues[i], keyValues[i + 1]);
        }
        return CdcConfig.load(k -> Optional.ofNullable(props.get(k)));
    }

    @Test
    void kafkaUrlsFindTheKafkaKind() {
        assertInstanceOf(KafkaTargets.class, TargetResolver.kind("kafka://k1:9092,k2:9092"));
    }

    @Test
    void defaultsAndTheBrokersOfTheUrl() {
        KafkaSettings s = KafkaSettings.load(config("kafka://k1:9092, [::1]:9093"));
        assertEquals("k1:9092,[::1]:9093", s.bootstrapServers());
        assertEquals("orders-20sync", s.topicPrefix(), "the task name, escaped");
        assertEquals(1, s.partitions());
        assertTrue(s.replicationFactor().isEmpty() && s.tombstones());
    }

    @Test
    void aUrlThatIsNoBrokerListIsRefused() {
        for (String url : new String[] {"kafka://", "kafka://k1", "kafka://k1:9092/topic", "kafka://k1:99999", "kafka://k1:9092,"}) {
            CdcException e = assertThrows(CdcException.class, () -> KafkaSettings.load(config(url)), url);
            assertTrue(e.getMessage().contains("kafka://host:port"), e.getMessage());
        }
    }

    @Test
    void clientSettingsPassThroughToTheClientsThatKnowThem() {
        KafkaSettings s = KafkaSettings.load(config("kafka://k1:9092", "hanacdc.kafka.security.protocol", "SASL_SSL",
                "hanacdc.kafka.compression.type", "zstd", "hanacdc.kafka.topic-prefix", "erp.cdc", "hanacdc.kafka.partitions", "6"));
        assertEquals("SASL_SSL", s.producer("tx").get("security.protocol"));
        assertEquals("SASL_SSL", s.consumer().get("security.protocol"));
        assertEquals("SASL_SSL", s.admin().get("security.protocol"));
        assertEquals("zstd", s.producer("tx").get("compression.type"));
        assertTrue(!s.consumer().containsKey("compression.type") && !s.admin().containsKey("compression.type"), "producers' own");
        assertEquals("tx", s.producer("tx").get("transactional.id"));
        assertEquals("read_committed", s.consumer().get("isolation.level"));
        assertEquals("erp.cdc", s.topicPrefix());
        assertEquals(6, s.partitions());
    }

    @Test
    void whatExactlyOnceRestsOnCannotBeSet() {
        for (String key : new String[] {"hanacdc.kafka.transactional.id", "hanacdc.kafka.isolation.level", "hanacdc.kafka.bootstrap.servers"}) {
            CdcException e = assertThrows(CdcException.class, () -> KafkaSettings.load(config("kafka://k1:9092", key, "x")), key);
            assertTrue(e.getMessage().startsWith(key + " is set by hana-cdc"), e.getMessage());
        }
    }

    @Test
    void badTopicPrefixAndTargetCredentialsAreRefused() {
        CdcException prefix = assertThrows(CdcException.class, () -> KafkaSettings.load(config("kafka://k1:9092",
                "hanacdc.kafka.topic-prefix", "erp cdc")));
        assertTrue(prefix.getMessage().contains("hanacdc.kafka.topic-prefix=erp cdc"), prefix.getMessage());
        CdcException user = assertThrows(CdcException.class, () -> KafkaSettings.load(config("kafka://k1:9092", "hanacdc.target.user", "u")));
        assertTrue(user.getMessage().contains("sasl.jaas.config"), user.getMessage());
    }
}
