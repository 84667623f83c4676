package io.hanacdc.sink.kafka;

import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_INSERT;
import static io.hanacdc.source.CdcColumns.OP_RESYNC;
import static io.hanacdc.source.CdcColumns.OP_TRUNCATE;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_BEFORE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.stream.ChangeEvent;
import io.hanacdc.stream.ChangeRow;
import io.hanacdc.stream.ChangeSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A batch as the Kafka target sees it (ChangeSet#events): one event per CDC row in order, never coalesced, a row
 * without its image carrying the first state known at or after it; while the coalesced view MySQL applies stays as it was.
 */
class ChangeEventsTest {
    private static final int[] KEY = {0};
    private long dataId;

    private ChangeRow full(int op, Object... values) {
        return new ChangeRow(++dataId, 1, 7, null, op, values, true);
    }

    private ChangeRow keyOnly(int op, int key) {
        return new ChangeRow(++dataId, 1, 7, null, op, new Object[] {key, null}, false);
    }

    /** kind:values per event, e.g. INSERT:[1, a]. */
    private static List<String> described(ChangeSet set) {
        List<String> out = new ArrayList<>();
        for (ChangeEvent e : set.events()) {
            out.add(e.kind() + (e.values() == null ? "" : ":" + Arrays.toString(e.values())));
        }
        return out;
    }

    @Test
    void everyRowIsOneEventInOrderThoughMySqlSeesOneChangePerKey() {
        List<ChangeRow> rows = List.of(full(OP_INSERT, 1, "a"), full(OP_UPDATE_AFTER, 1, "b"), full(OP_INSERT, 2, "x"),
                full(OP_DELETE, 2, "x"), full(OP_UPDATE_BEFORE, 1, "b"), full(OP_UPDATE_AFTER, 3, "b"));
        ChangeSet set = ChangeSet.of(rows, KEY);
        assertEquals(List.of("INSERT:[1, a]", "UPDATE:[1, b]", "INSERT:[2, x]", "DELETE:[2]", "DELETE:[1]", "UPDATE:[3, b]"), described(set));
        assertEquals(rows, set.events().stream().map(ChangeEvent::cdc).toList(), "each event keeps its CDC row");
        assertEquals(2, set.deletes().size());
        assertEquals(1, set.upserts().size());
    }

    @Test
    void aRowWithoutItsImageTakesTheNextImageOfItsKeyOrTheRowReadAfterTheBatch() {
        ChangeSet set = ChangeSet.of(List.of(keyOnly(OP_INSERT, 1), full(OP_UPDATE_AFTER, 1, "later"), keyOnly(OP_INSERT, 2),
                keyOnly(OP_UPDATE_AFTER, 2), keyOnly(OP_RESYNC, 3), keyOnly(OP_UPDATE_AFTER, 4), full(OP_DELETE, 4, null)), KEY);
        set.resolveRefetched(List.<Object[]>of(new Object[] {2, "now"})); // 3 is gone at the source
        assertEquals(List.of("INSERT:[1, later]", "UPDATE:[1, later]", "INSERT:[2, now]", "UPDATE:[2, now]", "DELETE:[3]", "DELETE:[4]",
                "DELETE:[4]"), described(set));
    }

    @Test
    void aTruncateIsAnEventAndRowsWithoutImageBeforeItAreGone() {
        ChangeSet set = ChangeSet.of(List.of(full(OP_INSERT, 1, "a"), keyOnly(OP_UPDATE_AFTER, 2), new ChangeRow(++dataId, 1, 7, null,
                OP_TRUNCATE, new Object[2], true), full(OP_INSERT, 5, "e")), KEY);
        assertEquals(List.of("INSERT:[1, a]", "DELETE:[2]", "TRUNCATE", "INSERT:[5, e]"), described(set));
        assertEquals(true, set.truncated());
        assertEquals(1, set.upserts().size(), "MySQL empties the table and applies what follows the truncate");
    }

    @Test
    void copiedRowsAreReadsAfterTheWindowsChanges() {
        assertEquals(List.of("READ:[1, a]", "READ:[2, b]"), described(ChangeSet.snapshot(List.<Object[]>of(new Object[] {1, "a"}, new Object[] {2, "b"}), KEY)));
        ChangeSet window = ChangeSet.of(List.of(full(OP_UPDATE_AFTER, 1, "new")), KEY);
        window.addRead(new Object[] {2, "b"});
        assertEquals(List.of("UPDATE:[1, new]", "READ:[2, b]"), described(window));
        assertEquals(2, window.upserts().size());
    }

    @Test
    void coalescedChangesGiveTheirTruncateDeletesAndUpserts() {
        ChangeSet set = ChangeSet.resolved(true, List.<Object[]>of(new Object[] {9}), List.<Object[]>of(new Object[] {1, "a"}), KEY);
        assertEquals(List.of("TRUNCATE", "DELETE:[9]", "UPDATE:[1, a]"), described(set));
    }
}
