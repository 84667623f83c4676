package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_INSERT;
import static io.hanacdc.source.CdcColumns.OP_RESYNC;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER_NEW_KEY;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_BEFORE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which old key a moved row's new image pairs with, and where a batch cut by its limit may end so that no pair is split. */
class KeyMovesTest {
    private long dataId;

    private ChangeRow row(long tx, int op, int key) {
        return new ChangeRow(++dataId, 1, tx, null, op, new Object[] {key, "v" + key}, op != OP_RESYNC);
    }

    private static List<String> moves(ChangeSet set) {
        List<String> out = new ArrayList<>();
        set.moves().forEach(m -> out.add(m.from()[0] + ">" + m.to()[0] + (m.clearFirst() ? " clear" : "") + (m.ifOldGone() ? " if gone" : "")));
        return out;
    }

    @Test
    void aNewImageMarkedAsMovedPairsWithItsTransactionsRowBefore() {
        List<ChangeRow> rows = List.of(row(1, OP_UPDATE_BEFORE, 1), row(2, OP_INSERT, 50), row(1, OP_UPDATE_AFTER_NEW_KEY, 100),
                row(3, OP_UPDATE_BEFORE, 2), row(3, OP_UPDATE_AFTER, 7), row(3, OP_UPDATE_AFTER, 200)); // a statement moving two keys: no pair
        ChangeSet set = ChangeSet.of(rows, new int[] {0});
        assertEquals(List.of("1>100"), moves(set), "another transaction's row between the two does not matter");
        assertEquals(4, set.upserts().size());
        assertEquals(2, set.deletes().size(), "the deletes still settle every old key");
    }

    @Test
    void aKeyRemovedEarlierInTheBatchIsClearedBeforeARowMovesOntoIt() {
        List<ChangeRow> rows = List.of(row(1, OP_DELETE, 5), row(2, OP_UPDATE_BEFORE, 1), row(2, OP_UPDATE_AFTER_NEW_KEY, 5),
                row(3, OP_UPDATE_BEFORE, 2), row(3, OP_UPDATE_AFTER_NEW_KEY, 9), row(4, OP_DELETE, 9));
        assertEquals(List.of("1>5 clear", "2>9"), moves(ChangeSet.of(rows, new int[] {0})), "9 is removed after the move onto it, not before");
    }

    @Test
    void aHanaOldKeyToReReadMovesOnlyWhenNoRowHoldsItAnyMore() {
        List<ChangeRow> rows = List.of(row(1, OP_RESYNC, 1), row(1, OP_UPDATE_AFTER_NEW_KEY, 2), row(1, OP_RESYNC, 2), row(1, OP_UPDATE_AFTER_NEW_KEY, 3));
        ChangeSet set = ChangeSet.of(rows, new int[] {0});
        assertEquals(List.of("1>2 if gone", "2>3 if gone"), moves(set));
        set.resolveRefetched(List.<Object[]>of(new Object[] {2, "v2"})); // key 2 is held again (the shift's next row), key 1 is gone
        assertEquals(List.of("1>2 if gone"), moves(set));
    }

    @Test
    void aNewImageWhoseOldKeyWasInAnEarlierBatchIsAPlainUpsert() {
        assertEquals(List.of(), moves(ChangeSet.of(List.of(row(1, OP_UPDATE_AFTER_NEW_KEY, 100)), new int[] {0})));
    }

    @Test
    void aBatchCutByItsLimitEndsBeforeAnOldKeyWhoseNewImageMayFollow() {
        ChangeRow a = row(1, OP_INSERT, 1);
        ChangeRow old = row(2, OP_UPDATE_BEFORE, 2);
        ChangeRow other = row(3, OP_INSERT, 3);
        assertEquals(List.of(a), BatchReader.keepingPairs(List.of(a, old, other)), "its new image is past the cut");
        List<ChangeRow> paired = List.of(a, old, row(2, OP_UPDATE_AFTER_NEW_KEY, 20), other);
        assertEquals(paired, BatchReader.keepingPairs(paired));
        assertEquals(List.of(old, other), BatchReader.keepingPairs(List.of(old, other)), "a batch is never left empty");
    }
}
