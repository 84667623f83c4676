package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Map;

/**
 * How one column's values are written into events and read back (verify), and the Connect schema that says so:
 * its type, Debezium's or Connect's semantic name, and parameters (a Decimal's scale). FieldCodecs makes them.
 *
 * @param name null for a plain type
 */
record FieldCodec(String type, String name, Map<String, String> parameters, Writer writer, Reader reader) {
    /** Writes a value the source side read (never null); refuses, with IllegalArgumentException, one it cannot write exactly. */
    interface Writer {
        void write(JsonGenerator g, Object value) throws IOException;
    }

    /** The value the source side reads, from what the writer wrote (never JSON null). */
    interface Reader {
        Object read(JsonNode value) throws IOException;
    }

    static final String VARIABLE_SCALE_DECIMAL = "io.debezium.data.VariableScaleDecimal";

    FieldCodec(String type, String name, Writer writer, Reader reader) {
        this(type, name, Map.of(), writer, reader);
    }

    /** Puts the schema into a field's schema; a VariableScaleDecimal is Debezium's struct of scale and unscaled value. */
    ObjectNode schema(ObjectNode field) {
        field.put("type", type);
        if (name != null) {
            field.put("name", name).put("version", 1);
        }
        if (!parameters.isEmpty()) {
            ObjectNode p = field.putObject("parameters");
            parameters.forEach(p::put);
        }
        if (VARIABLE_SCALE_DECIMAL.equals(name)) {
            field.putArray("fields").add(field.objectNode().put("type", "int32").put("optional", false).put("field", "scale"))
                    .add(field.objectNode().put("type", "bytes").put("optional", false).put("field", "value"));
        }
        return field;
    }
}
