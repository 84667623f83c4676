package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.debezium.data.Json;
import io.debezium.data.Uuid;
import io.debezium.data.VariableScaleDecimal;
import io.debezium.time.MicroTime;
import io.debezium.time.MicroTimestamp;
import io.debezium.time.NanoTimestamp;
import io.debezium.time.ZonedTimestamp;
import io.debezium.util.HexConverter;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.source.JdbcValues;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.json.JsonConverter;
import org.junit.jupiter.api.Test;

/**
 * Each type's field schema and value as Debezium's own classes make them (its time helpers, VariableScaleDecimal,
 * Connect's Decimal), written by Connect's JsonConverter: what a sink reads must be what Debezium's connectors give
 * it. And each value read back as the source side read it.
 */
class FieldCodecsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeModes DEBEZIUM = TypeModes.DEBEZIUM;
    private static final LocalDateTime TS = LocalDateTime.of(2024, 2, 29, 23, 59, 1, 123_456_000);

    private static TypeModes modes(TypeModes.Decimal d, TypeModes.Time t, TypeModes.Binary b) {
        return new TypeModes(d, t, b, null);
    }

    /** Ours and Debezium's agree on the field schema (without Debezium's doc text) and the payload; ours reads back to the value. */
    private static void same(ColumnType type, TypeModes modes, Object value, Schema schema, Object connectValue) throws Exception {
        FieldCodec codec = FieldCodecs.of(type, modes);
        JsonConverter converter = new JsonConverter();
        converter.configure(Map.of("schemas.enable", "true", "converter.type", "value"));
        JsonNode theirs = JSON.readTree(converter.fromConnectData("t", schema, connectValue));
        ObjectNode theirSchema = (ObjectNode) theirs.get("schema");
        theirSchema.remove("doc");
        assertEquals(theirSchema, codec.schema(JSON.createObjectNode()).put("optional", true), type + " schema");
        JsonNode ours = JSON.readTree(write(codec, value));
        assertEquals(theirs.get("payload"), ours, type + " value");
        Object back = codec.reader().read(ours);
        if (value instanceof byte[] b) {
            assertArrayEquals(b, (byte[]) back);
        } else {
            assertEquals(value, back, type + " read back");
        }
    }

    private static String write(FieldCodec codec, Object value) throws Exception {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
            codec.writer().write(g, value);
        }
        return out.toString();
    }

    @Test
    void decimalsByDecimalHandlingMode() throws Exception {
        BigDecimal v = new BigDecimal("-1234567890.50");
        same(ColumnType.decimal(12, 2), DEBEZIUM, v, Decimal.builder(2).parameter("connect.decimal.precision", "12").optional().build(), v);
        BigDecimal free = new BigDecimal("3.14159265358979323846264338327950288");
        Schema variable = VariableScaleDecimal.builder().optional().build();
        same(ColumnType.of(Kind.FLOATING_DECIMAL), DEBEZIUM, free, variable, VariableScaleDecimal.fromLogical(variable, free));
        TypeModes string = modes(TypeModes.Decimal.STRING, TypeModes.Time.ADAPTIVE, TypeModes.Binary.BYTES);
        same(ColumnType.decimal(12, 2), string, v, Schema.OPTIONAL_STRING_SCHEMA, "-1234567890.50");
        TypeModes dbl = modes(TypeModes.Decimal.DOUBLE, TypeModes.Time.ADAPTIVE, TypeModes.Binary.BYTES);
        same(ColumnType.decimal(12, 2), dbl, new BigDecimal("1.50"), Schema.OPTIONAL_FLOAT64_SCHEMA, 1.5);
    }

    /** A value the mode cannot hold exactly is refused, never written as another. */
    @Test
    void aDecimalTheModeCannotHoldIsRefused() {
        IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
                () -> write(FieldCodecs.of(ColumnType.of(Kind.FLOATING_DECIMAL), DEBEZIUM), Double.NaN));
        assertTrue(nan.getMessage().contains("decimal.handling.mode=string"), nan.getMessage());
        TypeModes dbl = modes(TypeModes.Decimal.DOUBLE, TypeModes.Time.ADAPTIVE, TypeModes.Binary.BYTES);
        assertThrows(IllegalArgumentException.class, () -> write(FieldCodecs.of(ColumnType.decimal(30, 20), dbl), new BigDecimal("0.12345678901234567890")));
        assertThrows(IllegalArgumentException.class, () -> write(FieldCodecs.of(ColumnType.decimal(10, 2), DEBEZIUM), new BigDecimal("1.005")));
    }

    @Test
    void datesAndTimesAdaptive() throws Exception {
        same(ColumnType.of(Kind.DATE), DEBEZIUM, TS.toLocalDate(), io.debezium.time.Date.builder().optional().build(),
                io.debezium.time.Date.toEpochDay(TS.toLocalDate(), null));
        same(ColumnType.fractional(Kind.TIME, 6), DEBEZIUM, TS.toLocalTime(), MicroTime.builder().optional().build(),
                MicroTime.toMicroOfDay(TS.toLocalTime(), false));
        LocalTime seconds = LocalTime.of(12, 0, 1);
        same(ColumnType.fractional(Kind.TIME, 0), DEBEZIUM, seconds, io.debezium.time.Time.builder().optional().build(),
                io.debezium.time.Time.toMilliOfDay(seconds, false));
        same(ColumnType.fractional(Kind.TIMESTAMP, 6), DEBEZIUM, TS, MicroTimestamp.builder().optional().build(), MicroTimestamp.toEpochMicros(TS, null));
        same(ColumnType.fractional(Kind.TIMESTAMP, 0), DEBEZIUM, TS.withNano(0), io.debezium.time.Timestamp.builder().optional().build(),
                io.debezium.time.Timestamp.toEpochMillis(TS.withNano(0), null));
        LocalDateTime hana = TS.withNano(123_456_700); // SAP HANA's TIMESTAMP: 7 digits
        same(ColumnType.fractional(Kind.TIMESTAMP, 7), DEBEZIUM, hana, NanoTimestamp.builder().optional().build(), NanoTimestamp.toEpochNanos(hana, null));
        LocalDateTime early = LocalDateTime.of(1, 1, 1, 0, 0, 0, 1000);
        same(ColumnType.fractional(Kind.TIMESTAMP, 6), DEBEZIUM, early, MicroTimestamp.builder().optional().build(), MicroTimestamp.toEpochMicros(early, null));
        FieldCodec endOfDay = FieldCodecs.of(ColumnType.fractional(Kind.TIME, 6), DEBEZIUM);
        assertEquals("86400000000", write(endOfDay, JdbcValues.END_OF_DAY), "PostgreSQL's 24:00:00, as Debezium's PostgreSQL connector writes it");
        assertEquals(JdbcValues.END_OF_DAY, endOfDay.reader().read(JSON.readTree("86400000000")));
    }

    @Test
    void datesAndTimesConnectAndMicrosecondsAndIso() throws Exception {
        TypeModes connect = modes(TypeModes.Decimal.PRECISE, TypeModes.Time.CONNECT, TypeModes.Binary.BYTES);
        same(ColumnType.of(Kind.DATE), connect, TS.toLocalDate(), org.apache.kafka.connect.data.Date.builder().optional().build(),
                java.util.Date.from(TS.toLocalDate().atStartOfDay().toInstant(ZoneOffset.UTC)));
        LocalDateTime millis = TS.withNano(123_000_000);
        same(ColumnType.fractional(Kind.TIMESTAMP, 6), connect, millis, org.apache.kafka.connect.data.Timestamp.builder().optional().build(),
                java.util.Date.from(millis.toInstant(ZoneOffset.UTC)));
        IllegalArgumentException cut = assertThrows(IllegalArgumentException.class,
                () -> write(FieldCodecs.of(ColumnType.fractional(Kind.TIMESTAMP, 6), connect), TS));
        assertTrue(cut.getMessage().contains("below the milliseconds"), cut.getMessage());
        TypeModes micro = modes(TypeModes.Decimal.PRECISE, TypeModes.Time.ADAPTIVE_TIME_MICROSECONDS, TypeModes.Binary.BYTES);
        LocalTime seconds = LocalTime.of(12, 0, 1);
        same(ColumnType.fractional(Kind.TIME, 0), micro, seconds, MicroTime.builder().optional().build(), MicroTime.toMicroOfDay(seconds, false));
        FieldCodec iso = FieldCodecs.of(ColumnType.fractional(Kind.TIMESTAMP, 6), TypeModes.TEXT);
        assertEquals("io.debezium.time.IsoTimestamp", iso.name());
        assertEquals("\"2024-02-29T23:59:01.123456\"", write(iso, TS));
    }

    /** Beyond 2262 no long counts nanoseconds: SAP HANA's 9999-12-31 is refused under adaptive, naming the way out. */
    @Test
    void aTimestampBeyondTheUnitsRangeIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> write(FieldCodecs.of(ColumnType.fractional(Kind.TIMESTAMP, 7), DEBEZIUM), LocalDateTime.of(9999, 12, 31, 0, 0)));
        assertTrue(e.getMessage().contains("time.precision.mode=isostring"), e.getMessage());
    }

    @Test
    void binaryUuidJsonAndZonedTimestamps() throws Exception {
        byte[] bytes = {0, 1, (byte) 0xfe, (byte) 0xff};
        same(ColumnType.of(Kind.VARBINARY), DEBEZIUM, bytes, Schema.OPTIONAL_BYTES_SCHEMA, bytes);
        TypeModes hex = modes(TypeModes.Decimal.PRECISE, TypeModes.Time.ADAPTIVE, TypeModes.Binary.HEX);
        same(ColumnType.of(Kind.BLOB), hex, bytes, Schema.OPTIONAL_STRING_SCHEMA, HexConverter.convertToHexString(bytes));
        TypeModes base64 = modes(TypeModes.Decimal.PRECISE, TypeModes.Time.ADAPTIVE, TypeModes.Binary.BASE64);
        same(ColumnType.of(Kind.BLOB), base64, bytes, Schema.OPTIONAL_STRING_SCHEMA, java.util.Base64.getEncoder().encodeToString(bytes));
        TypeModes urlSafe = modes(TypeModes.Decimal.PRECISE, TypeModes.Time.ADAPTIVE, TypeModes.Binary.BASE64_URL_SAFE);
        same(ColumnType.of(Kind.BLOB), urlSafe, bytes, Schema.OPTIONAL_STRING_SCHEMA, java.util.Base64.getUrlEncoder().encodeToString(bytes));
        String uuid = "00000000-0000-0000-0000-00000000002a";
        same(ColumnType.of(Kind.UUID), DEBEZIUM, uuid, Uuid.builder().optional().build(), uuid);
        same(ColumnType.of(Kind.JSON), DEBEZIUM, "{\"a\": 1}", Json.builder().optional().build(), "{\"a\": 1}");
        String zoned = ZonedTimestamp.toIsoString(TS.atOffset(ZoneOffset.UTC), null);
        same(ColumnType.fractional(Kind.TIMESTAMP_TZ, 6), DEBEZIUM, TS, ZonedTimestamp.builder().optional().build(), zoned);
    }
}
