package io.hanacdc.target.kafka;

import io.hanacdc.demo.KafkaBroker;
import java.nio.charset.StandardCharsets;
import java.io.PrintStream;
import java.io.ByteArrayOutputStream;
import io.hanacdc.check.Preflight;
import io.hanacdc.testing.IntegrationTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TableWorker;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL into a real Kafka broker: the initial load as r events, each change as one event (c, u, d and a
 * tombstone) in Debezium's envelope, a restart and a second owner that neither lose nor repeat a change
 * (read_committed, no data id twice), and names with spaces and quotes in topic names and keys.
 */
@IntegrationTest
class KafkaPipelineTest {
    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = KafkaBroker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    private static Map<String, String> settings(String source, String task, String tables) {
        return new HashMap<>(Map.of("hanacdc.task", task, "hanacdc.source.url", source, "hanacdc.target.url", broker.url(),
                "hanacdc.tables", tables, "hanacdc.batch-size", "100", "hanacdc.snapshot.chunk-size", "500"));
    }

    private static CdcTask start(Map<String, String> settings) {
        return CdcTask.start(CdcConfig.load(k -> Optional.ofNullable(settings.get(k))));
    }

    /** Polls the tasks' tables, in turn, until the topic's committed events satisfy the condition. */
    private static List<TopicReader.Event> tickUntil(String topic, Predicate<List<TopicReader.Event>> done, CdcTask... tasks) throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        while (true) {
            for (CdcTask task : tasks) {
                task.workers().forEach(TableWorker::poll);
            }
            List<TopicReader.Event> events = TopicReader.read(broker.bootstrapServers(), topic);
            if (done.test(events)) {
                return events;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("topic " + topic + " has not the events expected: " + events.size() + " events, the last ones "
                        + events.subList(Math.max(0, events.size() - 5), events.size()));
            }
            Thread.sleep(100);
        }
    }

    private static List<String> ops(List<TopicReader.Event> events) {
        return events.stream().map(e -> e.value() == null ? "tombstone" : e.op()).toList();
    }

    /** The data ids of the events that stand for CDC rows; fails on one seen twice. */
    private static List<Long> dataIds(List<TopicReader.Event> events) {
        List<Long> ids = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        for (TopicReader.Event e : events) {
            JsonNode id = e.value() == null ? null : e.value().get("source").get("data_id");
            if (id != null && !id.isNull()) {
                assertTrue(seen.add(id.asLong()), () -> "data id " + id + " twice");
                ids.add(id.asLong());
            }
        }
        return ids;
    }

    /** The last state per key, as a compacted topic keeps it: the rows the events rebuild, by key. */
    private static Map<String, String> rebuilt(List<TopicReader.Event> events) {
        Map<String, String> rows = new TreeMap<>();
        for (TopicReader.Event e : events) {
            if (e.value() == null || e.value().get("after").isNull()) {
                rows.remove(e.key().toString());
            } else {
                rows.put(e.key().toString(), e.value().get("after").toString());
            }
        }
        return rows;
    }

    @Test
    void initialLoadThenOneEventPerChangeAndARestartResumesWithoutRepeating() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE items (id int PRIMARY KEY, name text, price numeric(10,2), seen timestamp)",
                "INSERT INTO items VALUES (1, 'a', 1.50, '2024-01-02 03:04:05'), (2, 'b', 2.00, NULL), (3, 'c', NULL, NULL)");
        Map<String, String> settings = settings(pg, "kt", "public.items");
        String topic = "kt.public.items";
        CdcTask task = start(settings);
        List<TopicReader.Event> events;
        try {
            events = tickUntil(topic, e -> e.size() == 3, task);
            assertEquals(List.of("r", "r", "r"), ops(events));
            assertEquals("{\"id\":1}", events.get(0).key().toString());
            assertEquals("{\"id\":1,\"name\":\"a\",\"price\":\"1.50\",\"seen\":\"2024-01-02T03:04:05\"}", events.get(0).value().get("after").toString());
            JsonNode source = events.get(0).value().get("source");
            assertEquals("hana-cdc", source.get("connector").asText());
            assertEquals("kt", source.get("name").asText());
            assertEquals(pg.substring(pg.lastIndexOf('/') + 1, pg.indexOf('?')), source.get("db").asText());
            assertEquals("public", source.get("schema").asText());
            assertEquals("items", source.get("table").asText());
            assertEquals("true", source.get("snapshot").asText());

            Pipeline.exec(pg, "INSERT INTO items VALUES (4, 'd', 4.00, NULL)", "UPDATE items SET name = 'a2' WHERE id = 1",
                    "DELETE FROM items WHERE id = 2");
            events = tickUntil(topic, e -> e.size() == 7, task);
        } finally {
            task.close(); // as a crash leaves it: nothing stored on the way out
        }
        assertEquals(List.of("r", "r", "r", "c", "u", "d", "tombstone"), ops(events));
        JsonNode delete = events.get(5).value();
        assertEquals("{\"id\":2}", delete.get("before").toString());
        assertTrue(delete.get("after").isNull());
        assertEquals("{\"id\":2}", events.get(6).key().toString());
        JsonNode insert = events.get(3).value().get("source");
        assertTrue(insert.get("txId").asLong() > 0 && insert.get("ts_ms").asLong() > 0, insert.toString());
        assertEquals(1, insert.get("capture_version").asInt());
        assertEquals("false", insert.get("snapshot").asText());

        Pipeline.exec(pg, "INSERT INTO items VALUES (5, 'e', NULL, NULL)", "UPDATE items SET name = 'c2' WHERE id = 3");
        CdcTask again = start(settings);
        try {
            events = tickUntil(topic, e -> e.size() == 9, again);
        } finally {
            again.close();
        }
        assertEquals(List.of("r", "r", "r", "c", "u", "d", "tombstone", "c", "u"), ops(events));
        List<Long> ids = dataIds(events);
        assertEquals(5, ids.size());
        assertEquals(ids.stream().sorted().toList(), ids, "in data-id order");
        assertEquals(Map.of("{\"id\":1}", "{\"id\":1,\"name\":\"a2\",\"price\":\"1.50\",\"seen\":\"2024-01-02T03:04:05\"}",
                "{\"id\":3}", "{\"id\":3,\"name\":\"c2\",\"price\":null,\"seen\":null}",
                "{\"id\":4}", "{\"id\":4,\"name\":\"d\",\"price\":\"4.00\",\"seen\":null}",
                "{\"id\":5}", "{\"id\":5,\"name\":\"e\",\"price\":null,\"seen\":null}"), rebuilt(events));
    }

    /**
     * Changes made while the table is loaded: per key, the states a consumer sees only move forward (no r of a
     * state followed by a u of an older one), and the last event per key is the source's row. The writer
     * raises v on the last rows in order, again and again, while the load reads its way towards them.
     */
    @Test
    void changesDuringTheInitialLoadNeverTakeAKeyBackToAnOlderState() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL)", "INSERT INTO t SELECT g, 0 FROM generate_series(1, 3000) g");
        Map<String, String> settings = settings(pg, "during", "public.t");
        settings.put("hanacdc.snapshot.chunk-size", "50");
        settings.put("hanacdc.batch-size", "1000");
        String topic = "during.public.t";
        CdcTask task = start(settings);
        AtomicBoolean loading = new AtomicBoolean(true);
        AtomicInteger rounds = new AtomicInteger();
        Thread writer = new Thread(() -> {
            try {
                while (loading.get() && rounds.get() < 20) {
                    Pipeline.exec(pg, "UPDATE t SET v = v + 1 WHERE id > 2500");
                    Thread.sleep(20);
                    rounds.incrementAndGet();
                }
            } catch (java.sql.SQLException | InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            writer.start();
            task.workers().forEach(TableWorker::poll);
            tickUntil(topic, e -> e.stream().filter(x -> "r".equals(x.op())).count() + dataIds(e).size() >= 3000, task);
            loading.set(false);
            writer.join();
            assertTrue(rounds.get() >= 2, "the writer changed the rows during the load: " + rounds + " rounds");
            List<TopicReader.Event> events = tickUntil(topic, e -> rebuilt(e).equals(sourceRows(pg)), task);
            Map<String, Integer> last = new HashMap<>();
            for (TopicReader.Event e : events) {
                if (e.value() != null && !e.value().get("after").isNull()) {
                    int v = e.value().get("after").get("v").asInt();
                    Integer before = last.put(e.key().toString(), v);
                    assertTrue(before == null || before <= v, "key " + e.key() + " went back from v=" + before + " to v=" + v + " (" + e.op() + ")");
                }
            }
        } finally {
            loading.set(false);
            writer.join();
            task.close();
        }
    }

    /** The source table's rows as {@link #rebuilt} renders them. */
    private static Map<String, String> sourceRows(String pg) {
        Map<String, String> rows = new TreeMap<>();
        try (var c = TestDatabases.connect(pg); var rs = c.createStatement().executeQuery("SELECT id, v FROM t")) {
            while (rs.next()) {
                rows.put("{\"id\":" + rs.getInt(1) + "}", "{\"id\":" + rs.getInt(1) + ",\"v\":" + rs.getInt(2) + "}");
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return rows;
    }

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

    private static List<String> names(JsonNode columns) {
        List<String> out = new ArrayList<>();
        columns.forEach(c -> out.add(c.get("name").asText()));
        return out;
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

    @Test
    void aSecondOwnerFencesTheFirstAndNoChangeIsWrittenTwice() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE t (id int PRIMARY KEY, v int)");
        Map<String, String> settings = settings(pg, "twin", "public.t");
        String topic = "twin.public.t";
        CdcTask first = start(settings);
        CdcTask second = start(settings);
        try {
            first.workers().forEach(TableWorker::poll); // the initial load, of no row
            for (int round = 0; round < 6; round++) {
                Pipeline.exec(pg, "INSERT INTO t VALUES (" + round + ", 0)", "UPDATE t SET v = v + 1");
                CdcTask owner = round % 2 == 0 ? first : second;
                owner.workers().forEach(TableWorker::poll); // the other's producer is fenced: its next turn fails, and it reloads
            }
            // 6 inserts and 6 updates touching 21 rows in all
            List<TopicReader.Event> events = tickUntil(topic, e -> dataIds(e).size() == 27, first, second);
            Map<String, String> expected = new TreeMap<>();
            for (int id = 0; id < 6; id++) {
                expected.put("{\"id\":" + id + "}", "{\"id\":" + id + ",\"v\":" + (6 - id) + "}");
            }
            assertEquals(expected, rebuilt(events));
        } finally {
            first.close();
            second.close();
        }
    }

    /** Regression: a replica that takes a table back kept its producer, fenced meanwhile, which refused the position it reloaded. */
    @Test
    void aReplicaThatTakesATableBackGoesOnFromThePositionTheOtherLeft() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE t (id int PRIMARY KEY)");
        Map<String, String> settings = settings(pg, "back", "public.t");
        String topic = "back.public.t";
        CdcTask first = start(settings);
        CdcTask second = start(settings);
        try {
            second.workers().forEach(w -> w.ownerChanged(false));
            Pipeline.exec(pg, "INSERT INTO t VALUES (1)");
            tickUntil(topic, e -> rebuilt(e).size() == 1, first);
            first.workers().forEach(w -> w.ownerChanged(false));
            second.workers().forEach(w -> w.ownerChanged(true));
            Pipeline.exec(pg, "INSERT INTO t VALUES (2)");
            tickUntil(topic, e -> rebuilt(e).size() == 2, second);
            second.workers().forEach(w -> w.ownerChanged(false));
            first.workers().forEach(w -> w.ownerChanged(true));
            Pipeline.exec(pg, "INSERT INTO t VALUES (3)");
            List<TopicReader.Event> events = tickUntil(topic, e -> rebuilt(e).size() == 3, first);
            assertEquals(List.of("{\"id\":1}", "{\"id\":2}", "{\"id\":3}"), List.copyOf(rebuilt(events).keySet()));
            dataIds(events); // and no change twice
        } finally {
            first.close();
            second.close();
        }
    }

    @Test
    void namesWithSpacesQuotesAndDotsAreEscapedInTopicNamesAndKeptInEvents() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE SCHEMA \"My Schema\"",
                "CREATE TABLE \"My Schema\".\"Order \"\"Lines\"\" v.2\" (\"Line No\" int PRIMARY KEY, \"Note's\" text)",
                "INSERT INTO \"My Schema\".\"Order \"\"Lines\"\" v.2\" VALUES (1, 'x')");
        CdcTask task = start(settings(pg, "names", "\"My Schema\".\"Order \"\"Lines\"\" v.2\""));
        String topic = "names.My-20Schema.Order-20-22Lines-22-20v-2E2";
        try {
            assertEquals(topic, task.workers().stream().filter(w -> !w.table().id().schema().equals("hanacdc")).findFirst().orElseThrow()
                    .status().target());
            tickUntil(topic, e -> e.size() == 1, task);
            Pipeline.exec(pg, "UPDATE \"My Schema\".\"Order \"\"Lines\"\" v.2\" SET \"Note's\" = 'y'");
            List<TopicReader.Event> events = tickUntil(topic, e -> e.size() == 2, task);
            assertEquals(List.of("r", "u"), ops(events));
            assertEquals("{\"Line No\":1}", events.get(1).key().toString());
            assertEquals("{\"Line No\":1,\"Note's\":\"y\"}", events.get(1).value().get("after").toString());
            assertEquals("Order \"Lines\" v.2", events.get(1).value().get("source").get("table").asText());
        } finally {
            task.close();
        }
    }
}
