package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import java.io.IOException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * Each column type's codec as Debezium's connectors write the type (their PostgreSQL connector's, and for SAP HANA
 * its closest, the Oracle and Db2 connectors'): booleans, integers and floating point as Connect's own types,
 * decimals and temporal types by the modes (DecimalCodecs, TimeCodecs), a time zone's timestamp as ZonedTimestamp
 * text in UTC, binary by binary.handling.mode (bytes, or base64, URL-safe base64 or lower-case hex text), uuid as
 * io.debezium.data.Uuid, json as io.debezium.data.Json, other text as string.
 */
final class FieldCodecs {
    private FieldCodecs() {}

    static FieldCodec[] of(List<SourceColumn> columns, TypeModes modes) {
        return columns.stream().map(c -> of(c.type(), modes)).toArray(FieldCodec[]::new);
    }

    static FieldCodec of(ColumnType t, TypeModes modes) {
        return switch (t.kind()) {
            case BOOLEAN -> new FieldCodec("boolean", null, (g, v) -> g.writeBoolean((Boolean) v),
                    v -> v.isBoolean() ? v.booleanValue() : Boolean.parseBoolean(v.asText()));
            case UNSIGNED_TINYINT, SMALLINT -> integral("int16");
            case INTEGER -> integral("int32");
            case BIGINT -> integral("int64");
            case REAL -> floating("float");
            case DOUBLE -> floating("double");
            case DECIMAL, FLOATING_DECIMAL -> DecimalCodecs.of(t, modes.decimal());
            case DATE, TIME, TIMESTAMP -> TimeCodecs.of(t, modes.time());
            case TIMESTAMP_TZ -> new FieldCodec("string", "io.debezium.time.ZonedTimestamp",
                    (g, v) -> g.writeString(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format((LocalDateTime) v) + "Z"),
                    v -> LocalDateTime.parse(v.asText().endsWith("Z") ? v.asText().substring(0, v.asText().length() - 1) : v.asText()));
            case BINARY, VARBINARY, BLOB -> binary(modes.binary());
            case UUID -> text("io.debezium.data.Uuid");
            case JSON -> text("io.debezium.data.Json");
            case CHAR, VARCHAR, TEXT, SOURCE_TEXT, ARRAY -> text(null);
        };
    }

    private static FieldCodec integral(String type) {
        return new FieldCodec(type, null, FieldCodecs::number, v -> v.isNumber() ? v.longValue() : Long.parseLong(v.asText()));
    }

    private static FieldCodec floating(String type) {
        return new FieldCodec(type, null, FieldCodecs::number, v -> v.isNumber() ? v.doubleValue() : Double.parseDouble(v.asText()));
    }

    private static FieldCodec text(String name) {
        return new FieldCodec("string", name, (g, v) -> g.writeString(v.toString()), JsonNode::asText);
    }

    private static FieldCodec binary(TypeModes.Binary mode) {
        return switch (mode) {
            case BYTES -> new FieldCodec("bytes", null, (g, v) -> g.writeBinary((byte[]) v), JsonNode::binaryValue);
            case BASE64 -> new FieldCodec("string", null, (g, v) -> g.writeBinary((byte[]) v), JsonNode::binaryValue);
            case BASE64_URL_SAFE -> new FieldCodec("string", null, (g, v) -> g.writeString(Base64.getUrlEncoder().encodeToString((byte[]) v)),
                    v -> Base64.getUrlDecoder().decode(v.asText()));
            case HEX -> new FieldCodec("string", null, (g, v) -> g.writeString(HexFormat.of().formatHex((byte[]) v)),
                    v -> HexFormat.of().parseHex(v.asText()));
        };
    }

    /** A number as the source side read it (int, long, float or double); a value of another class as its text. */
    private static void number(JsonGenerator g, Object v) throws IOException {
        if (v instanceof Integer i) {
            g.writeNumber(i);
        } else if (v instanceof Long l) {
            g.writeNumber(l);
        } else if (v instanceof Short s) {
            g.writeNumber(s);
        } else if (v instanceof Float f) {
            g.writeNumber(f);
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else {
            g.writeString(v.toString());
        }
    }
}
