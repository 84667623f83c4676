package io.hanacdc.sink.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.pipeline.TableState;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.pipeline.CdcTask;
import io.hanacdc.pipeline.TableStatus;
import io.hanacdc.pipeline.TableWorker;
import io.hanacdc.schema.TablePattern;
import io.hanacdc.testing.BoundaryCase;
import io.hanacdc.testing.BoundaryCases;
import io.hanacdc.testing.BoundaryTables;
import io.hanacdc.testing.FreshSource;
import io.hanacdc.testing.SourceFixture;
import io.hanacdc.verify.Verifier;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The type conformance suite into Kafka: every PostgreSQL type's boundary and generated values (BoundaryCases), those a
 * MySQL/MariaDB target refuses included — a topic holds NaN, infinity and any decimal, with decimals as text and times as
 * ISO-8601 text (decimal.handling.mode=string, time.precision.mode=isostring) — through the initial load, batches,
 * updates, and upserts and deletes by keys of every type; verify then finds each topic's last state per key equal to the
 * source, value by value, and no table stopped.
 */
class KafkaTypeBoundaryTest extends KafkaTaskSuite {

    @Test
    void everyValueArrivesOnTheTopicAsVerifyReadsIt() throws Exception {
        List<BoundaryCase> cases = new ArrayList<>();
        for (BoundaryCase c : BoundaryCases.postgres()) {
            List<String> values = new ArrayList<>(c.values());
            c.refused().forEach(r -> values.add(r.literal()));
            cases.add(c.with(c.keyable(), values, List.of(), c.compare()));
        }
        try (FreshSource s = SourceFixture.POSTGRES.fresh("kbounds")) {
            BoundaryTables tables = new BoundaryTables(s, cases);
            tables.create();
            tables.insert(1, 20, true);
            Map<String, String> settings = settings(s.url(), "kbounds", tables.entries());
            settings.put("hanacdc.batch-size", "5000");
            // the modes that hold every value exactly (NaN, infinity, any decimal, timestamps past 2262); FieldCodecsTest pins the others
            settings.put("hanacdc.kafka.decimal.handling.mode", "string");
            settings.put("hanacdc.kafka.time.precision.mode", "isostring");
            CdcConfig cfg = CdcConfig.load(k -> Optional.ofNullable(settings.get(k)));
            CdcTask task = start(settings);
            try {
                settle(task);
                tables.insert(10_000, 20, false);
                tables.insertFew(20_000, 0, 3);
                tables.shiftValues(1, 21);
                tables.touchAndDeleteByKey();
                settle(task);
            } finally {
                task.close();
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Verifier.Result result = new Verifier(cfg, new PrintStream(out, true, StandardCharsets.UTF_8), Duration.ofSeconds(1))
                    .run(TablePattern.parseList(tables.entries()));
            String printed = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, result.differences(), "seed " + BoundaryCases.SEED + ":\n" + printed);
            assertTrue(result.rowsCompared() > 0, printed);
        }
    }

    /** Ticks until every table streams and a round applies nothing more; fails naming a table in trouble. */
    private static void settle(CdcTask task) throws Exception {
        long deadline = System.currentTimeMillis() + 180_000;
        long applied = -1;
        while (System.currentTimeMillis() < deadline) {
            task.workers().forEach(TableWorker::poll);
            long now = 0;
            boolean streaming = true;
            for (TableWorker w : task.workers()) {
                TableStatus st = w.status();
                assertEquals(null, st.lastError(), st.table() + " (seed " + BoundaryCases.SEED + ")");
                streaming &= st.state() == TableState.STREAMING;
                now += st.rowsStreamed() + st.rowsSnapshotted();
            }
            if (streaming && now == applied) {
                return;
            }
            applied = streaming ? now : -1;
            Thread.sleep(200);
        }
        throw new AssertionError("the tables did not settle");
    }
}
