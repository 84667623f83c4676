package io.hanacdc.sink;

import static io.hanacdc.testing.Pipeline.count;
import static io.hanacdc.testing.Pipeline.exec;
import static io.hanacdc.testing.Pipeline.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.verify.Verifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Target naming (hanacdc.target.table-name, hanacdc.target.database-map): two source schemas with a
 * table of the same name stream side by side, and names that still collide or break MySQL's limits are
 * refused before anything is installed.
 */
@IntegrationTest
class TargetNamingTest {
    private static final String TABLES = "s1.t,s2.t";

    private static Pipeline twoSchemas(String name) throws Exception {
        Pipeline p = new Pipeline(name);
        for (String schema : List.of("s1", "s2")) {
            exec(p.sourceUrl, "CREATE SCHEMA " + schema,
                    "CREATE TABLE " + schema + ".t (id int PRIMARY KEY, v text)",
                    "INSERT INTO " + schema + ".t SELECT g, '" + schema + " row ' || g FROM generate_series(1, 300) g");
        }
        return p.set("hanacdc.tables", TABLES);
    }

    /** Inserts, updates and deletes on both tables, different on each, so a mix-up shows. */
    private static void change(Pipeline p) throws Exception {
        exec(p.sourceUrl,
                "INSERT INTO s1.t SELECT g, 'new ' || g FROM generate_series(301, 450) g",
                "UPDATE s1.t SET v = 'updated' WHERE id % 3 = 0",
                "DELETE FROM s1.t WHERE id % 7 = 0",
                "INSERT INTO s2.t VALUES (1000, 'only in s2')",
                "UPDATE s2.t SET v = 'other' WHERE id % 5 = 0",
                "DELETE FROM s2.t WHERE id < 20");
    }

    /** Polls until the target table (database.table) holds the source table's rows. */
    private static void awaitEqual(Pipeline p, String sourceTable, String targetUrl, String targetTable) throws Exception {
        String source = "SELECT id, v FROM " + sourceTable + " ORDER BY id";
        String target = "SELECT id, v FROM " + targetTable + " ORDER BY id";
        long deadline = System.currentTimeMillis() + 30_000;
        while (!rows(p.sourceUrl, source).equals(rows(targetUrl, target)) && System.currentTimeMillis() < deadline) {
            p.tick();
            Thread.sleep(50);
        }
        assertEquals(rows(p.sourceUrl, source), rows(targetUrl, target), targetTable + " follows " + sourceTable);
    }

    private static void verifyEqual(Pipeline p) throws Exception {
        Verifier.Result[] r = new Verifier.Result[1];
        String out = p.verify(TABLES, r);
        assertEquals(0, r[0].differences(), out);
        assertEquals(count(p.sourceUrl, "SELECT count(*) FROM s1.t") + count(p.sourceUrl, "SELECT count(*) FROM s2.t"), r[0].rowsCompared(), out);
    }

    private static String database(String url) {
        int q = url.indexOf('?');
        String head = q < 0 ? url : url.substring(0, q);
        return head.substring(head.lastIndexOf('/') + 1);
    }

    @Test
    void templateStreamsSameNamedTablesIntoOneDatabase() throws Exception {
        try (Pipeline p = twoSchemas("naming_tpl")) {
            p.set("hanacdc.target.table-name", "${schema}_${table}").start();
            change(p);
            awaitEqual(p, "s1.t", p.targetUrl, "s1_t");
            awaitEqual(p, "s2.t", p.targetUrl, "s2_t");
            assertEquals(0, count(p.targetUrl, "SELECT count(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 't'"),
                    "no table under the source name");
            verifyEqual(p);
            assertEquals(database(p.targetUrl) + ".s2_t", p.task().workers().stream()
                    .filter(w -> w.table().id().toString().equals("s2.t")).findFirst().orElseThrow().status().target());
        }
    }

    @Test
    void databaseMapWritesEachSchemaIntoItsDatabase() throws Exception {
        try (Pipeline p = twoSchemas("naming_map")) {
            String db1 = TestDatabases.freshMysql("naming_db1");
            String db2 = TestDatabases.freshMysql("naming_db2");
            p.set("hanacdc.target.database-map", "s1:" + database(db1) + ", s2 : " + database(db2)).start();
            change(p);
            awaitEqual(p, "s1.t", db1, "t");
            awaitEqual(p, "s2.t", db2, "t");
            verifyEqual(p);
        }
    }

    /** Positions are kept by source table: a table streamed before finds its new target table empty, and copies it again. */
    @Test
    void changingTheNamingLaterCopiesTheTableIntoItsNewTarget() throws Exception {
        try (Pipeline p = new Pipeline("naming_later")) {
            exec(p.sourceUrl, "CREATE SCHEMA s1", "CREATE TABLE s1.t (id int PRIMARY KEY, v text)",
                    "INSERT INTO s1.t SELECT g, 'row ' || g FROM generate_series(1, 300) g");
            p.set("hanacdc.tables", "s1.t").start();
            exec(p.sourceUrl, "UPDATE s1.t SET v = 'streamed' WHERE id <= 10");
            awaitEqual(p, "s1.t", p.targetUrl, "t");
            p.stop();
            p.set("hanacdc.target.table-name", "${schema}_${table}").start();
            exec(p.sourceUrl, "DELETE FROM s1.t WHERE id = 5", "INSERT INTO s1.t VALUES (301, 'after')");
            awaitEqual(p, "s1.t", p.targetUrl, "s1_t");
        }
    }

