package io.hanacdc.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

/** What capture left in a PostgreSQL source database, read from its catalog. */
public final class CaptureObjects {
    private CaptureObjects() {}

    /** Every object in the database that a user could have created: relations, functions, triggers, sequences, schemas. */
    public static List<String> objects(String url) throws Exception {
        return Pipeline.rows(url, """
                SELECT 'rel ' || n.nspname || '.' || c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
                UNION ALL SELECT 'fn ' || n.nspname || '.' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
                UNION ALL SELECT 'trigger ' || tgname FROM pg_trigger WHERE NOT tgisinternal
                UNION ALL SELECT 'schema ' || nspname FROM pg_namespace ORDER BY 1""");
    }

    /** No CDC schema and no trigger on the source. */
    public static void assertNothingInstalled(String sourceUrl) throws Exception {
        assertEquals(0, Pipeline.count(sourceUrl, "SELECT COUNT(*) FROM pg_namespace WHERE nspname = 'hanacdc'"), "CDC schema created");
        assertEquals(0, Pipeline.count(sourceUrl, "SELECT COUNT(*) FROM pg_trigger WHERE NOT tgisinternal"), "triggers created");
    }
}
