package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.EmptyDate;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.stream.ChangeEvent;
import io.hanacdc.stream.ChangeRow;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/** The exact bytes of events, keys and tombstones: what consumers parse, so a change of rendering must not change them. */
class EventRecordsTest {
    private static final SourceTable TABLE = new SourceTable(new TableId("S", "T \"x\""), List.of(
            column("id", Kind.INTEGER), column("name", Kind.VARCHAR), column("amount", Kind.DECIMAL), column("flag", Kind.BOOLEAN),
            column("big", Kind.BIGINT), column("f", Kind.REAL), column("d", Kind.DOUBLE), column("ts", Kind.TIMESTAMP),
            column("tz", Kind.TIMESTAMP_TZ), column("day", Kind.DATE), column("at", Kind.TIME), column("bin", Kind.VARBINARY),
            column("u", Kind.UUID), column("none", Kind.VARCHAR)), List.of("name", "id"));
    private static final LocalDateTime TS = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 600_000_000);
    private static final Object[] ROW = {7, "Ö \"q\"\n", new BigDecimal("12.50"), true, 1L << 40, 1.5f, 2.25, TS, TS.withNano(0),
            LocalDate.of(2024, 2, 29), LocalTime.of(23, 59, 1), new byte[] {1, 2, (byte) 0xff}, UUID.fromString("00000000-0000-0000-0000-00000000002a"), null};
    private static final String SOURCE = "\"source\":{\"connector\":\"hana-cdc\",\"name\":\"task\",\"ts_ms\":1704164645600,\"snapshot\":\"%s\","
            + "\"db\":\"db\",\"schema\":\"S\",\"table\":\"T \\\"x\\\"\",\"txId\":%s,\"data_id\":%s,\"capture_version\":%d}}";

    private static SourceColumn column(String name, Kind kind) {
        return new SourceColumn(name, kind.name(), ColumnType.of(kind), true);
    }

    private static ChangeRow cdc(long dataId, int op) {
        return new ChangeRow(dataId, 3, 99, TS, op, ROW, true);
    }

    private static String text(byte[] bytes) {
        return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
    }

    /** The value with its write time (ts_ms beside op) set to 0. */
    private static String value(ProducerRecord<byte[], byte[]> r) {
        return text(r.value()).replaceFirst("(\"op\":\"\\w\",\"ts_ms\":)\\d+", "$10");
    }

    @Test
    void insertDeleteWithItsTombstoneAndTruncateAsConsumersReadThem() {
        List<ChangeEvent> events = List.of(new ChangeEvent(ChangeEvent.Kind.INSERT, ROW, cdc(11, 1)),
                new ChangeEvent(ChangeEvent.Kind.DELETE, new Object[] {"Ö \"q\"\n", 7}, cdc(12, 3)),
                new ChangeEvent(ChangeEvent.Kind.READ, ROW, null),
                new ChangeEvent(ChangeEvent.Kind.TRUNCATE, null, cdc(13, 6)));
        List<ProducerRecord<byte[], byte[]>> out = new EventRecords("task", "db", true, false, TypeModes.TEXT).records("topic", TABLE, 3, events, () -> 2);
        String key = "{\"name\":\"Ö \\\"q\\\"\\n\",\"id\":7}";
        String after = "{\"id\":7,\"name\":\"Ö \\\"q\\\"\\n\",\"amount\":\"12.50\",\"flag\":true,\"big\":1099511627776,\"f\":1.5,\"d\":2.25,"
                + "\"ts\":\"2024-01-02T03:04:05.6\",\"tz\":\"2024-01-02T03:04:05Z\",\"day\":\"2024-02-29\",\"at\":\"23:59:01\",\"bin\":\"AQL/\","
                + "\"u\":\"00000000-0000-0000-0000-00000000002a\",\"none\":null}";
        assertEquals(List.of(key, key, key, key, "null", "null"), out.stream().map(r -> String.valueOf(text(r.key()))).toList());
        assertEquals("{\"before\":null,\"after\":" + after + ",\"op\":\"c\",\"ts_ms\":0," + SOURCE.formatted("false", 99, 11, 3), value(out.get(0)));
        assertEquals("{\"before\":" + key + ",\"after\":null,\"op\":\"d\",\"ts_ms\":0," + SOURCE.formatted("false", 99, 12, 3), value(out.get(1)));
        assertEquals(null, out.get(2).value(), "the tombstone after the delete");
        String read = value(out.get(3)).replaceFirst("(\"source\":\\{[^}]*\"ts_ms\":)\\d+", "$11704164645600");
        assertEquals("{\"before\":null,\"after\":" + after + ",\"op\":\"r\",\"ts_ms\":0," + SOURCE.formatted("true", null, null, 3), read);
        String truncate = "{\"before\":null,\"after\":null,\"op\":\"t\",\"ts_ms\":0," + SOURCE.formatted("false", 99, 13, 3);
        assertEquals(List.of(truncate, truncate), List.of(value(out.get(4)), value(out.get(5))));
        assertEquals(List.of(0, 1), List.of(out.get(4).partition(), out.get(5).partition()), "a truncate goes to every partition");
    }

    /** 1.0 and 1.00 are one key at the source: one key on the topic too (two keys would keep a deleted row alive for consumers). */
    @Test
    void aDecimalKeyIsOneKeyWhateverItsScale() {
        SourceTable keyed = new SourceTable(new TableId("S", "D"), List.of(column("k", Kind.DECIMAL), column("v", Kind.DECIMAL)), List.of("k"));
        List<ChangeEvent> events = List.of(new ChangeEvent(ChangeEvent.Kind.INSERT, new Object[] {new BigDecimal("1.0"), new BigDecimal("2.50")}, null),
                new ChangeEvent(ChangeEvent.Kind.DELETE, new Object[] {new BigDecimal("1.00")}, null),
                new ChangeEvent(ChangeEvent.Kind.INSERT, new Object[] {new BigDecimal("0.000"), null}, null),
                new ChangeEvent(ChangeEvent.Kind.INSERT, new Object[] {new BigDecimal("1E+1"), null}, null));
        List<ProducerRecord<byte[], byte[]>> out = new EventRecords("task", "db", false, false, TypeModes.TEXT).records("topic", keyed, 1, events, () -> 1);
        assertEquals(List.of("{\"k\":\"1\"}", "{\"k\":\"0\"}", "{\"k\":\"10\"}"), out.stream().map(r -> text(r.key())).distinct().toList(),
                "the insert of 1.0, the delete of 1.00 and its tombstone under one key");
        assertEquals(true, value(out.get(0)).contains("\"v\":\"2.50\""), "values keep their scale");
    }

    /** SAP HANA's empty date has no Kafka Connect value: the table stops naming it, in every time mode, never writing another date or null. */
    @Test
    void hanasEmptyDateIsRefusedNamingTheTableColumnAndValue() {
        for (TypeModes modes : List.of(TypeModes.TEXT, new TypeModes(TypeModes.Decimal.STRING, TypeModes.Time.ADAPTIVE, TypeModes.Binary.BYTES, null))) {
            for (int column : new int[] {7, 9}) {
                Object[] row = ROW.clone();
                row[column] = column == 9 ? EmptyDate.DATE : EmptyDate.TIMESTAMP;
                List<ChangeEvent> events = List.of(new ChangeEvent(ChangeEvent.Kind.INSERT, row, cdc(11, 1)));
                CdcException e = assertThrows(CdcException.class,
                        () -> new EventRecords("task", "db", true, false, modes).records("topic", TABLE, 1, events, () -> 1));
                assertTrue(e.getMessage().contains("table S.T \"x\", column " + TABLE.columns().get(column).name() + ": the value " + row[column]
                        + " is SAP HANA's empty date"), e.getMessage());
            }
        }
    }
}
