package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_INSERT;
import static io.hanacdc.source.CdcColumns.OP_MOVED_FROM;
import static io.hanacdc.source.CdcColumns.OP_TRUNCATE;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER_NEW_KEY;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_BEFORE;

import io.hanacdc.stream.ChangeEvent.Kind;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A batch's CDC rows as events, one each, in their order. A row captured without a full image (keys-only
 * capture, a key to re-read) takes the first state known at or after it: the image of the key's next
 * change in the batch (gone, after a delete or a truncate), else the row re-read after the batch (gone
 * when the source no longer has it). So no event carries a state older than one before it, and the
 * key's last event carries the state the batch leaves.
 */
final class ChangeEvents {
    private ChangeEvents() {}

    /** @param current the rows re-read after the batch, by key ({@link ChangeSet#keyOf}); a key re-read and not found is gone */
    static List<ChangeEvent> of(List<ChangeRow> rows, int[] keyIndexes, Map<List<Object>, Object[]> current) {
        ChangeEvent[] out = new ChangeEvent[rows.size()];
        Map<List<Object>, Object[]> later = new HashMap<>(); // each key's state at its next row in the batch, null: gone
        boolean truncatedLater = false;
        for (int i = rows.size() - 1; i >= 0; i--) {
            ChangeRow row = rows.get(i);
            if (row.operation() == OP_TRUNCATE) {
                out[i] = new ChangeEvent(Kind.TRUNCATE, null, row);
                later.clear();
                truncatedLater = true;
                continue;
            }
            if (row.operation() == OP_MOVED_FROM) {
                continue; // another row holds the key: its own event says so (out[i] stays null, dropped below)
            }
            List<Object> key = ChangeSet.keyOf(row.values(), keyIndexes);
            if (row.operation() == OP_DELETE || row.operation() == OP_UPDATE_BEFORE) {
                out[i] = new ChangeEvent(Kind.DELETE, ChangeSet.pick(row.values(), keyIndexes), row);
                later.put(key, null);
            } else if (row.fullImage()) {
                out[i] = new ChangeEvent(created(row) ? Kind.INSERT : Kind.UPDATE, row.values(), row);
                later.put(key, row.values());
            } else {
                Object[] state = later.containsKey(key) ? later.get(key) : truncatedLater ? null : current.get(key);
                out[i] = state == null ? new ChangeEvent(Kind.DELETE, ChangeSet.pick(row.values(), keyIndexes), row)
                        : new ChangeEvent(created(row) ? Kind.INSERT : Kind.UPDATE, state, row);
            }
        }
        return Arrays.stream(out).filter(Objects::nonNull).toList();
    }

    /** An insert, or a moved row's new key, which Debezium's connectors write as a create after the old key's delete. */
    private static boolean created(ChangeRow row) {
        return row.operation() == OP_INSERT || row.operation() == OP_UPDATE_AFTER_NEW_KEY;
    }
}
