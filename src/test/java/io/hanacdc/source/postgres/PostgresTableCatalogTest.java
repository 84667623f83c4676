package io.hanacdc.source.postgres;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Many tables described in two statements: each table's own columns (two tables with domain columns at the same
 * position), its key in order without the columns a primary key only INCLUDEs, a table refused alone, a name that is
 * no table left out, awkward names, and the same answer as describing one table.
 */
@IntegrationTest
class PostgresTableCatalogTest {
    @Test
    void manyTablesAtOnceEachItsOwn() throws Exception {
        try (Pipeline p = new Pipeline("catalog")) {
            exec(p.sourceUrl, "CREATE DOMAIN public.short_code AS varchar(4)", "CREATE DOMAIN public.amount AS numeric(9,3) DEFAULT 0",
                    "CREATE TABLE public.a (id int PRIMARY KEY, v public.short_code)",
                    "CREATE TABLE public.b (id int PRIMARY KEY, v public.amount)",
                    "CREATE TABLE public.\"Odd \"\"name\"\"\" (k2 text, k1 int, note text, PRIMARY KEY (k1, k2) INCLUDE (note))",
                    "CREATE TABLE public.arr (tags text[] PRIMARY KEY)");
            SourceDialect dialect = SourceDialects.forUrl(p.sourceUrl, CaptureOptions.DEFAULT);
            TableId a = new TableId("public", "a");
            TableId b = new TableId("public", "b");
            TableId odd = new TableId("public", "Odd \"name\"");
            TableId arr = new TableId("public", "arr");
            TableId missing = new TableId("public", "nope");
            try (Connection c = DriverManager.getConnection(p.sourceUrl)) {
                Map<TableId, SourceDialect.Description> all = dialect.describeAll(c, List.of(a, b, odd, arr, missing, a));
                assertEquals(List.of(a, b, odd, arr), List.copyOf(all.keySet()));
                assertEquals(List.of("id", "v"), all.get(a).table().columnNames());
                assertEquals("character varying(4)", all.get(a).table().columns().get(1).sourceType());
                SourceColumn amount = all.get(b).table().columns().get(1);
                assertEquals("numeric(9,3)", amount.sourceType(), "each table's own domain at the same position");
                assertTrue(amount.defaultValue() != io.hanacdc.schema.ColumnDefault.NONE, "the domain's default");
                assertEquals(List.of("k1", "k2"), all.get(odd).table().primaryKey(), "key order, without the INCLUDEd column");
                assertNull(all.get(arr).table());
                assertTrue(all.get(arr).refused().getMessage().contains("public.arr.tags"), all.get(arr).refused().getMessage());
                assertEquals(all.get(a).table(), dialect.describe(c, a).orElseThrow(), "one table described as many are");
                assertFalse(dialect.describe(c, missing).isPresent());
                assertEquals(Map.of(), dialect.describeAll(c, List.of()));
            }
        }
    }
}
