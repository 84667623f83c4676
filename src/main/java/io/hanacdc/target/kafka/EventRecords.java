package io.hanacdc.target.kafka;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.stream.ChangeEvent;
import io.hanacdc.stream.ChangeRow;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
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
 * key, goes to every partition, so every consumer sees it in order with the keys it reads. Values follow
 * Debezium's conventions with decimal.handling.mode=string: decimals as strings (exact), dates, times and
 * timestamps as ISO-8601 text (a time zone's timestamp in UTC, with Z, as Debezium's ZonedTimestamp), binary
 * as base64; numbers, booleans and text as themselves.
 */
final class EventRecords {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final String task;
    private final String database;
    private final boolean tombstones;
    /** Keys and values with Kafka Connect's embedded schema (ConnectSchemas). */
    private final boolean schemas;

    /** @param database the source database, as {@code source.db} */
    EventRecords(String task, String database, boolean tombstones, boolean schemas) {
        this.task = task;
        this.database = database;
        this.tombstones = tombstones;
        this.schemas = schemas;
    }

    /**
     * @param captureVersion the capture version whose shape the rows have, for events of copied rows (a CDC row names its own)
     * @param partitions     the topic's partition count, asked for a truncate and for keys with their Connect schema
     */
    List<ProducerRecord<byte[], byte[]>> records(String topic, SourceTable table, int captureVersion, List<ChangeEvent> events,
                                                 IntSupplier partitions) {
        List<ProducerRecord<byte[], byte[]>> out = new ArrayList<>(events.size() + 16);
        long now = System.currentTimeMillis();
        int[] keys = table.primaryKey().stream().mapToInt(k -> table.columnNames().indexOf(k)).toArray();
        List<SourceColumn> keyColumns = table.keyColumns();
        ObjectNode keySchema = schemas ? ConnectSchemas.key(table, topic) : null;
        ObjectNode valueSchema = schemas ? ConnectSchemas.envelope(table, topic) : null;
        for (ChangeEvent e : events) {
            ObjectNode value = JSON.createObjectNode();
            if (e.kind() == ChangeEvent.Kind.TRUNCATE) {
                value.putNull("before").putNull("after");
                byte[] bytes = bytes(valueSchema, envelope(value, "t", now, table, captureVersion, e.cdc()));
                for (int p = 0, n = partitions.getAsInt(); p < n; p++) {
                    out.add(new ProducerRecord<>(topic, p, null, bytes));
                }
                continue;
            }
            boolean delete = e.kind() == ChangeEvent.Kind.DELETE;
            ObjectNode key = JSON.createObjectNode();
            for (int k = 0; k < keys.length; k++) {
                put(key, keyColumns.get(k), delete ? e.values()[k] : e.values()[keys[k]]);
            }
            if (delete) {
                value.set("before", key.deepCopy());
                value.putNull("after");
            } else {
                ObjectNode after = JSON.createObjectNode();
                for (int c = 0; c < table.columns().size(); c++) {
                    put(after, table.columns().get(c), e.values()[c]);
                }
                value.putNull("before");
                value.set("after", after);
            }
            byte[] keyBytes = bytes(keySchema, key);
            Integer partition = schemas ? partition(bytes(key), partitions) : null; // else the default partitioner's, from the same bytes
            out.add(new ProducerRecord<>(topic, partition, keyBytes, bytes(valueSchema, envelope(value, op(e.kind()), now, table, captureVersion, e.cdc()))));
            if (delete && tombstones) {
                out.add(new ProducerRecord<>(topic, partition, keyBytes, null));
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

    private static String op(ChangeEvent.Kind kind) {
        return switch (kind) {
            case INSERT -> "c";
            case UPDATE -> "u";
            case DELETE -> "d";
            case TRUNCATE -> "t";
            case READ -> "r";
        };
    }

    private ObjectNode envelope(ObjectNode value, String op, long now, SourceTable table, int captureVersion, ChangeRow cdc) {
        ObjectNode source = JSON.createObjectNode().put("connector", "hana-cdc").put("name", task)
                .put("ts_ms", cdc == null || cdc.createTime() == null ? now : cdc.createMicros() / 1000)
                .put("snapshot", op.equals("r") ? "true" : "false").put("db", database)
                .put("schema", table.id().schema()).put("table", table.id().name());
        if (cdc == null) {
            source.putNull("txId").putNull("data_id").put("capture_version", captureVersion);
        } else {
            source.put("txId", cdc.transactionId()).put("data_id", cdc.dataId()).put("capture_version", cdc.captureVersion());
        }
        value.put("op", op).put("ts_ms", now).set("source", source);
        return value;
    }

    static void put(ObjectNode node, SourceColumn column, Object v) {
        String name = column.name();
        if (v == null) {
            node.putNull(name);
        } else if (v instanceof BigDecimal d) {
            node.put(name, d.toPlainString());
        } else if (v instanceof byte[] b) {
            node.put(name, b);
        } else if (v instanceof Boolean b) {
            node.put(name, b);
        } else if (v instanceof Integer i) {
            node.put(name, i);
        } else if (v instanceof Long l) {
            node.put(name, l);
        } else if (v instanceof Float f) {
            node.put(name, f);
        } else if (v instanceof Double d) {
            node.put(name, d);
        } else if (v instanceof LocalDateTime t) {
            String text = DateTimeFormatter.ISO_LOCAL_DATE_TIME.format(t);
            node.put(name, column.type().kind() == ColumnType.Kind.TIMESTAMP_TZ ? text + "Z" : text);
        } else if (v instanceof LocalDate d) {
            node.put(name, DateTimeFormatter.ISO_LOCAL_DATE.format(d));
        } else if (v instanceof LocalTime t) {
            node.put(name, DateTimeFormatter.ISO_LOCAL_TIME.format(t));
        } else {
            node.put(name, v.toString());
        }
    }

    /** The node, wrapped with its Connect schema when there is one. */
    private static byte[] bytes(ObjectNode schema, ObjectNode node) {
        return bytes(schema == null ? node : ConnectSchemas.wrap(schema, node));
    }

    static byte[] bytes(ObjectNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always serializes", e);
        }
    }
}
