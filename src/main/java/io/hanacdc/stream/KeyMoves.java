package io.hanacdc.stream;

import static io.hanacdc.source.CdcColumns.OP_DELETE;
import static io.hanacdc.source.CdcColumns.OP_MOVED_FROM;
import static io.hanacdc.source.CdcColumns.OP_RESYNC;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_AFTER_NEW_KEY;
import static io.hanacdc.source.CdcColumns.OP_UPDATE_BEFORE;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows a batch moved to another key, in the order a target can move them one by one: each new image marked as moved
 * ({@link io.hanacdc.source.CdcColumns#OP_UPDATE_AFTER_NEW_KEY}) paired with its transaction's row before it, the old key.
 * A statement may move rows onto each other's keys (UPDATE … SET K = K + 1, visited in any order), so a move into a key
 * goes after the move out of it; moves that only make a cycle (keys swapped) are left out: every key of a cycle is held
 * again afterwards, so the batch's upserts keep their rows, and nothing is deleted.
 */
final class KeyMoves {
    private KeyMoves() {}

    static List<KeyMove> of(List<ChangeRow> rows, int[] keyIndexes) {
        List<KeyMove> pairs = new ArrayList<>();
        Map<List<Object>, Integer> deletedAt = null;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).operation() != OP_UPDATE_AFTER_NEW_KEY) {
                continue;
            }
            int from = i - 1; // the pair's rows are written back to back; other transactions' rows may come between
            while (from >= 0 && rows.get(from).transactionId() != rows.get(i).transactionId()) {
                from--;
            }
            if (from < 0 || !oldKey(rows.get(from).operation())) {
                continue; // its old key was in an earlier batch (applied as a delete): an upsert as any new image
            }
            if (deletedAt == null) {
                deletedAt = deletions(rows, keyIndexes);
            }
            Integer deleted = deletedAt.get(ChangeSet.keyOf(rows.get(i).values(), keyIndexes));
            pairs.add(new KeyMove(ChangeSet.pick(rows.get(from).values(), keyIndexes), ChangeSet.pick(rows.get(i).values(), keyIndexes),
                    deleted != null && deleted < from));
        }
        return pairs.size() < 2 ? pairs : ordered(pairs);
    }

    /** The operations that stand for a moved row's old key. */
    static boolean oldKey(int op) {
        return op == OP_UPDATE_BEFORE || op == OP_RESYNC || op == OP_MOVED_FROM;
    }

    /** Where in the batch each key was first deleted at the source (not moved away: a move clears its own key). */
    private static Map<List<Object>, Integer> deletions(List<ChangeRow> rows, int[] keyIndexes) {
        Map<List<Object>, Integer> out = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).operation() == OP_DELETE) {
                out.putIfAbsent(ChangeSet.keyOf(rows.get(i).values(), keyIndexes), i);
            }
        }
        return out;
    }

    /** The moves ordered so that one into a key comes after those out of it (Kahn's order); those left on a cycle are dropped. */
    private static List<KeyMove> ordered(List<KeyMove> moves) {
        int[] identity = identity(moves.get(0).from().length);
        Map<List<Object>, List<Integer>> outOf = new HashMap<>();
        for (int i = 0; i < moves.size(); i++) {
            outOf.computeIfAbsent(ChangeSet.keyOf(moves.get(i).from(), identity), k -> new ArrayList<>()).add(i);
        }
        int[] waitingFor = new int[moves.size()];
        List<List<Integer>> unblocks = new ArrayList<>();
        moves.forEach(m -> unblocks.add(new ArrayList<>()));
        for (int i = 0; i < moves.size(); i++) {
            for (int j : outOf.getOrDefault(ChangeSet.keyOf(moves.get(i).to(), identity), List.of())) {
                waitingFor[i]++;
                unblocks.get(j).add(i);
            }
        }
        Deque<Integer> ready = new ArrayDeque<>();
        for (int i = 0; i < moves.size(); i++) {
            if (waitingFor[i] == 0) {
                ready.add(i);
            }
        }
        List<KeyMove> out = new ArrayList<>();
        while (!ready.isEmpty()) {
            int i = ready.poll();
            out.add(moves.get(i));
            for (int next : unblocks.get(i)) {
                if (--waitingFor[next] == 0) {
                    ready.add(next);
                }
            }
        }
        return out;
    }

    private static int[] identity(int n) {
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = i;
        }
        return out;
    }
}
