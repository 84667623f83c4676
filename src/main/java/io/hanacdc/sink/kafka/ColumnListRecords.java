package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The records of the schema-changes topic: a table's column list at one capture version, keyed by table, in
 * the transaction of that version's first events (so a read_committed consumer has it when the events come).
 * The idea is DBus's versioned table metadata: events name their capture version, this record says what it
 * holds. A process announces each version once, the first time it writes the version's events, so after a
 * restart a version's record may come again, alike.
 */
final class ColumnListRecords {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final String topic;
    private final String task;
    private final String database;

    ColumnListRecords(String topic, String task, String database) {
        this.topic = topic;
        this.task = task;
        this.database = database;
    }

    String topic() {
        return topic;
    }

    ProducerRecord<byte[], byte[]> record(SourceTable table, int captureVersion, String tableTopic) {
        ObjectNode id = JSON.createObjectNode().put("schema", table.id().schema()).put("table", table.id().name());
        ObjectNode value = JSON.createObjectNode();
        value.putObject("source").put("connector", "hana-cdc").put("name", task).put("db", database)
                .put("schema", table.id().schema()).put("table", table.id().name());
        value.put("capture_version", captureVersion).put("topic", tableTopic).put("ts_ms", System.currentTimeMillis());
        ArrayNode columns = value.putArray("columns");
        for (SourceColumn c : table.columns()) {
            int keyPosition = table.primaryKey().indexOf(c.name());
            ObjectNode column = columns.addObject().put("name", c.name()).put("type", c.sourceType()).put("optional", c.nullable());
            if (keyPosition >= 0) {
                column.put("key_position", keyPosition + 1);
            } else {
                column.putNull("key_position");
            }
        }
        ArrayNode key = value.putArray("primary_key");
        table.primaryKey().forEach(key::add);
        return new ProducerRecord<>(topic, 0, EventRecords.bytes(id), EventRecords.bytes(value));
    }
}
