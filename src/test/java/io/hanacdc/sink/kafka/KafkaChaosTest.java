package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.Pipeline;
import io.hanacdc.testing.TestDatabases;
import io.hanacdc.testing.Workload;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The real application in its own process, streaming into Kafka under concurrent writers, killed with SIGKILL
 * at random moments (during the initial load and while streaming) and restarted, the broker restarted in the
 * middle. Then, read as a read_committed consumer reads the topic: the last event per key rebuilds the source
 * exactly, no CDC row's data id appears twice, and every CDC row appears.
 */
class KafkaChaosTest extends KafkaTaskSuite {
    private static final int CYCLES = Integer.getInteger("hanacdc.test.kill-cycles", 4);

    private static AppProcess launch(String pg, int n) throws Exception {
        Map<String, String> env = new HashMap<>(Map.of("HANACDC_SOURCE_URL", pg, "HANACDC_TARGET_URL", broker.url(),
                "HANACDC_TABLES", "public.k", "HANACDC_TASK", "chaos", "HANACDC_BATCH_SIZE", "50", "HANACDC_SNAPSHOT_CHUNK_SIZE", "500",
                "HANACDC_POLL_INTERVAL_MS", "50", "HANACDC_PURGE_RETENTION_S", "86400"));
        env.put("HANACDC_ADMIN_PORT", String.valueOf(AppProcess.freePort()));
        return AppProcess.start("kafka-chaos-" + n, env, "run");
    }

    @Test
    void killsAndABrokerRestartLoseNoChangeAndRepeatNone() throws Exception {
        Random rnd = new Random(7);
        String pg = TestDatabases.freshPostgres("kafkachaos");
        Pipeline.exec(pg, "CREATE TABLE k (id int PRIMARY KEY, v text)", "INSERT INTO k SELECT g, md5(g::text) FROM generate_series(1, 5000) g");
        String topic = "chaos.public.k";
        AppProcess running = launch(pg, 0);
        try {
            long deadline = System.currentTimeMillis() + 120_000;
            while (!topicHasEvents(topic)) { // the start position is stored with the first events
                assertTrue(running.process.isAlive() && System.currentTimeMillis() < deadline, "no event written:\n" + running.output());
                Thread.sleep(200);
            }
            Workload w = new Workload(pg, "public.k", 10_000, 4).start();
            for (int cycle = 1; cycle <= CYCLES; cycle++) {
                Thread.sleep(2000 + rnd.nextInt(2500)); // the process starts in about two seconds: it is killed at work
                if (cycle == CYCLES / 2) {
                    broker.restart(); // the process keeps running: its producers and readers find the broker again
                    Thread.sleep(1000 + rnd.nextInt(1000));
                }
                running.close(); // SIGKILL: no shutdown hook, an open Kafka transaction left to the broker to abort
                running = launch(pg, cycle);
            }
            w.stopAndJoin();
            Map<String, String> expected = sourceRows(pg, "k");
            List<TopicReader.Event> events;
            long end = System.currentTimeMillis() + 180_000;
            do {
                Thread.sleep(1000);
                events = TopicReader.read(broker.bootstrapServers(), topic);
            } while (!rebuilt(events).equals(expected) && System.currentTimeMillis() < end);
            assertTrue(rebuilt(events).equals(expected), "the topic rebuilds the source after " + CYCLES + " kills and a broker restart");
            List<Long> ids = dataIds(events); // fails on a data id seen twice
            long cdcRows = Pipeline.count(pg, "SELECT COUNT(*) FROM hanacdc.\"public$k\" WHERE \"__$OPERATION\" <> 0");
            assertEquals(cdcRows, ids.size(), "every CDC row once");
            System.out.printf("kafka chaos: %d kills and a broker restart survived, %d transactions committed, %d rolled back, %d events of CDC rows%n",
                    CYCLES, w.committed.get(), w.rolledBack.get(), ids.size());
        } finally {
            running.close();
        }
    }

    private static boolean topicHasEvents(String topic) {
        try {
            return !TopicReader.read(broker.bootstrapServers(), topic).isEmpty();
        } catch (RuntimeException e) {
            return false; // not created yet
        }
    }
}
