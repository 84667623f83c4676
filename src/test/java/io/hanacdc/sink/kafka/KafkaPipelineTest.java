package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.hanacdc.checkpoint.Position;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TableCommands;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL into a real Kafka broker: the initial load as r events, each change as one event (c, u, d and a
 * tombstone) in Debezium's envelope, a restart and a second owner that neither lose nor repeat a change
 * (read_committed, no data id twice), and names with spaces and quotes in topic names and keys.
 */
class KafkaPipelineTest extends KafkaTaskSuite {
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
            // Debezium's defaults: 150 hundredths as Connect's Decimal bytes (00 96), the timestamp in microseconds since 1970
            assertEquals("{\"id\":1,\"name\":\"a\",\"price\":\"AJY=\",\"seen\":1704164645000000}", events.get(0).value().get("after").toString());
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
        assertEquals(Map.of("{\"id\":1}", "{\"id\":1,\"name\":\"a2\",\"price\":\"AJY=\",\"seen\":1704164645000000}",
                "{\"id\":3}", "{\"id\":3,\"name\":\"c2\",\"price\":null,\"seen\":null}",
                "{\"id\":4}", "{\"id\":4,\"name\":\"d\",\"price\":\"AZA=\",\"seen\":null}",
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
            List<TopicReader.Event> events = tickUntil(topic, e -> rebuilt(e).equals(sourceRows(pg, "t")), task);
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

    /** An UPDATE that changes keys, shifting them onto each other: the old keys deleted, the new ones written, the topic ends as the source. */
    @Test
    void keysChangedByAnUpdateEndAsTheSource() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE t (id int PRIMARY KEY DEFERRABLE, v int NOT NULL)", "INSERT INTO t VALUES (1, 1), (2, 2), (3, 3)");
        CdcTask task = start(settings(pg, "rekeyed", "public.t"));
        try {
            tickUntil("rekeyed.public.t", e -> e.size() == 3, task);
            Pipeline.exec(pg, "UPDATE t SET id = id + 1", "UPDATE t SET id = 10 WHERE id = 4");
            List<TopicReader.Event> events = tickUntil("rekeyed.public.t", e -> rebuilt(e).equals(sourceRows(pg, "t")), task);
            assertTrue(ops(events).contains("d") && ops(events).contains("tombstone"), "old keys deleted: " + ops(events));
            assertEquals(Map.of("{\"id\":2}", "{\"id\":2,\"v\":1}", "{\"id\":3}", "{\"id\":3,\"v\":2}", "{\"id\":10}", "{\"id\":10,\"v\":3}"),
                    rebuilt(events));
        } finally {
            task.close();
        }
    }

    /** pause, resume, reset and resnapshot act on a Kafka table as on a table: through its position in the positions topic. */
    @Test
    void operatorCommandsPauseResetAndResnapshotATopic() throws Exception {
        String pg = TestDatabases.freshPostgres("kafka");
        Pipeline.exec(pg, "CREATE TABLE t (id int PRIMARY KEY, v int NOT NULL)", "INSERT INTO t VALUES (1, 0), (2, 0)");
        Map<String, String> settings = settings(pg, "ops", "public.t");
        String topic = "ops.public.t";
        CdcTask task = start(settings);
        try {
            tickUntil(topic, e -> e.size() == 2, task);
            TableWorker w = task.workers().stream().filter(x -> x.table().id().name().equals("t")).findFirst().orElseThrow();
            assertTrue(command(w, TableCommands.pause()).paused());
            Pipeline.exec(pg, "UPDATE t SET v = 1 WHERE id = 1");
            for (int i = 0; i < 3; i++) {
                w.poll();
            }
            assertEquals(2, TopicReader.read(broker.bootstrapServers(), topic).size(), "nothing written while paused");
            command(w, TableCommands.resetToLatest()); // the update is skipped
            command(w, TableCommands.resume());
            Pipeline.exec(pg, "UPDATE t SET v = 2 WHERE id = 2");
            List<TopicReader.Event> events = tickUntil(topic, e -> e.size() == 3, task);
            assertEquals("{\"id\":2,\"v\":2}", events.get(2).value().get("after").toString());
            command(w, TableCommands.resnapshot());
            events = tickUntil(topic, e -> e.size() == 5, task);
            assertEquals(List.of("r", "r", "u", "r", "r"), ops(events));
            assertEquals(Map.of("{\"id\":1}", "{\"id\":1,\"v\":1}", "{\"id\":2}", "{\"id\":2,\"v\":2}"), rebuilt(events));
        } finally {
            task.close();
        }
    }

    private static Position command(TableWorker w, TableCommands.Command c) throws Exception {
        CompletableFuture<Position> done = w.submit(c);
        w.poll();
        return done.get();
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
