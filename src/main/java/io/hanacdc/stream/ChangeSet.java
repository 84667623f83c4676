package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_TRUNCATE;
import static io.hanacdc.source.CdcColumns.OP_MOVED_FROM;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_BEFORE;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A batch coalesced to one action per key, the last one in data-id order (DESIGN §4): applying the
 * deletes and then the upserts yields the same target state as replaying every row in order.
 * An update's before-image (operation 3) is written only when the key changed, so it deletes the old
 * key. A change without a full image (keys-only capture, a recorded capture failure) becomes a
 * re-read of the key: {@link #resolveRefetched} turns it into an upsert of the current row, or a
 * delete when the row is gone. A truncate in the batch splits it: rows before the last one are
 * dropped (the target table is emptied first, {@link #truncated()}), so they are neither applied nor
 * re-read, and only rows after it are coalesced. A target that passes every change on reads the
 * batch's rows one by one instead ({@link #events()}).
 */
public final class ChangeSet {
    private final int[] keyIndexes;
    private final boolean truncated;
    private final List<Object[]> deletes = new ArrayList<>();
    private final List<Object[]> upserts = new ArrayList<>();
    private final List<Object[]> refetch = new ArrayList<>();
    /** The CDC rows the set was made from, all of them, in data-id order; null when it was made from coalesced changes. */
    private final List<ChangeRow> rows;
    /** The rows re-read for {@link #refetch()}, by key. */
    private Map<List<Object>, Object[]> current = Map.of();
    /** Rows a (re-)snapshot copied, also in {@link #upserts()}. */
    private final List<Object[]> reads = new ArrayList<>();
    /** Rows the source moved to another key, in the order a target moves them (see {@link KeyMoves}). */
    private final List<KeyMove> moves = new ArrayList<>();

    private ChangeSet(int[] keyIndexes, boolean truncated, List<ChangeRow> rows) {
        this.keyIndexes = keyIndexes;
        this.truncated = truncated;
        this.rows = rows;
    }

    public static ChangeSet of(List<ChangeRow> all, int[] keyIndexes) {
        int lastTruncate = all.size() - 1;
        while (lastTruncate >= 0 && all.get(lastTruncate).operation() != OP_TRUNCATE) {
            lastTruncate--;
        }
        List<ChangeRow> rows = all.subList(lastTruncate + 1, all.size());
        // One hash lookup per row, and a single-column key is hashed as itself: this runs for every streamed row.
        Map<Object, Integer> lastIndex = new HashMap<>(rows.size() * 4 / 3 + 1);
        boolean[] superseded = new boolean[rows.size()];
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).operation() == OP_MOVED_FROM) {
                continue; // a moved row's old key another row holds: that row's change is the key's own
            }
            Object[] values = rows.get(i).values();
            Integer earlier = lastIndex.put(keyIndexes.length == 1 ? comparable(values[keyIndexes[0]]) : keyOf(values, keyIndexes), i);
            if (earlier != null) {
                superseded[earlier] = true;
            }
        }
        ChangeSet set = new ChangeSet(keyIndexes, lastTruncate >= 0, all);
        set.moves.addAll(KeyMoves.of(rows, keyIndexes));
        for (int i = 0; i < rows.size(); i++) {
            ChangeRow row = rows.get(i);
            if (superseded[i] || row.operation() == OP_MOVED_FROM) {
                continue; // in order of each key's last change, as a replay would leave them
            }
            if (row.operation() == OP_DELETE || row.operation() == OP_UPDATE_BEFORE) {
                set.deletes.add(pick(row.values(), keyIndexes));
            } else if (row.fullImage()) {
                set.upserts.add(row.values());
            } else {
                set.refetch.add(pick(row.values(), keyIndexes));
            }
        }
        return set;
    }

    /** Changes already coalesced per key: the keys to delete and the full rows to upsert. */
    public static ChangeSet resolved(List<Object[]> deletes, List<Object[]> upserts, int[] keyIndexes) {
        return resolved(false, deletes, upserts, keyIndexes);
    }

    /** As {@link #resolved(List, List, int[])}, after emptying the target table first when {@code truncated}. */
    public static ChangeSet resolved(boolean truncated, List<Object[]> deletes, List<Object[]> upserts, int[] keyIndexes) {
        ChangeSet set = new ChangeSet(keyIndexes, truncated, null);
        set.deletes.addAll(deletes);
        set.upserts.addAll(upserts);
        return set;
    }

    /** Rows a snapshot chunk copied: upserts, and events of kind READ. */
    public static ChangeSet snapshot(List<Object[]> copied, int[] keyIndexes) {
        ChangeSet set = new ChangeSet(keyIndexes, false, List.of());
        copied.forEach(set::addRead);
        return set;
    }

    /** Adds a row a re-snapshot copied, which no change in the set touched: an upsert, and an event of kind READ. */
    public void addRead(Object[] row) {
        upserts.add(row);
        reads.add(row);
    }

    /**
     * The changes one by one, for a target that passes each on: an event per CDC row in data-id order (see
     * {@link ChangeEvents}), then one per copied row. A set made from coalesced changes (what a change route
     * returned) gives its truncate, deletes and upserts, the upserts as updates.
     */
    public List<ChangeEvent> events() {
        if (!refetch.isEmpty()) {
            throw new IllegalStateException("the keys to re-read are not resolved yet");
        }
        List<ChangeEvent> out = new ArrayList<>();
        if (rows != null) {
            out.addAll(ChangeEvents.of(rows, keyIndexes, current));
        } else {
            if (truncated) {
                out.add(new ChangeEvent(ChangeEvent.Kind.TRUNCATE, null, null));
            }
            deletes.forEach(key -> out.add(new ChangeEvent(ChangeEvent.Kind.DELETE, key, null)));
            upserts.forEach(row -> out.add(new ChangeEvent(ChangeEvent.Kind.UPDATE, row, null)));
        }
        reads.forEach(row -> out.add(new ChangeEvent(ChangeEvent.Kind.READ, row, null)));
        return out;
    }

    /** Comparable form of a key: byte arrays by content, decimals without trailing zeros (1.0 and 1.00 are one key). */
    public static List<Object> keyOf(Object[] values, int[] keyIndexes) {
        Object[] key = new Object[keyIndexes.length];
        for (int i = 0; i < key.length; i++) {
            key[i] = comparable(values[keyIndexes[i]]);
        }
        return Arrays.asList(key);
    }

    private static Object comparable(Object v) {
        return v instanceof byte[] b ? ByteBuffer.wrap(b) : v instanceof BigDecimal d ? d.stripTrailingZeros() : v;
    }

    static Object[] pick(Object[] values, int[] indexes) {
        Object[] out = new Object[indexes.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = values[indexes[i]];
        }
        return out;
    }

    /** Keys whose current row must be re-read from the source. */
    public List<Object[]> refetch() {
        return refetch;
    }

    /** Given the current rows found for {@link #refetch()}, upsert those and delete the keys no longer present. */
    public void resolveRefetched(List<Object[]> currentRows) {
        Map<List<Object>, Object[]> found = new LinkedHashMap<>();
        for (Object[] row : currentRows) {
            found.put(keyOf(row, keyIndexes), row);
        }
        int[] identity = new int[keyIndexes.length];
        Arrays.setAll(identity, i -> i);
        for (Object[] key : refetch) {
            Object[] row = found.get(keyOf(key, identity));
            if (row == null) {
                deletes.add(key);
            } else {
                upserts.add(row);
            }
        }
        refetch.clear();
        current = found;
    }

    /** The rows the source moved to another key, in the order to move them; a target without rows to move ignores them. */
    public List<KeyMove> moves() {
        return moves;
    }

    /** Where the key columns are in a full row. */
    public int[] keyIndexes() {
        return keyIndexes;
    }

    /** Whether the target table is emptied before the deletes and upserts: the source table was truncated. */
    public boolean truncated() {
        return truncated;
    }

    public List<Object[]> deletes() {
        return deletes;
    }

    public List<Object[]> upserts() {
        return upserts;
    }
}
