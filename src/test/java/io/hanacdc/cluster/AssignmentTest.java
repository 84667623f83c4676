package io.hanacdc.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.schema.TableId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The leader's plan, applied round after round as owners would apply it: spread, sticky, and never a table with two owners. */
class AssignmentTest {
    private static final List<TableId> TABLES = IntStream.range(0, 61).mapToObj(i -> new TableId("s", "t" + i)).toList();

    @Test
    void tablesSpreadAtStartAndNothingChangesOnceSettled() {
        Map<TableId, OwnerStore.Owner> rows = new HashMap<>();
        settle(rows, Set.of("a", "b", "c"));
        assertSpread(rows, Set.of("a", "b", "c"));
        assertEquals(List.of(), Assignment.plan(TABLES, Set.of("a", "b", "c"), rows), "a settled assignment asks for nothing");
    }

    @Test
    void aGoneReplicasTablesGoAtOnceAndAJoinedOneIsHandedTablesBetweenBatches() {
        Map<TableId, OwnerStore.Owner> rows = new HashMap<>();
        settle(rows, Set.of("a", "b", "c"));
        Map<TableId, String> before = owners(rows);
        List<Assignment.Change> gone = Assignment.plan(TABLES, Set.of("a", "b"), rows);
        assertTrue(gone.stream().allMatch(c -> c instanceof Assignment.Assign a && before.get(a.table()).equals("c")),
                "only c's tables move when c is gone, and at once: " + gone);
        settle(rows, Set.of("a", "b"));
        assertSpread(rows, Set.of("a", "b"));
        Map<TableId, String> two = owners(rows);

        List<Assignment.Change> joined = Assignment.plan(TABLES, Set.of("a", "b", "d"), rows);
        assertTrue(joined.stream().allMatch(c -> c instanceof Assignment.Propose p && p.to().equals("d")),
                "tables with a live owner only move by a hand-over to the new replica: " + joined);
        settle(rows, Set.of("a", "b", "d"));
        assertSpread(rows, Set.of("a", "b", "d"));
        long moved = TABLES.stream().filter(t -> !owners(rows).get(t).equals(two.get(t))).count();
        assertEquals(owners(rows).values().stream().filter("d"::equals).count(), moved, "no more tables move than the new replica takes");
    }

    @Test
    void aHandOverToAReplicaThatLeftIsWithdrawn() {
        Map<TableId, OwnerStore.Owner> rows = new HashMap<>();
        settle(rows, Set.of("a"));
        for (Assignment.Change c : Assignment.plan(TABLES, Set.of("a", "b"), rows)) {
            apply(rows, c); // asked, not yet handed over
        }
        List<Assignment.Change> after = Assignment.plan(TABLES, Set.of("a"), rows);
        assertEquals(30, after.size());
        assertTrue(after.stream().allMatch(c -> c instanceof Assignment.Propose p && p.to() == null), after.toString());
    }

    /** A new leader has not seen every listed replica beat: one that died just before it took over gets nothing. */
    @Test
    void onlyReplicasSeenBeatingAreGivenTables() {
        Map<TableId, OwnerStore.Owner> rows = new HashMap<>();
        settle(rows, Set.of("a", "b"));
        rows.replaceAll((t, o) -> o.ownedBy().equals("b") ? new OwnerStore.Owner(t, null, null, o.version() + 1) : o); // b left
        List<Assignment.Change> changes = Assignment.plan(TABLES, Set.of("a", "c"), Set.of("a"), rows); // c listed, not seen beating
        assertTrue(!changes.isEmpty() && changes.stream().allMatch(c -> c instanceof Assignment.Assign a && a.to().equals("a")), changes.toString());
    }

    @Test
    void randomJoinsAndLeavesAlwaysSettleWithinQuota() {
        Random random = new Random(7);
        Map<TableId, OwnerStore.Owner> rows = new HashMap<>();
        Set<String> live = new TreeSet<>(Set.of("r0"));
        for (int round = 0; round < 200; round++) {
            String r = "r" + random.nextInt(6);
            if (live.contains(r) && live.size() > 1) {
                live.remove(r);
            } else {
                live.add(r);
            }
            settle(rows, live);
            assertSpread(rows, live);
        }
    }

    /** Runs rounds, each owner handing over what it is asked at once, until a round asks for nothing. */
    private static void settle(Map<TableId, OwnerStore.Owner> rows, Set<String> live) {
        for (int round = 0; round < 10; round++) {
            List<Assignment.Change> changes = Assignment.plan(TABLES, live, rows);
            if (changes.isEmpty()) {
                return;
            }
            changes.forEach(c -> apply(rows, c));
            rows.replaceAll((t, o) -> o.handTo() == null ? o : new OwnerStore.Owner(t, o.handTo(), null, o.version() + 1));
        }
        throw new AssertionError("no settled assignment after 10 rounds");
    }

    private static void apply(Map<TableId, OwnerStore.Owner> rows, Assignment.Change c) {
        if (c instanceof Assignment.Assign a) {
            rows.put(a.table(), new OwnerStore.Owner(a.table(), a.to(), null, a.current() == null ? 1 : a.current().version() + 1));
        } else if (c instanceof Assignment.Propose p) {
            rows.put(p.current().table(), new OwnerStore.Owner(p.current().table(), p.current().ownedBy(), p.to(), p.current().version()));
        }
    }

    private static void assertSpread(Map<TableId, OwnerStore.Owner> rows, Set<String> live) {
        Map<String, Integer> count = new TreeMap<>();
        owners(rows).values().forEach(o -> count.merge(o, 1, Integer::sum));
        assertTrue(live.containsAll(count.keySet()), "only live replicas own tables: " + count);
        int quota = (TABLES.size() + live.size() - 1) / live.size();
        assertTrue(count.values().stream().allMatch(n -> n <= quota), "no replica above " + quota + ": " + count);
        assertEquals(TABLES.size(), count.values().stream().mapToInt(Integer::intValue).sum());
    }

    private static Map<TableId, String> owners(Map<TableId, OwnerStore.Owner> rows) {
        Map<TableId, String> out = new HashMap<>();
        rows.forEach((t, o) -> out.put(t, o.ownedBy()));
        return out;
    }
}
