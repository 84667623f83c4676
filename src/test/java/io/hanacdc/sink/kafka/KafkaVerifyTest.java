package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.hanacdc.check.Preflight;
import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.schema.TablePattern;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.verify.Verifier;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.json.JsonConverter;
import org.junit.jupiter.api.Test;

/** verify and check on a Kafka target. */
class KafkaVerifyTest extends KafkaTaskSuite {
    /** verify rebuilds each key's last state from the topic, decodes it by column type and compares it with the source. */
    @Test
    void verifyComparesTheTopicsLastStatePerKeyWithTheSource() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE items (id int PRIMARY KEY, name text, price numeric(10,2), seen timestamp(6), at timestamptz,"
                        + " t time(3), data bytea, ok boolean, d date, r real)",
                "INSERT INTO items VALUES (1, 'a', 1.50, '2024-01-02 03:04:05.123456', '2024-01-02 03:04:05+02', '10:11:12.5', '\\x00ff', true,"
                        + " '2024-02-29', 1.25), (2, 'b', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL), (3, 'c', 3, NULL, NULL, NULL, NULL, false, NULL, NULL)");
        Map<String, String> settings = settings(pg, "verified", "public.items");
        CdcConfig cfg = CdcConfig.load(k -> Optional.ofNullable(settings.get(k)));
        CdcTask task = start(settings);
        try {
            tickUntil("verified.public.items", e -> e.size() == 3, task);
            Pipeline.exec(pg, "UPDATE items SET name = 'a2' WHERE id = 1", "DELETE FROM items WHERE id = 2", "INSERT INTO items (id) VALUES (4)");
            tickUntil("verified.public.items", e -> dataIds(e).size() == 3, task);
        } finally {
            task.close();
        }
        String printed = verify(cfg, "public.items");
        assertTrue(printed.contains("source 3 rows, target 3 rows, 3 compared, 0 difference(s)"), printed);
        assertTrue(printed.contains("row by row: a topic has no SQL"), printed);
        Pipeline.exec(pg, "UPDATE items SET price = 9.99 WHERE id = 3", "INSERT INTO items (id) VALUES (5)"); // the task is stopped
        printed = verify(cfg, "public.items");
        assertTrue(printed.contains("2 difference(s)") && printed.contains("price: source '9.99'"), printed);
    }

    /**
     * A topic whose states exceed hanacdc.kafka.state-memory-mb is compared in passes, one bucket of keys each:
     * differences in any bucket are found, and the vanished-row check counts every bucket's keys.
     */
    @Test
    void aTopicLargerThanTheMemoryAllowedIsComparedInPasses() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE big (id int PRIMARY KEY, pad text)",
                "INSERT INTO big SELECT g, repeat('x', 300) FROM generate_series(1, 6000) g");
        Map<String, String> settings = settings(pg, "passes", "public.big");
        settings.put("hanacdc.kafka.state-memory-mb", "1");
        settings.put("hanacdc.batch-size", "5000");
        settings.put("hanacdc.snapshot.chunk-size", "5000");
        CdcConfig cfg = CdcConfig.load(k -> Optional.ofNullable(settings.get(k)));
        CdcTask task = start(settings);
        try {
            tickUntil("passes.public.big", e -> e.size() == 6000, task);
        } finally {
            task.close();
        }
        String printed = verify(cfg, "public.big");
        assertTrue(printed.contains("source 6000 rows, target 6000 rows, 6000 compared, 0 difference(s)"), printed);
        assertTrue(printed.contains("in 8 passes over the keys"), printed); // some 3.4 MB of states, at most 0.75 MB a pass
        Pipeline.exec(pg, "UPDATE big SET pad = 'changed' WHERE id IN (17, 4242)", "DELETE FROM big WHERE id = 99", "INSERT INTO big VALUES (6001, 'new')");
        printed = verify(cfg, "public.big");
        assertTrue(printed.contains("source 6000 rows, target 6000 rows, 6000 compared, 4 difference(s)"), printed);
        for (String id : List.of("id = '17'", "id = '4242'", "extra in target:   id = '99'", "missing in target: id = '6001'")) {
            assertTrue(printed.contains(id), id + " in " + printed);
        }
        Map<String, Object> consumer = Map.of("bootstrap.servers", broker.bootstrapServers(), "isolation.level", "read_committed");
        try (TopicState keys = new TopicState("passes.public.big", consumer, 64 * 1024, true)) {
            assertEquals(6000, keys.countAll());
        }
        try (TopicState keys = new TopicState("passes.public.big", consumer, 1024, true)) {
            CdcException refused = assertThrows(CdcException.class, keys::countAll);
            assertTrue(refused.getMessage().contains("hanacdc.kafka.state-memory-mb"), refused.getMessage());
        }
    }

    /** With hanacdc.kafka.schemas=true keys and values carry Kafka Connect's schema; verify reads them all the same. */
    @Test
    void connectSchemasWrapKeysAndValuesAndVerifyReadsThem() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE s (id bigint PRIMARY KEY, amount numeric(8,2) NOT NULL, at date)", "INSERT INTO s VALUES (1, 2.50, '2024-01-02')");
        Map<String, String> settings = settings(pg, "schemas", "public.s");
        settings.put("hanacdc.kafka.schemas", "true");
        CdcTask task = start(settings);
        try {
            tickUntil("schemas.public.s", e -> e.size() == 1, task);
            Pipeline.exec(pg, "DELETE FROM s WHERE id = 1", "INSERT INTO s VALUES (2, 3, NULL)");
            List<TopicReader.Event> events = tickUntil("schemas.public.s", e -> e.size() == 4, task); // r, d, tombstone, c
            JsonNode key = events.get(0).key();
            assertEquals("{\"id\":1}", key.get("payload").toString());
            assertEquals("{\"type\":\"int64\",\"optional\":false,\"field\":\"id\"}", key.get("schema").get("fields").get(0).toString());
            JsonNode value = events.get(0).value();
            // 250 hundredths as Connect's Decimal (two's-complement bytes 00 FA), the date as days since 1970-01-01
            assertEquals("{\"id\":1,\"amount\":\"APo=\",\"at\":19724}", value.get("payload").get("after").toString());
            JsonNode after = value.get("schema").get("fields").get(1);
            assertEquals("after", after.get("field").asText());
            assertEquals("io.debezium.time.Date", after.get("fields").get(2).get("name").asText());
            assertEquals("{\"type\":\"bytes\",\"name\":\"org.apache.kafka.connect.data.Decimal\",\"version\":1,\"parameters\":{\"scale\":\"2\","
                    + "\"connect.decimal.precision\":\"8\"},\"optional\":false,\"field\":\"amount\"}", after.get("fields").get(1).toString());
            assertEquals("d", events.get(1).value().get("payload").get("op").asText());
            assertTrue(events.get(2).value() == null, "the tombstone stays a null value");
            JsonConverter keys = new JsonConverter();
            keys.configure(Map.of("schemas.enable", "true"), true);
            JsonConverter values = new JsonConverter();
            values.configure(Map.of("schemas.enable", "true"), false);
            for (TopicReader.Event e : events) { // as a Connect sink reads them: none refused
                keys.toConnectData("schemas.public.s", e.key().toString().getBytes(StandardCharsets.UTF_8));
                if (e.value() != null) {
                    values.toConnectData("schemas.public.s", e.value().toString().getBytes(StandardCharsets.UTF_8));
                }
            }
            Struct delete = (Struct) values.toConnectData("schemas.public.s", events.get(1).value().toString().getBytes(StandardCharsets.UTF_8)).value();
            assertEquals(1L, delete.getStruct("before").get("id"));
        } finally {
            task.close();
        }
        CdcConfig cfg = CdcConfig.load(k -> Optional.ofNullable(settings.get(k)));
        String printed = verify(cfg, "public.s");
        assertTrue(printed.contains("source 1 rows, target 1 rows, 1 compared, 0 difference(s)"), printed);
    }

    private static String verify(CdcConfig cfg, String tables) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new Verifier(cfg, new PrintStream(out, true, StandardCharsets.UTF_8), Duration.ofSeconds(1)).run(TablePattern.parseList(tables));
        return out.toString(StandardCharsets.UTF_8);
    }

    /** check on a Kafka target: the probes a topic cannot serve are skipped with the reason, and none fails. */
    @Test
    void checkSkipsWhatATopicCannotServeAndPasses() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE t (id int PRIMARY KEY, v int)");
        Map<String, String> settings = settings(pg, "checked", "public.t");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        boolean passed = new Preflight(CdcConfig.load(k -> Optional.ofNullable(settings.get(k)))).check(new PrintStream(out, true, StandardCharsets.UTF_8), false);
        String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(passed, printed);
        assertTrue(printed.contains("key shift") && printed.contains("keeps every change as an event"), printed);
    }
}
