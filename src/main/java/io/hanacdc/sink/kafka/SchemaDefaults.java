package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import io.hanacdc.schema.ColumnDefault;
import io.hanacdc.schema.SourceColumn;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Optional;

/**
 * A column's constant default as its field schema's {@code "default"}, written as the column's values are, as
 * Debezium's connectors put it there: a sink adding the column then declares it (NOT NULL needs one), and rows that
 * were there get it as they did at the source. An expression's default (now(), a sequence) has no value to give.
 */
final class SchemaDefaults {
    private static final ObjectMapper JSON = new ObjectMapper();

    private SchemaDefaults() {}

    static Optional<JsonNode> of(SourceColumn c, FieldCodec codec) {
        ColumnDefault d = c.defaultValue();
        if (d.kind() != ColumnDefault.Kind.CONSTANT) {
            return Optional.empty();
        }
        try (TokenBuffer out = new TokenBuffer(JSON, false)) {
            Object value = value(c, d.value());
            if (value == null) {
                return Optional.empty();
            }
            codec.writer().write(out, value);
            return Optional.of(JSON.readTree(out.asParser()));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // a default not of the column's type, or not writable exactly: better none than another
        }
    }

    /** The default as the source side would read it from a row; null for a type whose default is not carried. */
    private static Object value(SourceColumn c, String text) {
        return switch (c.type().kind()) {
            case BOOLEAN -> new BigDecimal(text).signum() != 0;
            case UNSIGNED_TINYINT, SMALLINT, INTEGER -> Integer.valueOf(text);
            case BIGINT -> Long.valueOf(text);
            case DECIMAL, FLOATING_DECIMAL -> new BigDecimal(text);
            case REAL -> Float.valueOf(text);
            case DOUBLE -> Double.valueOf(text);
            case CHAR, VARCHAR, TEXT, UUID, JSON, SOURCE_TEXT -> text;
            case DATE -> LocalDate.parse(text);
            case TIME -> LocalTime.parse(text);
            case TIMESTAMP -> LocalDateTime.parse(text.replace(' ', 'T'));
            case TIMESTAMP_TZ, BINARY, VARBINARY, BLOB, ARRAY -> null;
        };
    }
}
