package io.hanacdc.source.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which unique index is the key of a table without a primary key (PostgresKeys): only one that finds one row by its
 * columns — all NOT NULL, no expression, no predicate, not deferrable — the oldest: a unique index added later does
 * not change the key; INCLUDEd columns are not key columns; the primary key wins over all; and the schema poll sees
 * the key index dropped.
 */
@IntegrationTest
class PostgresKeysTest {
    private static final TableId MIXED = new TableId("public", "mixed");
    private static final TableId TWO = new TableId("public", "two");
    private static final TableId KEYED = new TableId("public", "keyed");
    private static final TableId NONE = new TableId("public", "none");

    @Test
    void theKeyIndexIsTheUniqueOneThatFindsOneRow() throws Exception {
        String url = TestDatabases.freshPostgres("pgkeys");
        Pipeline.exec(url,
                "CREATE TABLE mixed (a int NOT NULL, b int NOT NULL, c int, d text NOT NULL, e int NOT NULL,"
                        + " CONSTRAINT mixed_e UNIQUE (e) DEFERRABLE INITIALLY IMMEDIATE)",
                "CREATE UNIQUE INDEX mixed_c ON mixed (c)", // a nullable column
                "CREATE UNIQUE INDEX mixed_a_partial ON mixed (a) WHERE a > 0",
                "CREATE UNIQUE INDEX mixed_lower_d ON mixed (lower(d))",
                "CREATE UNIQUE INDEX mixed_ab ON mixed (b, a) INCLUDE (c)",
                "CREATE TABLE two (a int NOT NULL, b int NOT NULL)",
                "CREATE UNIQUE INDEX two_z ON two (a, b)",
                "CREATE UNIQUE INDEX two_y ON two (a)", // fewer columns, earlier name: still not the key
                "CREATE UNIQUE INDEX two_x ON two (b)",
                "CREATE TABLE keyed (a int NOT NULL UNIQUE, b int PRIMARY KEY)",
                "CREATE TABLE none (a int, b int NOT NULL)",
                "CREATE UNIQUE INDEX none_a ON none (a)");
        SourceDialect dialect = SourceDialects.forUrl(url, CaptureOptions.DEFAULT);
        try (Connection c = TestDatabases.connect(url)) {
            Map<TableId, SourceDialect.Description> d = dialect.describeAll(c, List.of(MIXED, TWO, KEYED, NONE));
            assertEquals(List.of("b", "a"), d.get(MIXED).table().primaryKey());
            assertEquals("mixed_ab", d.get(MIXED).keyIndex());
            assertEquals(List.of("a", "b"), d.get(TWO).table().primaryKey());
            assertEquals("two_z", d.get(TWO).keyIndex());
            assertEquals(List.of("b"), d.get(KEYED).table().primaryKey());
            assertNull(d.get(KEYED).keyIndex());
            assertTrue(d.get(NONE).table().primaryKey().isEmpty());

            String before = dialect.stamps(c, List.of(TWO)).get(TWO).fingerprint();
            Pipeline.exec(url, "DROP INDEX two_z");
            assertNotEquals(before, dialect.stamps(c, List.of(TWO)).get(TWO).fingerprint(), "the schema poll sees the key index dropped");
            assertEquals(List.of("a"), dialect.describe(c, TWO).orElseThrow().primaryKey());
        }
    }
}
