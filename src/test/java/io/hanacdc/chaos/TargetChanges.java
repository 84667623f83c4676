package io.hanacdc.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.sql.Identifiers;
import io.hanacdc.testing.Pipeline;

/**
 * The target as people change it while the task runs: a table of theirs with a foreign key ON DELETE
 * CASCADE to a replicated table, holding keys the writers update but never delete, and a unique key
 * the data satisfies. Applying an update must never delete a row, so every guard row survives.
 */
final class TargetChanges {
    private static final long GUARDS = ChaosSchema.GUARDED_TO - ChaosSchema.GUARDED_FROM + 1;
    private final String control;
    private final String db;

    TargetChanges(String control, String targetDb) {
        this.control = control;
        this.db = Identifiers.backtick(targetDb);
    }

    void apply() throws Exception {
        Pipeline.exec(control,
                "CREATE TABLE " + db + ".chaos_guard (id BIGINT PRIMARY KEY, FOREIGN KEY (id) REFERENCES " + db + ".plain (id) ON DELETE CASCADE)",
                "INSERT INTO " + db + ".chaos_guard SELECT id FROM " + db + ".plain WHERE id BETWEEN " + ChaosSchema.GUARDED_FROM
                        + " AND " + ChaosSchema.GUARDED_TO,
                "ALTER TABLE " + db + ".pair ADD UNIQUE KEY n_region (n, region)");
        assertEquals(GUARDS, Pipeline.count(control, "SELECT COUNT(*) FROM " + db + ".chaos_guard"), "guarded rows missing on the target when the guard was set");
    }

    void assertGuardsKept() throws Exception {
        assertEquals(GUARDS, Pipeline.count(control, "SELECT COUNT(*) FROM " + db + ".chaos_guard"),
                "rows of a target table with a foreign key to a replicated table were deleted by cascade");
    }
}
