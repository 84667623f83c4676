package io.hanacdc.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.testing.Pipeline;

/**
 * The target as people change it while the task runs: a table of theirs with a foreign key ON DELETE
 * CASCADE to a replicated table, holding keys the writers update but never delete, and a unique key
 * the data satisfies. Applying an update must never delete a row, so every guard row survives.
 */
final class TargetChanges {
    private static final long GUARDS = ChaosSchema.GUARDED_TO - ChaosSchema.GUARDED_FROM + 1;
    private final ChaosTarget target;

    TargetChanges(ChaosTarget target) {
        this.target = target;
    }

    void apply() throws Exception {
        String guard = target.table("chaos_guard");
        Pipeline.exec(target.control,
                "CREATE TABLE " + guard + " (id BIGINT PRIMARY KEY, FOREIGN KEY (id) REFERENCES " + target.table("plain") + " (id) ON DELETE CASCADE)",
                "INSERT INTO " + guard + " SELECT id FROM " + target.table("plain") + " WHERE id BETWEEN " + ChaosSchema.GUARDED_FROM
                        + " AND " + ChaosSchema.GUARDED_TO,
                target.addUnique("pair", "n_region", "n, region"));
        assertEquals(GUARDS, Pipeline.count(target.control, "SELECT COUNT(*) FROM " + guard), "guarded rows missing on the target when the guard was set");
    }

    void assertGuardsKept() throws Exception {
        assertEquals(GUARDS, Pipeline.count(target.control, "SELECT COUNT(*) FROM " + target.table("chaos_guard")),
                "rows of a target table with a foreign key to a replicated table were deleted by cascade");
    }
}
