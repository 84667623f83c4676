package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_INSERT;
import static io.hanacdc.source.CdcColumns.OP_MOVED_FROM;
import static io.hanacdc.source.CdcColumns.OP_RESYNC;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER_NEW_KEY;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_BEFORE;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which old key a moved row's new image pairs with, and where a batch cut by its limit may end so that no pair is split. */
class KeyMovesTest {
    private long dataId;

    private ChangeRow row(long tx, int op, int key) {
        return new ChangeRow(++dataId, 1, tx, null, op, new Object[] {key, "v" + key}, op != OP_RESYNC);
    }

    private static List<String> moves(ChangeSet set) {
        List<String> out = new ArrayList<>();
        set.moves().forEach(m -> out.add(m.from()[0] + ">" + m.to()[0] + (m.clearFirst() ? " clear" : "")));
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

    /** UPDATE … SET K = K + 1 visited from the lowest key: each row's move waits for the row ahead of it to move out. */
    @Test
    void rowsShiftedOntoEachOthersKeysMoveFromTheFarEnd() {
        List<ChangeRow> hana = List.of(row(1, OP_RESYNC, 1), row(1, OP_UPDATE_AFTER_NEW_KEY, 2), row(1, OP_RESYNC, 2), row(1, OP_UPDATE_AFTER_NEW_KEY, 3),
                row(1, OP_RESYNC, 3), row(1, OP_UPDATE_AFTER_NEW_KEY, 4));
        ChangeSet set = ChangeSet.of(hana, new int[] {0});
        assertEquals(List.of("3>4", "2>3", "1>2"), moves(set));
        set.resolveRefetched(List.<Object[]>of(new Object[] {2, "v1"}, new Object[] {3, "v2"})); // keys 2 and 3 are held again, 1 is gone
        assertEquals(List.of("3>4", "2>3", "1>2"), moves(set), "a held old key is still the row's way out");
        List<ChangeRow> postgresRows = List.of(row(2, OP_UPDATE_BEFORE, 1), row(2, OP_UPDATE_AFTER_NEW_KEY, 2), row(2, OP_MOVED_FROM, 2),
                row(2, OP_UPDATE_AFTER_NEW_KEY, 3));
        ChangeSet pg = ChangeSet.of(postgresRows, new int[] {0});
        assertEquals(List.of("2>3", "1>2"), moves(pg));
        assertEquals(List.of(1), pg.deletes().stream().map(k -> k[0]).toList(), "a held old key is no delete");
        assertEquals(List.of(2, 3), pg.upserts().stream().map(r -> r[0]).toList(), "nor does it hide the new image of its key");
    }

    /** Keys swapped (through a third): every key is held again after the cycle, so the upserts keep the rows and nothing moves. */
    @Test
    void keysSwappedInACycleAreNotMoved() {
        List<ChangeRow> rows = List.of(row(1, OP_UPDATE_BEFORE, 1), row(1, OP_UPDATE_AFTER_NEW_KEY, 9), row(1, OP_UPDATE_BEFORE, 2),
                row(1, OP_UPDATE_AFTER_NEW_KEY, 1), row(1, OP_UPDATE_BEFORE, 9), row(1, OP_UPDATE_AFTER_NEW_KEY, 2));
        ChangeSet set = ChangeSet.of(rows, new int[] {0});
        assertEquals(List.of(), moves(set));
        assertEquals(List.of(9), set.deletes().stream().map(k -> k[0]).toList());
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
        assertEquals(List.of(a), BatchReader.keepingPairs(List.of(a, old, other), Set.of()), "its new image is past the cut");
        List<ChangeRow> paired = List.of(a, old, row(2, OP_UPDATE_AFTER_NEW_KEY, 20), other);
        assertEquals(paired, BatchReader.keepingPairs(paired, Set.of()));
        assertEquals(List.of(old, other), BatchReader.keepingPairs(List.of(old, other), Set.of()), "a batch is never left empty");
        ChangeRow failed = row(4, OP_RESYNC, 4);
        assertEquals(List.of(a, failed), BatchReader.keepingPairs(List.of(a, failed), Set.of(failed.dataId())),
                "a key whose capture failed is no half of a pair");
    }
}
