package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import java.util.List;
import java.util.Locale;

/**
 * Kafka Connect's schemas of a table's events, for hanacdc.kafka.schemas=true: each key and value becomes
 * {"schema": …, "payload": …}, as Connect's JsonConverter with schemas.enable writes them, so Debezium's JDBC
 * sink and other Connect sinks read the events unchanged. The envelope is Debezium's (before, after, source,
 * op, ts_ms); each column's field as its values are written (FieldCodecs), optional as the column is nullable,
 * with the column's constant default (SchemaDefaults).
 */
final class ConnectSchemas {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ConnectSchemas() {}

    static ObjectNode key(SourceTable table, TypeModes modes, String topic) {
        return struct(table, table.keyColumns(), modes, topic + ".Key", false, false);
    }

    static ObjectNode envelope(SourceTable table, TypeModes modes, String topic) {
        ObjectNode envelope = JSON.createObjectNode().put("type", "struct").put("optional", false).put("name", topic + ".Envelope");
        ArrayNode fields = envelope.putArray("fields");
        // a delete's before holds the key columns only (the triggers keep no other old image): its other fields may be absent
        fields.add(struct(table, table.columns(), modes, topic + ".Before", true, true).put("field", "before"));
        fields.add(struct(table, table.columns(), modes, topic + ".Value", true, false).put("field", "after"));
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

    private static ObjectNode struct(SourceTable table, List<SourceColumn> columns, TypeModes modes, String name, boolean optional,
                                     boolean fieldsOptional) {
        ObjectNode s = JSON.createObjectNode().put("type", "struct").put("optional", optional).put("name", name);
        ArrayNode fields = s.putArray("fields");
        for (SourceColumn c : columns) {
            FieldCodec codec = FieldCodecs.of(c.type(), modes);
            ObjectNode f = codec.schema(JSON.createObjectNode()).put("optional", fieldsOptional || c.nullable());
            SchemaDefaults.of(c, codec).ifPresent(d -> f.set("default", d));
            if (modes.propagates(table.id(), c.name())) {
                sourceType(f, c);
            }
            fields.add(f.put("field", c.name()));
        }
        return s;
    }

    /** The source type as Debezium's column.propagate.source.type gives it: its name, and length and scale where the type has them. */
    private static void sourceType(ObjectNode field, SourceColumn c) {
        ObjectNode p = field.has("parameters") ? (ObjectNode) field.get("parameters") : field.putObject("parameters");
        int paren = c.sourceType().indexOf('(');
        p.put("__debezium.source.column.type", (paren < 0 ? c.sourceType() : c.sourceType().substring(0, paren)).strip().toUpperCase(Locale.ROOT));
        ColumnType t = c.type();
        switch (t.kind()) {
            case CHAR, VARCHAR, BINARY, VARBINARY -> {
                if (t.length() > 0) {
                    p.put("__debezium.source.column.length", Integer.toString(t.length()));
                }
            }
            case DECIMAL -> p.put("__debezium.source.column.length", Integer.toString(t.precision()))
                    .put("__debezium.source.column.scale", Integer.toString(t.scale()));
            default -> { }
        }
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
}
