package io.hanacdc.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.testing.AppProcess;
import io.hanacdc.testing.IntegrationTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The demo's Kafka mode (java -jar hana-cdc-demo.jar kafka) end to end, as its own process: embedded PostgreSQL, the
 * in-process broker, the task; once the initial load has arrived it prints the events of its changes, one per
 * change and none for the rolled-back one, as a read_committed consumer sees them.
 */
@IntegrationTest
class KafkaDemoTest {
    /** A printed event: "[demo] topic  key K" and, on the next line, its value. */
    private static final Pattern EVENT = Pattern.compile("^\\[demo] (demo\\.shop\\.\\S+)  key (\\S+)\\n\\s+(.*)$", Pattern.MULTILINE);
    private static final Pattern OP = Pattern.compile("\"op\":\"(\\w)\"");

    @Test
    void printsOneEventPerChangeOnceTheInitialLoadHasArrived() throws Exception {
        Map<String, String> env = Map.of("HANACDC_ADMIN_PORT", String.valueOf(AppProcess.freePort()));
        try (AppProcess demo = AppProcess.demo("demo-kafka", env, "kafka")) {
            String out = awaitChangeEvents(demo, 6);
            assertTrue(out.contains("initial load: all 82,000 rows arrived as r events"), out);
            Map<String, List<String>> ops = new TreeMap<>();
            for (String[] e : changeEvents(out)) {
                ops.computeIfAbsent(e[0] + " " + e[1], k -> new ArrayList<>()).add(e[2]);
            }
            assertEquals(Map.of(
                    "demo.shop.customers {\"id\":5001}", List.of("c", "u"),
                    "demo.shop.orders {\"id\":900001}", List.of("c"),
                    "demo.shop.Order-20Lines {\"order_id\":900001,\"line_no\":1}", List.of("c", "d", "tombstone")), ops, out);
            assertStopsQuietly(demo);
        }
    }

    /**
     * As Ctrl+C: the task stops, then the demo's consumer or workload, the broker and the embedded databases, in that
     * order, with nothing worse than an INFO line on the way (no stack trace, no broker finding its logs gone).
     */
    static void assertStopsQuietly(AppProcess demo) throws Exception {
        int before = demo.output().length();
        demo.process.destroy();
        assertTrue(demo.process.waitFor(90, TimeUnit.SECONDS), demo.output());
        String after = demo.output().substring(before);
        assertTrue(after.lines().noneMatch(l -> l.contains(" WARN ") || l.contains(" ERROR ") || l.contains("FATAL") || l.contains("Exception")
                || l.startsWith("\tat ")), "the stop:\n" + after);
    }

    /** The output once it holds {@code n} change events (or the demo ended, or 5 minutes passed: then the assertions say what is missing). */
    private static String awaitChangeEvents(AppProcess demo, int n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(5);
        String out = demo.output();
        while (changeEvents(out).size() < n && demo.process.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(500);
            out = demo.output();
        }
        return out;
    }

    /** Topic, key and op ("tombstone" for a null value) of each printed event but the initial load's sample (labelled so). */
    private static List<String[]> changeEvents(String out) {
        List<String[]> events = new ArrayList<>();
        Matcher m = EVENT.matcher(out);
        while (m.find()) {
            Matcher op = OP.matcher(m.group(3));
            events.add(new String[] {m.group(1), m.group(2), op.find() ? op.group(1) : m.group(3).startsWith("null") ? "tombstone" : "?"});
        }
        return events;
    }
}
