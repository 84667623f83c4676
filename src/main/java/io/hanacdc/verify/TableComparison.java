package io.hanacdc.verify;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.ValuesKept;
import io.hanacdc.source.KeysetReader;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.sql.KeyRange;
import io.hanacdc.stream.KeyRefetcher;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetRows;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;
import java.util.function.Predicate;

/**
 * Compares one table row by row, or one key range of it. The source is read in its key order chunk
 * by chunk and each chunk's keys are looked up in the target (rows missing or different); then the
 * target's keys are read in its own key order and looked up in the source (rows extra). Two passes
 * because the two databases may sort text keys differently, so no key range means the same rows on
 * both sides. Memory holds one chunk and at most {@link Findings#MAX_LISTED} differences.
 */
final class TableComparison {
    /**
     * What one full comparison found; differences beyond MAX_LISTED are only counted.
     *
     * @param fetched rows (or keys) read into this process to compare
     * @param method how the table was compared, for the report
     */
    record Outcome(long sourceRows, long targetRows, long compared, List<Difference> listed, long unlisted, long fetched, String method) {}

    private final SourceDialect dialect;
    private final SourceTable table;
    private final String sourceCount;
    private final KeysetReader sourceChunks;
    private final KeyRefetcher sourceByKey;
    private final TargetRows target;
    private final ValuesKept kept;
    private final int[] keyIndexes;

    TableComparison(SourceDialect dialect, Target targets, TargetTable targetTable, int chunkSize) {
        this.dialect = dialect;
        this.table = targetTable.source();
        this.kept = targets;
        this.sourceCount = "SELECT COUNT(*) FROM " + dialect.qualified(table.id().schema(), table.id().name());
        this.sourceChunks = new KeysetReader(dialect, table, chunkSize);
        this.sourceByKey = new KeyRefetcher(dialect, table);
        this.target = targets.rows(targetTable);
        this.keyIndexes = table.primaryKey().stream().mapToInt(k -> table.columnNames().indexOf(k)).toArray();
    }

    SourceTable table() {
        return table;
    }

    TargetRows target() {
        return target;
    }

    /**
     * The full comparison, row by row, in as many passes as the target needs to hold its keys (each reads the source
     * table again); method says why the table is not compared by checksums.
     */
    Outcome compare(Connection s, TargetSession t, String method, LongConsumer progress) throws SQLException {
        long sourceRows = count(s);
        Findings found = new Findings(progress);
        int passes = target.passes(t);
        for (int p = 0; p < passes; p++) {
            compare(s, t, sourceChunks, Optional.empty(), target.pass(t, p), found);
        }
        long targetRows = target.count(t);
        return found.outcome(sourceRows, targetRows, passes == 1 ? method : method + ", in " + passes + " passes over the keys");
    }

    /** The rows of one range of the first key column, row by row (its checksums differ). */
    void compareRange(Connection s, TargetSession t, KeyRange range, Findings found) throws SQLException {
        String key = table.primaryKey().get(0);
        KeysetReader inRange = new KeysetReader(dialect, table, sourceChunks.chunkSize(), range.predicate(dialect.quote(key)));
        compare(s, t, inRange, Optional.of(range), k -> true, found);
    }

