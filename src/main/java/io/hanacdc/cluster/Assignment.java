package io.hanacdc.cluster;

import io.hanacdc.schema.TableId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the leader changes in one round, from the task's tables, the live replicas and the owner rows. Invariants: a
 * table whose owner is gone (or that has none) goes at once to the least loaded live replica; a table with an owner
 * moves only by a hand-over its owner makes between batches; once the hand-overs asked for are made, no replica owns
 * more than ceil(tables / replicas). Tables keep their owner otherwise (sticky), so a round that changes nothing
 * asks for nothing.
 */
public final class Assignment {
    /** A change of one owner row. */
    public sealed interface Change permits Assign, Propose {}

    /** Gives {@code table} to {@code to} at once; {@code current} null: the table has no row yet. */
    public record Assign(TableId table, String to, OwnerStore.Owner current) implements Change {}

    /** Asks the owner of {@code current} to hand it to {@code to} (null: withdraws an earlier request). */
    public record Propose(OwnerStore.Owner current, String to) implements Change {}

    private Assignment() {}

    /** With every live replica a target. */
    public static List<Change> plan(List<TableId> tables, Set<String> live, Map<TableId, OwnerStore.Owner> owners) {
        return plan(tables, live, live, owners);
    }

    /**
     * @param live    the replicas not judged gone: they keep the tables they own
     * @param targets those of them that may be given tables (seen beating; a new leader has not seen every live one yet)
     */
    public static List<Change> plan(List<TableId> tables, Set<String> live, Set<String> targets, Map<TableId, OwnerStore.Owner> owners) {
        List<Change> out = new ArrayList<>();
        if (targets.isEmpty()) {
            return out;
        }
        Map<String, List<OwnerStore.Owner>> movable = new TreeMap<>(); // owned tables not being handed over, by owner
        Map<String, Integer> load = new TreeMap<>(); // tables each replica owns once the hand-overs are made
        live.forEach(r -> {
            load.put(r, 0);
            movable.put(r, new ArrayList<>());
        });
        List<TableId> orphans = new ArrayList<>();
        for (TableId t : tables.stream().sorted(Comparator.comparing(TableId::toString)).toList()) {
            OwnerStore.Owner o = owners.get(t);
            if (o == null || o.ownedBy() == null || !live.contains(o.ownedBy())) {
                orphans.add(t);
            } else if (o.handTo() != null && (!live.contains(o.handTo()) || o.handTo().equals(o.ownedBy()))) {
                out.add(new Propose(o, null)); // the replica it was to go to is gone
                load.merge(o.ownedBy(), 1, Integer::sum);
                movable.get(o.ownedBy()).add(o);
            } else if (o.handTo() != null) {
                load.merge(o.handTo(), 1, Integer::sum);
            } else {
                load.merge(o.ownedBy(), 1, Integer::sum);
                movable.get(o.ownedBy()).add(o);
            }
        }
        for (TableId t : orphans) {
            String to = leastLoaded(load, targets);
            load.merge(to, 1, Integer::sum);
            out.add(new Assign(t, to, owners.get(t)));
        }
        int quota = (tables.size() + live.size() - 1) / live.size();
        for (String r : live) {
            List<OwnerStore.Owner> mine = movable.get(r);
            while (load.get(r) > quota && !mine.isEmpty()) {
                String to = leastLoaded(load, targets);
                if (load.get(to) >= quota) {
                    break;
                }
                OwnerStore.Owner o = mine.remove(mine.size() - 1);
                out.removeIf(c -> c instanceof Propose p && p.current().equals(o)); // a withdrawal replaced by a new request
                out.add(new Propose(o, to));
                load.merge(r, -1, Integer::sum);
                load.merge(to, 1, Integer::sum);
            }
        }
        return out;
    }

    private static String leastLoaded(Map<String, Integer> load, Set<String> targets) {
        return load.entrySet().stream().filter(e -> targets.contains(e.getKey())).min(Map.Entry.<String, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
                .orElseThrow().getKey();
    }
}
