package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_BEFORE;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A batch coalesced to one action per key, the last one in data-id order (DESIGN §4): applying the
 * deletes and then the upserts yields the same target state as replaying every row in order.
 * An update's before-image (operation 3) is written only when the key changed, so it deletes the old key.
 */
public final class ChangeSet {
    private final List<Object[]> deletes = new ArrayList<>();
    private final List<Object[]> upserts = new ArrayList<>();

    public static ChangeSet of(List<ChangeRow> rows, int[] keyIndexes) {
        Map<List<Object>, ChangeRow> last = new LinkedHashMap<>();
        for (ChangeRow row : rows) {
            List<Object> key = key(row.values(), keyIndexes);
            last.remove(key); // re-insert so iteration order follows the last change
            last.put(key, row);
        }
        ChangeSet set = new ChangeSet();
        for (ChangeRow row : last.values()) {
            boolean delete = row.operation() == OP_DELETE || row.operation() == OP_UPDATE_BEFORE;
            if (delete) {
                set.deletes.add(pick(row.values(), keyIndexes));
            } else {
                set.upserts.add(row.values());
            }
        }
        return set;
    }

    private static List<Object> key(Object[] values, int[] keyIndexes) {
        Object[] key = new Object[keyIndexes.length];
        for (int i = 0; i < key.length; i++) {
            Object v = values[keyIndexes[i]];
            key[i] = v instanceof byte[] b ? ByteBuffer.wrap(b) // arrays compare by identity
                    : v instanceof BigDecimal d ? d.stripTrailingZeros() // 1.0 and 1.00 are one key
                    : v;
        }
        return Arrays.asList(key);
    }

    private static Object[] pick(Object[] values, int[] indexes) {
        Object[] out = new Object[indexes.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = values[indexes[i]];
        }
        return out;
    }

    public List<Object[]> deletes() {
        return deletes;
    }

    public List<Object[]> upserts() {
        return upserts;
    }
}
