package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import java.io.IOException;
import java.util.List;

/**
 * An event's values read back into the Java values the source side reads, by each column's codec (FieldCodecs): the
 * inverse of their writing, so verify compares a topic as it compares a table.
 */
final class EventValues {
    private final SourceTable table;
    private final FieldCodec[] codecs;
    private final FieldCodec[] keyCodecs;

    EventValues(SourceTable table, TypeModes modes) {
        this.table = table;
        this.codecs = FieldCodecs.of(table.columns(), modes);
        this.keyCodecs = FieldCodecs.of(table.keyColumns(), modes);
    }

    /** The row of an event's {@code after}, in source column order; a column the event lacks (an earlier capture version's) is null. */
    Object[] row(JsonNode after) {
        return values(table.columns(), codecs, after);
    }

    /** The key values of a record key. */
    Object[] key(JsonNode key) {
        return values(table.keyColumns(), keyCodecs, key);
    }

    private static Object[] values(List<SourceColumn> columns, FieldCodec[] codecs, JsonNode node) {
        Object[] out = new Object[columns.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode v = node.get(columns.get(i).name());
            out[i] = v == null || v.isNull() ? null : read(codecs[i], v, columns.get(i));
        }
        return out;
    }

    private static Object read(FieldCodec codec, JsonNode v, SourceColumn c) {
        try {
            return codec.reader().read(v);
        } catch (IOException | RuntimeException e) {
            throw new CdcException("column " + c.name() + ": the value " + v + " on the topic is not as hanacdc.kafka's type modes write it: "
                    + e.getMessage(), e);
        }
    }
}