    /** The source rows whose keys are in the target's current pass, then the target's keys of that pass. */
    private void compare(Connection s, TargetSession t, KeysetReader sourceRows, Optional<KeyRange> targetRange, Predicate<Object[]> inPass,
                         Findings found) throws SQLException {
        Object[] last = null;
        while (true) {
            List<Object[]> chunk = sourceRows.chunkAfter(s, last);
            if (chunk.isEmpty()) {
                break;
            }
            last = sourceRows.key(chunk.get(chunk.size() - 1));
            List<Object[]> rows = chunk.stream().filter(r -> inPass.test(sourceRows.key(r))).toList();
            List<Object[]> keys = rows.stream().map(sourceRows::key).toList();
            List<Object[]> targetRows = keys.isEmpty() ? List.of() : target.rowsByKey(t, keys);
            Map<List<String>, Object[]> inTarget = byKey(targetRows, keyIndexes);
            for (Object[] row : rows) {
                add(difference(sourceRows.key(row), row, inTarget.get(keyForms(row, keyIndexes))), found);
            }
            found.fetched(chunk.size() + targetRows.size());
            found.compared(rows.size());
        }
        int[] identity = identity(keyIndexes.length);
        last = null;
        while (true) {
            List<Object[]> keys = target.keysAfter(t, targetRange, last, sourceRows.chunkSize());
            if (keys.isEmpty()) {
                break;
            }
            List<Object[]> sourceMatches = sourceByKey.fetch(s, keys);
            Map<List<String>, Object[]> inSource = byKey(sourceMatches, keyIndexes);
            for (Object[] key : keys) {
                if (!inSource.containsKey(keyForms(key, identity))) {
                    found.add(new Difference(Difference.Kind.EXTRA, key, keyText(key), List.of()));
                }
            }
            found.fetched(keys.size() + sourceMatches.size());
            last = keys.get(keys.size() - 1);
        }
    }

    /** Compares again just the keys of earlier differences; returns those that still differ. */
    List<Difference> recheck(Connection s, TargetSession t, List<Difference> earlier) throws SQLException {
        List<Object[]> keys = earlier.stream().map(Difference::key).toList();
        Map<List<String>, Object[]> sourceRows = byKey(sourceByKey.fetch(s, keys), keyIndexes);
        Map<List<String>, Object[]> targetRows = byKey(target.rowsByKey(t, keys), keyIndexes);
        int[] identity = identity(keyIndexes.length);
        List<Difference> still = new ArrayList<>();
        for (Object[] key : keys) {
            List<String> k = keyForms(key, identity);
            Difference d = difference(key, sourceRows.get(k), targetRows.get(k));
            if (d != null) {
                still.add(d);
            }
        }
        return still;
    }

    private long count(Connection s) throws SQLException {
        try (Statement st = s.createStatement(); ResultSet rs = st.executeQuery(sourceCount)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void add(Difference d, Findings found) {
        if (d != null) {
            found.add(d);
        }
    }

    /** The difference between a source and a target row of one key (null: row absent), or null when equal. */
    private Difference difference(Object[] key, Object[] source, Object[] target) {
        if (source == null && target == null) {
            return null;
        }
        String keyText = keyText(key);
        if (source == null) {
            return new Difference(Difference.Kind.EXTRA, key, keyText, List.of());
        }
        if (target == null) {
            return new Difference(Difference.Kind.MISSING, key, keyText, List.of());
        }
        List<String> columns = new ArrayList<>();
        for (int i = 0; i < source.length; i++) {
            SourceColumn c = table.columns().get(i);
            String a = ComparableValue.of(c.type(), source[i], kept);
            String b = ComparableValue.of(c.type(), target[i], kept);
            if (!a.equals(b)) {
                columns.add(c.name() + ": source " + a + " ≠ target " + b);
            }
        }
        return columns.isEmpty() ? null : new Difference(Difference.Kind.DIFFERENT, key, keyText, columns);
    }

    private String keyText(Object[] key) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < key.length; i++) {
            SourceColumn c = table.keyColumns().get(i);
            parts.add(c.name() + " = " + ComparableValue.of(c.type(), key[i], kept));
        }
        return String.join(", ", parts);
    }

    private Map<List<String>, Object[]> byKey(List<Object[]> rows, int[] indexes) {
        Map<List<String>, Object[]> out = new HashMap<>();
        for (Object[] row : rows) {
            out.put(keyForms(row, indexes), row);
        }
        return out;
    }

    /** A key in comparable form, so that e.g. a padded CHAR key from one side finds the unpadded one of the other. */
    private List<String> keyForms(Object[] values, int[] indexes) {
        List<String> out = new ArrayList<>(indexes.length);
        for (int i = 0; i < indexes.length; i++) {
            out.add(ComparableValue.of(table.keyColumns().get(i).type(), values[indexes[i]], kept));
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
