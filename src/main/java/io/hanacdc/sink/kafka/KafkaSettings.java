package io.hanacdc.sink.kafka;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.Setting;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;

/**
 * A Kafka target's settings: the brokers of hanacdc.target.url ({@code kafka://host:port[,host:port]}),
 * hana-cdc's own hanacdc.kafka.* keys, and any Kafka client setting given as hanacdc.kafka.&lt;name&gt;
 * (security.protocol, sasl.*, ssl.*, compression.type…), passed to each client that knows it.
 *
 * @param topicPrefix       the first part of every topic name (default: the task name, escaped as topic names are)
 * @param replicationFactor of the topics hana-cdc creates; empty: the broker's default
 * @param stateMemoryBytes  what a topic's states (verify) or keys (vanished-row check) may take in memory, per pass
 * @param types             how decimal, temporal and binary values are written (Debezium's modes)
 */
record KafkaSettings(String bootstrapServers, String topicPrefix, int partitions, Optional<Short> replicationFactor,
                     boolean tombstones, boolean schemas, long stateMemoryBytes, TypeModes types, Map<String, String> client) {
    static final String URL_PREFIX = "kafka://";
    static final Setting TOPIC_PREFIX = Setting.text("hanacdc.kafka.topic-prefix",
            "the first part of each topic name, `<prefix>.<schema>.<table>`, and of the positions topic"
                    + " `<prefix>.hanacdc-positions`: 1 to 100 of `a-z A-Z 0-9 . _ -`").defaultText("the task name");
    static final Setting PARTITIONS = Setting.number("hanacdc.kafka.partitions", 1L, 1,
            "partitions of the table topics hana-cdc creates (a topic found is used as it is); events are keyed by primary key,"
                    + " so each key's order holds on any count");
    static final Setting REPLICATION_FACTOR = Setting.number("hanacdc.kafka.replication-factor", null, 1,
            "replicas of the topics hana-cdc creates").defaultText("the broker's default");
    static final Setting TOMBSTONES = Setting.choice("hanacdc.kafka.tombstones", List.of("true", "false"),
            "a delete event is followed by a tombstone (the key with a null value), so consumers that keep the last state per key"
                    + " (and compacted copies of the topic) forget the key");
    static final Setting SCHEMAS = Setting.choice("hanacdc.kafka.schemas", List.of("false", "true"),
            "keys and values with Kafka Connect's embedded schema, `{\"schema\":…, \"payload\":…}`, as Connect's `JsonConverter`"
                    + " writes them with `schemas.enable=true`, so Connect sinks such as Debezium's JDBC sink read them unchanged");
    static final Setting STATE_MEMORY = Setting.number("hanacdc.kafka.state-memory-mb", null, 1,
            "memory `verify` may take to hold a topic's last state per key, and the vanished-row check its keys; a topic that"
                    + " needs more is read in several passes, each holding a part of the keys").defaultText("a quarter of the heap");
    static final String CLIENT_PREFIX = "hanacdc.kafka.";
    /**
     * The producer's batch.size unless set: a transaction carries a whole batch of events (5000 of some 400 bytes
     * by default), which at Kafka's 16 KB went out as about 130 produce requests, each a round of work for the broker.
     */
    static final int BATCH_BYTES = 256 * 1024;
    private static final Pattern BROKER = Pattern.compile("(\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9._-]+):([0-9]{1,5})");
    private static final Pattern PREFIX = Pattern.compile("[A-Za-z0-9._-]{1,100}");
    /** What exactly-once rests on, so hana-cdc sets it and nobody else: refused as hanacdc.kafka.* settings. */
    private static final Set<String> OWN = Set.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, ProducerConfig.TRANSACTIONAL_ID_CONFIG,
            ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, ProducerConfig.ACKS_CONFIG, ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            ConsumerConfig.GROUP_ID_CONFIG, ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG,
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG);

    static boolean accepts(String url) {
        return url.startsWith(URL_PREFIX);
    }

    static KafkaSettings load(CdcConfig cfg) {
        CdcConfig.Reader r = cfg.settings();
        if (!cfg.target().user().isEmpty() || !cfg.target().password().isEmpty()) {
            throw new CdcException("hanacdc.target.user and hanacdc.target.password are not used for a Kafka target: give the"
                    + " client's credentials as Kafka settings, e.g. hanacdc.kafka.security.protocol=SASL_SSL,"
                    + " hanacdc.kafka.sasl.mechanism and hanacdc.kafka.sasl.jaas.config");
        }
        String prefix = r.text(TOPIC_PREFIX);
        if (prefix.isEmpty()) {
            prefix = TopicNames.escape(cfg.task());
        } else if (!PREFIX.matcher(prefix).matches()) {
            throw new CdcException(TOPIC_PREFIX + "=" + prefix + " is not a topic name part Kafka allows: 1 to 100 of the"
                    + " characters a-z, A-Z, 0-9, '.', '_' and '-'");
        }
        String rf = r.text(REPLICATION_FACTOR);
        Optional<Short> replication = rf.isEmpty() ? Optional.empty() : Optional.of((short) Math.min(Short.MAX_VALUE, r.number(REPLICATION_FACTOR, 1)));
        long quarterHeap = Runtime.getRuntime().maxMemory() / 4;
        long stateMemory = r.text(STATE_MEMORY).isEmpty() ? quarterHeap : r.number(STATE_MEMORY, 1) * 1024L * 1024;
        return new KafkaSettings(brokers(cfg.target().url()), prefix, r.number(PARTITIONS), replication,
                Boolean.parseBoolean(r.choice(TOMBSTONES)), Boolean.parseBoolean(r.choice(SCHEMAS)), stateMemory, TypeModes.load(r),
                clientSettings(r));
    }

    /** host:port[,host:port] of a kafka:// URL. */
    static String brokers(String url) {
        String list = url.substring(URL_PREFIX.length());
        for (String broker : list.split(",", -1)) {
            var m = BROKER.matcher(broker.strip());
            if (!m.matches() || Integer.parseInt(m.group(2)) < 1 || Integer.parseInt(m.group(2)) > 65535) {
                throw new CdcException("hanacdc.target.url " + url + " is not a list of Kafka brokers: use kafka://host:port[,host:port],"
                        + " e.g. kafka://kafka1:9092,kafka2:9092 (client settings go in hanacdc.kafka.*, not in the URL)");
            }
        }
        return list.replace(" ", "");
    }

    /** The settings of Kafka's producer, consumer and admin clients. */
    static Set<String> clientNames() {
        Set<String> names = new TreeSet<>(ProducerConfig.configNames());
        names.addAll(ConsumerConfig.configNames());
        names.addAll(AdminClientConfig.configNames());
        return names;
    }

    private static Map<String, String> clientSettings(CdcConfig.Reader r) {
        Map<String, String> client = new LinkedHashMap<>();
        for (String name : clientNames()) {
            String value = r.string(CLIENT_PREFIX + name, "");
            if (value.isEmpty()) {
                continue;
            }
            if (OWN.contains(name)) {
                throw new CdcException(CLIENT_PREFIX + name + " is set by hana-cdc itself (exactly-once depends on it): remove it"
                        + (name.equals(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG) ? "; the brokers are those of hanacdc.target.url" : ""));
            }
            client.put(name, value);
        }
        return client;
    }

    /** The producer settings of a table's transactional producer. */
    Map<String, Object> producer(String transactionalId) {
        Map<String, Object> p = only(ProducerConfig.configNames());
        p.putIfAbsent(ProducerConfig.BATCH_SIZE_CONFIG, BATCH_BYTES);
        p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        return p;
    }

    /** A consumer that sees committed transactions only and is assigned its partitions (no group). */
    Map<String, Object> consumer() {
        Map<String, Object> c = only(ConsumerConfig.configNames());
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, false); // a read must never create the topic it looks for
        return c;
    }

    Map<String, Object> admin() {
        return only(AdminClientConfig.configNames());
    }

    private Map<String, Object> only(Set<String> known) {
        Map<String, Object> out = new LinkedHashMap<>();
        client.forEach((k, v) -> {
            if (known.contains(k)) {
                out.put(k, v);
            }
        });
        out.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return out;
    }
}
