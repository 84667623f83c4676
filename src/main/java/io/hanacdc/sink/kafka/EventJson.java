package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.EmptyDate;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.stream.ChangeRow;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;

/**
 * The JSON of one batch's keys and values (see EventRecords for what they hold), written by one streaming generator
 * into one buffer, every name and the source block's fixed values escaped once per batch. Building a Jackson tree per event and serializing
 * it took two thirds of the streaming thread's CPU (bench/README.md, "Kafka target").
 */
final class EventJson implements AutoCloseable {
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final SerializedString BEFORE = new SerializedString("before");
    private static final SerializedString AFTER = new SerializedString("after");
    private static final SerializedString OP = new SerializedString("op");
    private static final SerializedString TS_MS = new SerializedString("ts_ms");
    private static final SerializedString SOURCE = new SerializedString("source");
    private static final SerializedString CONNECTOR = new SerializedString("connector");
    private static final SerializedString HANA_CDC = new SerializedString("hana-cdc");
    private static final SerializedString NAME = new SerializedString("name");
    private static final SerializedString SNAPSHOT = new SerializedString("snapshot");
    private static final SerializedString TRUE = new SerializedString("true");
    private static final SerializedString FALSE = new SerializedString("false");
    private static final SerializedString DB = new SerializedString("db");
    private static final SerializedString SCHEMA = new SerializedString("schema");
    private static final SerializedString TABLE = new SerializedString("table");
    private static final SerializedString TX_ID = new SerializedString("txId");
    private static final SerializedString DATA_ID = new SerializedString("data_id");
    private static final SerializedString CAPTURE_VERSION = new SerializedString("capture_version");
    /** The source block's values that are the same for every event of the batch, escaped once. */
    private final SerializedString task;
    private final SerializedString database;
    private final SerializedString schema;
    private final SerializedString tableName;
    private final SourceTable table;
    private final int captureVersion;
    private final long now;
    private final SerializableString[] names;
    private final FieldCodec[] codecs;
    private final int[] keys;
    private final ByteArrayBuilder buffer = new ByteArrayBuilder(1024);
    private final JsonGenerator g;

    /** @param now the write time, {@code ts_ms} of every event of the batch */
    EventJson(String task, String database, SourceTable table, TypeModes modes, int captureVersion, long now) {
        this.task = new SerializedString(task);
        this.database = database == null ? null : new SerializedString(database);
        this.schema = new SerializedString(table.id().schema());
        this.tableName = new SerializedString(table.id().name());
        this.table = table;
        this.captureVersion = captureVersion;
        this.now = now;
        this.names = table.columns().stream().map(c -> new SerializedString(c.name())).toArray(SerializableString[]::new);
        this.codecs = FieldCodecs.of(table.columns(), modes);
        this.keys = table.primaryKey().stream().mapToInt(k -> table.columnNames().indexOf(k)).toArray();
        try {
            this.g = FACTORY.createGenerator(buffer).setRootValueSeparator(null);
        } catch (IOException e) {
            throw inMemory(e);
        }
    }

    /** The key object, from a row's values or, for a delete ({@code keyValues}), from its key values in key order. */
    byte[] key(Object[] values, boolean keyValues) {
        try {
            keyObject(values, keyValues);
            return take();
        } catch (IOException e) {
            throw inMemory(e);
        }
    }

    /** The envelope: a delete's key values as before, another event's row as after; a truncate has neither. */
    byte[] value(String op, Object[] values, ChangeRow cdc) {
        try {
            g.writeStartObject();
            g.writeFieldName(BEFORE);
            if (op.equals("d")) {
                keyObject(values, true);
            } else {
                g.writeNull();
            }
            g.writeFieldName(AFTER);
            if (op.equals("d") || op.equals("t")) {
                g.writeNull();
            } else {
                g.writeStartObject();
                for (int c = 0; c < names.length; c++) {
                    field(c, values[c]);
                }
                g.writeEndObject();
            }
            g.writeFieldName(OP);
            g.writeString(op);
            g.writeFieldName(TS_MS);
            g.writeNumber(now);
            g.writeFieldName(SOURCE);
            source(op, cdc);
            g.writeEndObject();
            return take();
        } catch (IOException e) {
            throw inMemory(e);
        }
    }

    private void keyObject(Object[] values, boolean keyValues) throws IOException {
        g.writeStartObject();
        for (int k = 0; k < keys.length; k++) {
            Object v = keyValues ? values[k] : values[keys[k]];
            // 1.0 and 1.00 are one key at the source (and to the batch's coalescing): one key on the topic too
            field(keys[k], v instanceof BigDecimal d ? (d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros()) : v);
        }
        g.writeEndObject();
    }

    private void source(String op, ChangeRow cdc) throws IOException {
        g.writeStartObject();
        g.writeFieldName(CONNECTOR);
        g.writeString(HANA_CDC);
        g.writeFieldName(NAME);
        g.writeString(task);
        g.writeFieldName(TS_MS);
        g.writeNumber(cdc == null || cdc.createTime() == null ? now : cdc.createMicros() / 1000);
        g.writeFieldName(SNAPSHOT);
        g.writeString(op.equals("r") ? TRUE : FALSE);
        g.writeFieldName(DB);
        if (database == null) {
            g.writeNull();
        } else {
            g.writeString(database);
        }
        g.writeFieldName(SCHEMA);
        g.writeString(schema);
        g.writeFieldName(TABLE);
        g.writeString(tableName);
        if (cdc == null) {
            g.writeFieldName(TX_ID);
            g.writeNull();
            g.writeFieldName(DATA_ID);
            g.writeNull();
            g.writeFieldName(CAPTURE_VERSION);
            g.writeNumber(captureVersion);
        } else {
            g.writeFieldName(TX_ID);
            g.writeNumber(cdc.transactionId());
            g.writeFieldName(DATA_ID);
            g.writeNumber(cdc.dataId());
            g.writeFieldName(CAPTURE_VERSION);
            g.writeNumber(cdc.captureVersion());
        }
        g.writeEndObject();
    }

    private void field(int column, Object v) throws IOException {
        g.writeFieldName(names[column]);
        if (v == null) {
            g.writeNull();
            return;
        }
        try {
            codecs[column].writer().write(g, v);
        } catch (IllegalArgumentException | ClassCastException e) {
            throw new CdcException("table " + table.id() + ", column " + table.columns().get(column).name() + ": the value " + v + " "
                    + (v instanceof EmptyDate ? "is SAP HANA's empty date (ABAP's initial value, not NULL), which no Kafka Connect date or"
                            + " timestamp holds: write NULL or a date at the source, or leave the table out"
                    : e instanceof ClassCastException ? "is not of the column's type" : e.getMessage()), e);
        }
    }

    /** The object just written, as its own bytes; the buffer is emptied for the next. */
    private byte[] take() throws IOException {
        g.flush();
        byte[] bytes = buffer.toByteArray();
        buffer.reset();
        return bytes;
    }

    private static UncheckedIOException inMemory(IOException e) {
        return new UncheckedIOException("writing JSON into memory", e);
    }

    @Override
    public void close() {
        try {
            g.close();
        } catch (IOException e) {
            throw inMemory(e);
        }
    }
}