    @Test
    void namesThatStillCollideAreRefusedNamingBothTablesAndNothingIsInstalled() throws Exception {
        try (Pipeline p = new Pipeline("naming_clash")) {
            exec(p.sourceUrl, "CREATE SCHEMA s1", "CREATE SCHEMA s2",
                    "CREATE TABLE s1.t (id int PRIMARY KEY)", "CREATE TABLE s2.\"T\" (id int PRIMARY KEY)");
            String db = database(TestDatabases.freshMysql("naming_one"));
            // different case only: one table on a server with lower_case_table_names, so refused everywhere
            p.set("hanacdc.tables", "s1.t,s2.T").set("hanacdc.target.database-map", "s1:" + db + ",s2:" + db.toUpperCase());
            String message = assertThrows(CdcException.class, p::start).getMessage();
            assertTrue(message.contains("s1.t") && message.contains("s2.T") && message.contains(db + ".t"), message);
            assertEquals(0, count(p.sourceUrl, "SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal"), "no trigger installed");
            assertEquals(0, count(p.sourceUrl, "SELECT count(*) FROM pg_namespace WHERE nspname = 'hanacdc'"), "no CDC schema created");
        }
    }

    @Test
    void aTemplateMakingANameLongerThanMySqlAllowsIsRefused() throws Exception {
        try (Pipeline p = twoSchemas("naming_long")) {
            p.set("hanacdc.target.table-name", "${schema}_${table}_" + "x".repeat(60));
            String message = assertThrows(CdcException.class, p::start).getMessage();
            assertTrue(message.contains("s1.t") && message.contains("s1_t_xxxx") && message.contains("64"), message);
            assertEquals(0, count(p.sourceUrl, "SELECT count(*) FROM pg_trigger WHERE NOT tgisinternal"), "no trigger installed");
        }
    }

    @Test
    void anUnknownPlaceholderIsRefused() throws Exception {
        try (Pipeline p = twoSchemas("naming_bad")) {
            p.set("hanacdc.target.table-name", "${schema}_${tabel}");
            String message = assertThrows(CdcException.class, p::start).getMessage();
            assertTrue(message.contains("${tabel}") && message.contains("hanacdc.target.table-name"), message);
        }
    }

    /** The settings as a user writes them: the template in application.properties, the map as an environment variable. */
    @Test
    void theApplicationReadsTheTemplateFromItsPropertiesFile() throws Exception {
        try (Pipeline p = twoSchemas("naming_app")) {
            String db2 = TestDatabases.freshMysql("naming_app2");
            Path props = Path.of("target/naming-application.properties");
            Files.writeString(props, Files.readString(Path.of("application.properties"))
                    + "\nhanacdc.target.table-name = ${schema}_${table}\n");
            Map<String, String> env = new HashMap<>();
            env.put("HANACDC_CONFIG", props.toString());
            env.put("HANACDC_SOURCE_URL", p.sourceUrl);
            env.put("HANACDC_TARGET_URL", p.targetUrl);
            env.put("HANACDC_TABLES", TABLES);
            env.put("HANACDC_TASK", "test");
            env.put("HANACDC_TARGET_DATABASE_MAP", "s2:" + database(db2));
            env.put("HANACDC_ADMIN_PORT", String.valueOf(AppProcess.freePort()));
            env.put("HANACDC_POLL_INTERVAL_MS", "100");
            try (AppProcess app = AppProcess.start("target-naming", env)) {
                change(p);
                String source1 = "SELECT id, v FROM s1.t ORDER BY id";
                String source2 = "SELECT id, v FROM s2.t ORDER BY id";
                long deadline = System.currentTimeMillis() + 180_000; // a bound, not a target: a loaded machine starts the JVM slowly
                while (System.currentTimeMillis() < deadline && app.process.isAlive()
                        && !(readable(p.targetUrl, "s1_t", rows(p.sourceUrl, source1)) && readable(db2, "s2_t", rows(p.sourceUrl, source2)))) {
                    Thread.sleep(200);
                }
                assertTrue(readable(p.targetUrl, "s1_t", rows(p.sourceUrl, source1)), app.output());
                assertTrue(readable(db2, "s2_t", rows(p.sourceUrl, source2)), app.output());
            }
        }
    }

    private static boolean readable(String url, String table, List<String> expected) {
        try {
            return rows(url, "SELECT id, v FROM " + table + " ORDER BY id").equals(expected);
        } catch (java.sql.SQLException e) {
            return false; // not created yet
        }
    }
}
