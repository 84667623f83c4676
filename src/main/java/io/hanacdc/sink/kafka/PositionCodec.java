package io.hanacdc.sink.kafka;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.checkpoint.Position.Phase;
import io.hanacdc.schema.TableId;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.LocalDateTime;

/**
 * A position as a record of the positions topic: the key names task and table (several tasks may share a
 * topic prefix), the value holds what the MySQL target's position row holds, as JSON; a null value (a
 * tombstone) removes the table's position.
 */
final class PositionCodec {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final String task;

    PositionCodec(String task) {
        this.task = task;
    }

    /** The key, the same bytes for the same table every time: compaction keeps a table's last record. */
    byte[] key(TableId id) {
        ObjectNode key = JSON.createObjectNode().put("task", task).put("schema", id.schema()).put("table", id.name());
        return bytes(key);
    }

    /** The table of a key of this task's; null for another task's. */
    TableId table(byte[] key) {
        JsonNode k = read(key);
        return task.equals(k.path("task").asText(null)) ? new TableId(k.get("schema").asText(), k.get("table").asText()) : null;
    }

    byte[] value(Position p) {
        StreamRange r = p.range();
        ObjectNode v = JSON.createObjectNode().put("phase", p.phase().name()).put("base_high", r.base().high())
                .put("base_open", r.base().encodeOpen());
        if (r.window() != null) {
            v.put("window_high", r.window().high()).put("window_open", r.window().encodeOpen());
        }
        v.put("cursor_id", r.cursor()).put("snapshot_key", p.snapshotKey()).put("snapshot_rows", p.snapshotRows())
                .put("last_data_id", p.lastDataId()).put("last_transaction_id", p.lastTransactionId())
                .put("last_source_time", p.lastSourceTime() == null ? null : p.lastSourceTime().toString())
                .put("rows_applied", p.rowsApplied()).put("batches_applied", p.batchesApplied()).put("paused", p.paused())
                .put("capture_version", p.captureVersion()).put("revision", p.revision()).put("updated_at", Instant.now().toString());
        return bytes(v);
    }

    Position position(TableId id, byte[] value) {
        JsonNode v = read(value);
        Watermark base = Watermark.decode(v.get("base_high").asLong(), v.get("base_open").asText());
        Watermark window = v.has("window_high") ? Watermark.decode(v.get("window_high").asLong(), v.get("window_open").asText()) : null;
        JsonNode time = v.get("last_source_time");
        return new Position(id, Phase.valueOf(v.get("phase").asText()), new StreamRange(base, window, v.get("cursor_id").asLong()),
                v.get("snapshot_key").isNull() ? null : v.get("snapshot_key").asText(), v.get("snapshot_rows").asLong(),
                v.get("last_data_id").asLong(), v.get("last_transaction_id").asLong(),
                time.isNull() ? null : LocalDateTime.parse(time.asText()), v.get("rows_applied").asLong(),
                v.get("batches_applied").asLong(), v.get("paused").asBoolean(), v.get("revision").asLong(), v.get("capture_version").asInt());
    }

    private static byte[] bytes(JsonNode node) {
        try {
            return JSON.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode read(byte[] bytes) {
        try {
            return JSON.readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
