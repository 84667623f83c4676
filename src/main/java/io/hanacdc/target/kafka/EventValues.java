package io.hanacdc.target.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.JdbcValues;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;

/**
 * An event's values read back into the Java values the source side reads, by column type: the inverse of
 * EventRecords' rendering (decimals from their strings, binary from base64, times and timestamps from ISO-8601,
 * a time zone's timestamp without its Z), so verify compares a topic as it compares a table.
 */
final class EventValues {
    private EventValues() {}

    /** The row of an event's {@code after}, in source column order; a column the event lacks (an earlier capture version's) is null. */
    static Object[] row(SourceTable table, JsonNode after) {
        return values(table.columns(), after);
    }

    /** The key values of a record key. */
    static Object[] key(SourceTable table, JsonNode key) {
        return values(table.keyColumns(), key);
    }

    private static Object[] values(List<SourceColumn> columns, JsonNode node) {
        Object[] out = new Object[columns.size()];
        for (int i = 0; i < out.length; i++) {
            SourceColumn c = columns.get(i);
            out[i] = value(c.type(), node.get(c.name()));
        }
        return out;
    }

    private static Object value(ColumnType type, JsonNode v) {
        if (v == null || v.isNull()) {
            return null;
        }
        return switch (type.kind()) {
            case BOOLEAN -> v.isBoolean() ? v.booleanValue() : Boolean.parseBoolean(v.asText());
            case UNSIGNED_TINYINT, SMALLINT, INTEGER, BIGINT -> v.isNumber() ? v.longValue() : Long.parseLong(v.asText());
            case DECIMAL, FLOATING_DECIMAL -> decimal(v.asText());
            case REAL, DOUBLE -> v.isNumber() ? v.doubleValue() : Double.parseDouble(v.asText());
            case BINARY, VARBINARY, BLOB -> binary(v);
            case TIME -> v.asText().equals(JdbcValues.END_OF_DAY) ? JdbcValues.END_OF_DAY : LocalTime.parse(v.asText());
            case TIMESTAMP, TIMESTAMP_TZ -> LocalDateTime.parse(v.asText().endsWith("Z") ? v.asText().substring(0, v.asText().length() - 1) : v.asText());
            case DATE -> LocalDate.parse(v.asText()); // ISO, signed years beyond 9999 and before year 1 included
            case CHAR, VARCHAR, TEXT, UUID, JSON, SOURCE_TEXT, ARRAY -> v.asText();
        };
    }

    /** PostgreSQL's numeric NaN and ±Infinity travel as their names, and are read back as the double the source side reads. */
    private static Object decimal(String text) {
        return text.equals("NaN") || text.endsWith("Infinity") ? (Object) Double.valueOf(text) : new BigDecimal(text);
    }

    private static byte[] binary(JsonNode v) {
        try {
            return v.binaryValue();
        } catch (IOException e) {
            throw new CdcException("a binary value that is not base64: " + e.getMessage(), e);
        }
    }
}
