package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.demo.KafkaBroker;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TaskAssembler;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.TestDatabases;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * A real Kafka broker, started for the class, and tasks from PostgreSQL into it: their settings, ticking them until
 * a topic holds what a test waits for, and reading topics as a read_committed consumer does.
 */
@IntegrationTest
abstract class KafkaTaskSuite {
    private static final ObjectMapper JSON = new ObjectMapper();
    protected static KafkaBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = KafkaBroker.start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.close();
    }

    static Map<String, String> settings(String source, String task, String tables) {
        return new HashMap<>(Map.of("hanacdc.task", task, "hanacdc.source.url", source, "hanacdc.target.url", broker.url(),
                "hanacdc.tables", tables, "hanacdc.batch-size", "100", "hanacdc.snapshot.chunk-size", "500"));
    }

    static CdcTask start(Map<String, String> settings) {
        return TaskAssembler.start(CdcConfig.load(k -> Optional.ofNullable(settings.get(k))));
    }

    /** Polls the tasks' tables, in turn, until the topic's committed events satisfy the condition. */
    static List<TopicReader.Event> tickUntil(String topic, Predicate<List<TopicReader.Event>> done, CdcTask... tasks) throws Exception {
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

    static List<String> ops(List<TopicReader.Event> events) {
        return events.stream().map(e -> e.value() == null ? "tombstone" : e.op()).toList();
    }

    /** The data ids of the events that stand for CDC rows; fails on one seen twice. */
    static List<Long> dataIds(List<TopicReader.Event> events) {
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

    /** The last state per key, as a consumer rebuilds it: the rows the events leave, by key. */
    static Map<String, String> rebuilt(List<TopicReader.Event> events) {
        Map<String, String> rows = new TreeMap<>();
        for (TopicReader.Event e : events) {
            if (e.key() == null) { // a truncate (the tests' topics have one partition)
                rows.clear();
            } else if (e.value() == null || e.value().get("after").isNull()) {
                rows.remove(e.key().toString());
            } else {
                rows.put(e.key().toString(), e.value().get("after").toString());
            }
        }
        return rows;
    }

    /** The rows of a table (id int, v int or text) at the source, as {@link #rebuilt} renders them. */
    static Map<String, String> sourceRows(String pg, String table) {
        Map<String, String> rows = new TreeMap<>();
        try (var c = TestDatabases.connect(pg); var rs = c.createStatement().executeQuery("SELECT id, v FROM " + table)) {
            while (rs.next()) {
                ObjectNode row = JSON.createObjectNode().put("id", rs.getInt(1));
                if (rs.getObject(2) instanceof Integer v) {
                    row.put("v", v);
                } else {
                    row.put("v", rs.getString(2));
                }
                rows.put("{\"id\":" + rs.getInt(1) + "}", row.toString());
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return rows;
    }
}
