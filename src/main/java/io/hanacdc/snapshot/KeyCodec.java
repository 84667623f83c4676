package io.hanacdc.snapshot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.EmptyDate;
import io.hanacdc.source.JdbcValues;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;

/** Stores the last copied primary key as JSON text and turns it back into bindable values. */
final class KeyCodec {
    private static final ObjectMapper JSON = new ObjectMapper();

    private KeyCodec() {}

    static String encode(Object[] key) {
        List<String> parts = new ArrayList<>();
        for (Object v : key) {
            parts.add(v instanceof byte[] b ? Base64.getEncoder().encodeToString(b) : String.valueOf(v));
        }
        try {
            return JSON.writeValueAsString(parts);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static Object[] decode(String json, List<ColumnType> types) {
        try {
            String[] parts = JSON.readValue(json, String[].class);
            Object[] out = new Object[parts.length];
            for (int i = 0; i < parts.length; i++) {
                out[i] = decode(parts[i], types.get(i));
            }
            return out;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("unreadable snapshot key " + json, e);
        }
    }

    private static Object decode(String s, ColumnType t) {
        return switch (t.kind()) {
            case BOOLEAN -> Boolean.valueOf(s);
            case UNSIGNED_TINYINT, SMALLINT, INTEGER -> Integer.valueOf(s);
            case BIGINT -> Long.valueOf(s);
            case DECIMAL, FLOATING_DECIMAL -> s.equals("NaN") || s.endsWith("Infinity") ? (Object) Double.valueOf(s) : new BigDecimal(s);
            case REAL -> Float.valueOf(s);
            case DOUBLE -> Double.valueOf(s);
            case BINARY, VARBINARY, BLOB -> Base64.getDecoder().decode(s);
            case DATE -> EmptyDate.of(s, false) != null ? EmptyDate.DATE : LocalDate.parse(s);
            case TIME -> s.equals(JdbcValues.END_OF_DAY) ? s : LocalTime.parse(s);
            case TIMESTAMP, TIMESTAMP_TZ -> EmptyDate.of(s, true) != null ? EmptyDate.TIMESTAMP : LocalDateTime.parse(s);
            case UUID -> UUID.fromString(s);
            case CHAR, VARCHAR, TEXT, JSON, SOURCE_TEXT, ARRAY -> s;
        };
    }
}
