package io.hanacdc.target.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import java.util.List;

/**
 * Kafka Connect's schemas of a table's events, for hanacdc.kafka.schemas=true: each key and value becomes
 * {"schema": …, "payload": …}, as Connect's JsonConverter with schemas.enable writes them, so Debezium's JDBC
 * sink and other Connect sinks read the events unchanged. The envelope is Debezium's (before, after, source,
 * op, ts_ms); column types as the values are rendered: decimals as strings (decimal.handling.mode=string),
 * binary as bytes, dates and times as ISO-8601 strings named with Debezium's ISO semantic types
 * (io.debezium.time.IsoDate, IsoTime, IsoTimestamp; ZonedTimestamp with a time zone).
 */
final class ConnectSchemas {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ConnectSchemas() {}

    static ObjectNode key(SourceTable table, String topic) {
        return struct(table.keyColumns(), topic + ".Key", false, false);
    }

    static ObjectNode envelope(SourceTable table, String topic) {
        ObjectNode envelope = JSON.createObjectNode().put("type", "struct").put("optional", false).put("name", topic + ".Envelope");
        ArrayNode fields = envelope.putArray("fields");
        // a delete's before holds the key columns only (the triggers keep no other old image): its other fields may be absent
        fields.add(struct(table.columns(), topic + ".Before", true, true).put("field", "before"));
        fields.add(struct(table.columns(), topic + ".Value", true, false).put("field", "after"));
        fields.add(source());
        fields.add(field("op", "string", false));
        fields.add(field("ts_ms", "int64", true));
        return envelope;
    }

    /** The payload of a node that {@link #wrap} made; any other node as it is. */
    static JsonNode payload(JsonNode node) {
        return node.size() == 2 && node.has("schema") && node.has("payload") ? node.get("payload") : node;
    }

    /** {"schema": schema, "payload": payload}. */
    static ObjectNode wrap(ObjectNode schema, ObjectNode payload) {
        ObjectNode out = JSON.createObjectNode();
        out.set("schema", schema);
        out.set("payload", payload);
        return out;
    }

    private static ObjectNode struct(List<SourceColumn> columns, String name, boolean optional, boolean fieldsOptional) {
        ObjectNode s = JSON.createObjectNode().put("type", "struct").put("optional", optional).put("name", name);
        ArrayNode fields = s.putArray("fields");
        for (SourceColumn c : columns) {
            ObjectNode f = field(c.name(), type(c), fieldsOptional || c.nullable());
            String semantic = semantic(c);
            if (semantic != null) {
                f.put("name", semantic);
            }
            fields.add(f);
        }
        return s;
    }

    private static ObjectNode source() {
        ObjectNode s = JSON.createObjectNode().put("type", "struct").put("optional", false).put("name", "io.hanacdc.Source").put("field", "source");
        ArrayNode fields = s.putArray("fields");
        for (String name : new String[] {"connector", "name", "snapshot", "db", "schema", "table"}) {
            fields.add(field(name, "string", !name.equals("connector") && !name.equals("name")));
        }
        fields.add(field("ts_ms", "int64", false));
        fields.add(field("txId", "int64", true));
        fields.add(field("data_id", "int64", true));
        fields.add(field("capture_version", "int32", true));
        return s;
    }

    private static ObjectNode field(String name, String type, boolean optional) {
        return JSON.createObjectNode().put("type", type).put("optional", optional).put("field", name);
    }

    private static String type(SourceColumn c) {
        return switch (c.type().kind()) {
            case BOOLEAN -> "boolean";
            case UNSIGNED_TINYINT, SMALLINT -> "int16";
            case INTEGER -> "int32";
            case BIGINT -> "int64";
            case REAL -> "float";
            case DOUBLE -> "double";
            case BINARY, VARBINARY, BLOB -> "bytes";
            case DECIMAL, FLOATING_DECIMAL, CHAR, VARCHAR, TEXT, DATE, TIME, TIMESTAMP, TIMESTAMP_TZ, UUID, JSON, SOURCE_TEXT, ARRAY -> "string";
        };
    }

    private static String semantic(SourceColumn c) {
        return switch (c.type().kind()) {
            case DATE -> "io.debezium.time.IsoDate";
            case TIME -> "io.debezium.time.IsoTime";
            case TIMESTAMP -> "io.debezium.time.IsoTimestamp";
            case TIMESTAMP_TZ -> "io.debezium.time.ZonedTimestamp";
            case UUID -> "io.debezium.data.Uuid";
            case JSON -> "io.debezium.data.Json";
            default -> null;
        };
    }
}
