package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.hanacdc.common.CdcException;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL into Kafka when tables change: columns added, a table re-created, rows removed past the triggers.
 */
class KafkaSchemaChangeTest extends KafkaTaskSuite {
    /**
     * A column added, then the table dropped and created again at the source: events of each capture version
     * carry it and its columns, the schema-changes topic has each version's column list, and the re-created
     * table is announced by a truncate and copied anew.
     */
    @Test
    void schemaChangesAreFollowedAndEachVersionsColumnsPublished() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE t (id int PRIMARY KEY, name text)", "INSERT INTO t VALUES (1, 'one')");
        CdcTask task = start(settings(pg, "shapes", "public.t"));
        String topic = "shapes.public.t";
        try {
            tickUntil(topic, e -> e.size() == 1, task);
            Pipeline.exec(pg, "ALTER TABLE t ADD COLUMN qty int");
            task.checkSchemas(); // the capture follows the new column (rows written before it does are re-read: u)
            Pipeline.exec(pg, "INSERT INTO t VALUES (2, 'two', 5)", "UPDATE t SET qty = 1 WHERE id = 1");
            List<TopicReader.Event> events = tickUntil(topic, e -> e.size() == 3, task);
            assertEquals(List.of("r", "c", "u"), ops(events));
            assertEquals(1, events.get(0).value().get("source").get("capture_version").asInt());
            assertEquals("{\"id\":2,\"name\":\"two\",\"qty\":5}", events.get(1).value().get("after").toString());
            assertEquals(2, events.get(1).value().get("source").get("capture_version").asInt());

            Pipeline.exec(pg, "DROP TABLE t", "CREATE TABLE t (id int PRIMARY KEY, label text)", "INSERT INTO t VALUES (7, 'new')");
            task.checkSchemas();
            events = tickUntil(topic, e -> e.size() >= 5 && "r".equals(e.get(e.size() - 1).op()), task);
            assertEquals(List.of("r", "c", "u", "t", "r"), ops(events));
            assertEquals("{\"id\":7,\"label\":\"new\"}", events.get(4).value().get("after").toString());
        } finally {
            task.close();
        }
        List<TopicReader.Event> versions = TopicReader.read(broker.bootstrapServers(), "shapes.schema-changes");
        assertEquals(List.of(1, 2, 3), versions.stream().map(v -> v.value().get("capture_version").asInt()).distinct().toList());
        assertEquals("{\"schema\":\"public\",\"table\":\"t\"}", versions.get(0).key().toString());
        JsonNode second = versions.stream().filter(v -> v.value().get("capture_version").asInt() == 2).findFirst().orElseThrow().value();
        assertEquals(List.of("id", "name", "qty"), names(second.get("columns")));
        assertEquals(1, second.get("columns").get(0).get("key_position").asInt());
        assertEquals(topic, second.get("topic").asText());
        assertEquals(List.of("id", "label"), names(versions.get(versions.size() - 1).value().get("columns")));
    }

    /** A new primary key, where the policy applies it: a truncate event, then every row under its new key. */
    @Test
    void aNewPrimaryKeyKeysTheEventsAnew() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL)", "INSERT INTO t VALUES (1, 10), (2, 20)");
        Map<String, String> settings = settings(pg, "rekey", "public.t");
        settings.put("hanacdc.schema-changes.change-key", "apply");
        CdcTask task = start(settings);
        try {
            tickUntil("rekey.public.t", e -> e.size() == 2, task);
            Pipeline.exec(pg, "ALTER TABLE t DROP CONSTRAINT t_pkey", "ALTER TABLE t ADD PRIMARY KEY (v)");
            task.checkSchemas();
            Pipeline.exec(pg, "UPDATE t SET id = 3 WHERE v = 20");
            List<TopicReader.Event> events = tickUntil("rekey.public.t", e -> e.size() >= 5 && rebuilt(e).size() == 2
                    && rebuilt(e).containsKey("{\"v\":20}") && rebuilt(e).get("{\"v\":20}").contains("\"id\":3"), task);
            assertTrue(ops(events).contains("t"), "old keys forgotten: " + ops(events));
            assertEquals(Map.of("{\"v\":10}", "{\"id\":1,\"v\":10}", "{\"v\":20}", "{\"id\":3,\"v\":20}"), rebuilt(events));
        } finally {
            task.close();
        }
    }

    /** A table topic found compacted is refused at start, saying why: it could not take a truncate event, which has no key. */
    @Test
    void aCompactedTableTopicIsRefusedAtStart() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL)");
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", broker.bootstrapServers()))) {
            admin.createTopics(List.of(new NewTopic("compacted.public.t", 1, (short) 1).configs(Map.of("cleanup.policy", "compact")))).all().get();
        }
        CdcException e = assertThrows(CdcException.class, () -> start(settings(pg, "compacted", "public.t")).close());
        assertTrue(e.getMessage().contains("compacted.public.t is compacted") && e.getMessage().contains("cleanup.policy=delete"), e.getMessage());
    }

    private static List<String> names(JsonNode columns) {
        List<String> out = new ArrayList<>();
        columns.forEach(c -> out.add(c.get("name").asText()));
        return out;
    }

    /** Rows removed past the triggers are found by counting the topic's keys: a truncate event, then the table copied anew. */
    @Test
    void rowsVanishedPastTheTriggersAreFoundAndTheTableCopiedAnew() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL)", "INSERT INTO t SELECT g, 0 FROM generate_series(1, 20) g");
        Map<String, String> settings = settings(pg, "vanish", "public.t");
        settings.put("hanacdc.vanish-check.interval-s", "1");
        CdcTask task = start(settings);
        try {
            tickUntil("vanish.public.t", e -> e.size() == 20, task);
            Pipeline.exec(pg, "SET session_replication_role = replica; DELETE FROM t WHERE id > 5; SET session_replication_role = origin",
                    "INSERT INTO t VALUES (100, 1)");
            List<TopicReader.Event> events = tickUntil("vanish.public.t", e -> rebuilt(e).equals(sourceRows(pg, "t")), task);
            assertTrue(ops(events).contains("t"), "the re-load starts with a truncate: " + ops(events));
        } finally {
            task.close();
        }
    }
}
