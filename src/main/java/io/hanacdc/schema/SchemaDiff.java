package io.hanacdc.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What changed between two shapes of a table. Columns are matched by their stable source id where the
 * source keeps it across renames, else by name; a column matched under another name is a rename.
 */
public record SchemaDiff(List<SourceColumn> added, List<SourceColumn> dropped, List<Change> changed, boolean keyChanged) {
    /** One column in both shapes: renamed, retyped or both. */
    public record Change(SourceColumn before, SourceColumn after) {
        public boolean renamed() {
            return !before.name().equals(after.name());
        }

        public boolean retyped() {
            return !before.sourceType().equals(after.sourceType()) || before.nullable() != after.nullable();
        }

        /** Every value of the old type fits the new one unchanged. */
        public boolean widening() {
            return TypeWidening.widens(before, after);
        }
    }

    public static SchemaDiff of(SourceTable before, Map<String, Long> beforeIds, SourceTable after, Map<String, Long> afterIds,
                                boolean idsSurviveRenames) {
        List<SourceColumn> added = new ArrayList<>();
        List<Change> changed = new ArrayList<>();
        List<SourceColumn> matched = new ArrayList<>();
        for (SourceColumn c : after.columns()) {
            Optional<SourceColumn> old = match(before, beforeIds, c, afterIds.get(c.name()), idsSurviveRenames);
            if (old.isEmpty()) {
                added.add(c);
                continue;
            }
            matched.add(old.get());
            Change change = new Change(old.get(), c);
            if (change.renamed() || change.retyped()) {
                changed.add(change);
            }
        }
        List<SourceColumn> dropped = before.columns().stream().filter(c -> !matched.contains(c)).toList();
        List<String> renamedKey = before.primaryKey().stream()
                .map(k -> changed.stream().filter(ch -> ch.before().name().equals(k)).map(ch -> ch.after().name()).findFirst().orElse(k))
                .toList();
        return new SchemaDiff(added, dropped, changed, !renamedKey.equals(after.primaryKey()));
    }

    private static Optional<SourceColumn> match(SourceTable before, Map<String, Long> beforeIds, SourceColumn c, Long id,
                                                boolean idsSurviveRenames) {
        if (idsSurviveRenames && id != null) {
            Optional<SourceColumn> byId = before.columns().stream().filter(o -> id.equals(beforeIds.get(o.name()))).findFirst();
            if (byId.isPresent()) {
                return byId;
            }
        }
        return before.columns().stream().filter(o -> o.name().equals(c.name())
                && (!idsSurviveRenames || id == null || beforeIds.get(o.name()) == null || id.equals(beforeIds.get(o.name())))).findFirst();
    }

    public boolean isEmpty() {
        return added.isEmpty() && dropped.isEmpty() && changed.isEmpty() && !keyChanged;
    }

    @Override
    public String toString() {
        List<String> parts = new ArrayList<>();
        added.forEach(c -> parts.add("added " + c.name() + " " + c.sourceType()));
        dropped.forEach(c -> parts.add("dropped " + c.name()));
        for (Change ch : changed) {
            if (ch.renamed()) {
                parts.add("renamed " + ch.before().name() + " to " + ch.after().name());
            }
            if (ch.retyped()) {
                parts.add("changed " + ch.after().name() + " from " + describe(ch.before()) + " to " + describe(ch.after()));
            }
        }
        if (keyChanged) {
            parts.add("changed the primary key");
        }
        return String.join(", ", parts);
    }

    private static String describe(SourceColumn c) {
        return c.sourceType() + (c.nullable() ? " NULL" : " NOT NULL");
    }
}
