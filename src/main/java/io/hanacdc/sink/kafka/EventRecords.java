package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.stream.ChangeEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.utils.Utils;

/**
 * Change events as Kafka records in Debezium's envelope, so Debezium's consumers read them unchanged: the key
 * is the primary key as a JSON object; the value holds {@code before} (the key columns of a deleted row, else
 * null: the triggers keep no other old image), {@code after}, {@code op} (c, u, d, r for a copied row, t for a
 * truncate), {@code ts_ms} (when written) and {@code source} (connector hana-cdc, task, source database,
 * schema, table, capture transaction and time, data id and capture version). A delete is followed by a
 * tombstone (key, null value) unless switched off, so compaction forgets the key; a truncate, which has no
 * key, goes to every partition, so every consumer sees it in order with the keys it reads. A key change is the
 * old key's delete (and tombstone), then a create of the new key, as Debezium's connectors write it. Values are
 * written as Debezium's connectors write them, by its decimal, time and binary modes (FieldCodecs, TypeModes).
 * The JSON itself is written by EventJson; with Connect's schemas on, each key and value is wrapped with its
 * schema (ConnectSchemas).
 */
final class EventRecords {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] SCHEMA_HEAD = "{\"schema\":".getBytes(StandardCharsets.UTF_8);
    private static final byte[] PAYLOAD_HEAD = ",\"payload\":".getBytes(StandardCharsets.UTF_8);
    private final String task;
    private final String database;
    private final boolean tombstones;
    /** Keys and values with Kafka Connect's embedded schema (ConnectSchemas). */
    private final boolean schemas;
    private final TypeModes modes;

    /** @param database the source database, as {@code source.db} */
    EventRecords(String task, String database, boolean tombstones, boolean schemas, TypeModes modes) {
        this.task = task;
        this.database = database;
        this.tombstones = tombstones;
        this.schemas = schemas;
        this.modes = modes;
    }

    /**
     * @param captureVersion the capture version whose shape the rows have, for events of copied rows (a CDC row names its own)
     * @param partitions     the topic's partition count, asked for a truncate and for keys with their Connect schema
     */
    List<ProducerRecord<byte[], byte[]>> records(String topic, SourceTable table, int captureVersion, List<ChangeEvent> events,
                                                 IntSupplier partitions) {
        List<ProducerRecord<byte[], byte[]>> out = new ArrayList<>(events.size() + 16);
        byte[] keySchema = schemas ? bytes(ConnectSchemas.key(table, modes, topic)) : null;
        byte[] valueSchema = schemas ? bytes(ConnectSchemas.envelope(table, modes, topic)) : null;
        try (EventJson json = new EventJson(task, database, table, modes, captureVersion, System.currentTimeMillis())) {
            for (ChangeEvent e : events) {
                if (e.kind() == ChangeEvent.Kind.TRUNCATE) {
                    byte[] value = wrap(valueSchema, json.value("t", null, e.cdc()));
                    for (int p = 0, n = partitions.getAsInt(); p < n; p++) {
                        out.add(new ProducerRecord<>(topic, p, null, value));
                    }
                    continue;
                }
                boolean delete = e.kind() == ChangeEvent.Kind.DELETE;
                byte[] bare = json.key(e.values(), delete);
                Integer partition = schemas ? partition(bare, partitions) : null; // else the default partitioner's, from the same bytes
                byte[] key = wrap(keySchema, bare);
                out.add(new ProducerRecord<>(topic, partition, key, wrap(valueSchema, json.value(op(e.kind()), e.values(), e.cdc()))));
                if (delete && tombstones) {
                    out.add(new ProducerRecord<>(topic, partition, key, null));
                }
            }
        }
        return out;
    }

    /**
     * The partition of a key with its Connect schema: the one the default partitioner gives the bare key, so a key's
     * events stay in one partition when its schema changes (a key column widened) and whether schemas are on or off.
     */
    private static int partition(byte[] bareKey, IntSupplier partitions) {
        return Utils.toPositive(Utils.murmur2(bareKey)) % partitions.getAsInt();
    }

    /** {"schema":…,"payload":…} as Connect's JsonConverter writes it, joined from bytes already written; the JSON as it is without a schema. */
    private static byte[] wrap(byte[] schema, byte[] payload) {
        if (schema == null) {
            return payload;
        }
        byte[] out = new byte[SCHEMA_HEAD.length + schema.length + PAYLOAD_HEAD.length + payload.length + 1];
        int at = 0;
        for (byte[] part : new byte[][] {SCHEMA_HEAD, schema, PAYLOAD_HEAD, payload}) {
            System.arraycopy(part, 0, out, at, part.length);
            at += part.length;
        }
        out[at] = '}';
        return out;
    }

    private static String op(ChangeEvent.Kind kind) {
        return switch (kind) {
            case INSERT -> "c";
            case UPDATE -> "u";
            case DELETE -> "d";
            case TRUNCATE -> "t";
            case READ -> "r";
        };
    }

    /** A small tree as JSON (the schema-changes records). */
    static byte[] bytes(ObjectNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new IllegalStateException("a tree of plain values always serializes", e);
        }
    }
}
