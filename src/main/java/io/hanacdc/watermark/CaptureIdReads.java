package io.hanacdc.watermark;

import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.OPERATION;

import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the gap probes of a task's tables read about every capture table (the registry's list, the highest real id,
 * the real ids of a stretch), each statement a union over all capture tables. Shared by the task's tables and kept
 * {@code keep} (less than a tick), so a tick of N probing tables reads each once, not N times: O(N), not O(N²).
 * <p>
 * A kept read is only older: a lower highest id probes less far at the next poll; a capture table or a real id it
 * misses makes an id look like a gap, whose probe then finds the row (a committed row of this table refuses the
 * placeholder) or belongs to another table's capture tables, where a placeholder in this table's cannot collide.
 */
public final class CaptureIdReads {
    /** Stretches kept at once: quiet tables probe the same one, tables with changes their own. */
    private static final int STRETCHES = 32;
    private final SourceDialect dialect;
    private final GapProbeWatermark.CaptureTables allCaptureTables;
    private final long keepNanos;
    private Kept<List<String>> tables;
    private Kept<Long> highest;
    private final Map<String, Kept<Set<Long>>> stretches = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Kept<Set<Long>>> eldest) {
            return size() > STRETCHES;
        }
    };

    private record Kept<T>(T value, long readAt) {}

    /** @param keep how long a read serves other tables; zero: every call reads */
    public CaptureIdReads(SourceDialect dialect, GapProbeWatermark.CaptureTables allCaptureTables, Duration keep) {
        this.dialect = dialect;
        this.allCaptureTables = allCaptureTables;
        this.keepNanos = keep.toNanos();
    }

    /** The highest id any capture table holds as a real row. */
    public synchronized long highest(Connection c) throws SQLException {
        if (!fresh(highest)) {
            String union = tables(c).stream().map(t -> "SELECT MAX(" + id() + ") AS m FROM " + t + " WHERE " + realRows())
                    .collect(Collectors.joining(" UNION ALL "));
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT MAX(m) FROM (" + union + ") x")) {
                rs.next();
                highest = new Kept<>(rs.getLong(1), System.nanoTime());
            }
        }
        return highest.value();
    }

    /** The ids in (after, upTo] that some capture table holds as a real row. */
    public synchronized Set<Long> realIds(Connection c, long after, long upTo) throws SQLException {
        String key = after + ":" + upTo;
        Kept<Set<Long>> kept = stretches.get(key);
        if (!fresh(kept)) {
            String union = tables(c).stream().map(t -> "SELECT " + id() + " FROM " + t + " WHERE " + id() + " > " + after
                    + " AND " + id() + " <= " + upTo + " AND " + realRows()).collect(Collectors.joining(" UNION ALL "));
            Set<Long> ids = new HashSet<>();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(union)) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
            kept = new Kept<>(Set.copyOf(ids), System.nanoTime());
            stretches.put(key, kept);
        }
        return kept.value();
    }

    private List<String> tables(Connection c) throws SQLException {
        if (!fresh(tables)) {
            tables = new Kept<>(List.copyOf(allCaptureTables.all(c)), System.nanoTime());
        }
        return tables.value();
    }

    private boolean fresh(Kept<?> kept) {
        return kept != null && System.nanoTime() - kept.readAt() < keepNanos;
    }

    private String id() {
        return dialect.quote(DATA_ID);
    }

    private String realRows() {
        return dialect.quote(OPERATION) + " > 0"; // placeholders (operation 0) are not rows
    }
}
