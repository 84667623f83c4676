package io.hanacdc.watermark;

import static io.hanacdc.testing.Pipeline.exec;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.source.postgres.PostgresDialect;
import io.hanacdc.testing.IntegrationTest;
import io.hanacdc.testing.Pipeline;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The gap probes of a task's tables share their reads of every capture table: a tick of N probing tables reads the
 * capture tables once, not N times (each read a union over all N: O(N²) a tick before).
 */
@IntegrationTest
class CaptureIdReadsTest {
    private static final int TABLES = 10;

    @Test
    void aTickOfProbingTablesReadsTheCaptureTablesOnce() throws Exception {
        try (Pipeline p = new Pipeline("idreads")) {
            StringBuilder tables = new StringBuilder();
            List<String> captureTables = new ArrayList<>();
            for (int i = 0; i < TABLES; i++) {
                exec(p.sourceUrl, "CREATE TABLE public.g" + i + " (id int PRIMARY KEY, v text)");
                tables.append(i == 0 ? "" : ",").append("public.g").append(i);
                captureTables.add("\"hanacdc\".\"public$g" + i + "\"");
            }
            p.set("hanacdc.tables", tables.toString()).set("hanacdc.watermark", "gap-probe");
            p.start();
            p.awaitConverged(30_000);
            exec(p.sourceUrl, "INSERT INTO public.g4 VALUES (1, 'a')", "INSERT INTO public.g8 VALUES (1, 'b')");
            PostgresDialect dialect = new PostgresDialect(CaptureOptions.DEFAULT);
            try (Connection c = DriverManager.getConnection(p.sourceUrl)) {
                long highest;
                try (var rs = c.createStatement().executeQuery("SELECT MAX(\"__$DATA_ID\") FROM \"hanacdc\".\"public$g8\"")) {
                    rs.next();
                    highest = rs.getLong(1);
                }
                for (Duration keep : List.of(Duration.ofMinutes(1), Duration.ZERO)) {
                    AtomicInteger listed = new AtomicInteger();
                    CaptureIdReads reads = new CaptureIdReads(dialect, conn -> {
                        listed.incrementAndGet();
                        return captureTables;
                    }, keep);
                    List<GapProbeWatermark> probes = new ArrayList<>();
                    for (int i = 0; i < TABLES; i++) {
                        probes.add(new GapProbeWatermark(dialect, reads, List.of(captureTables.get(i)), conn -> 0, Duration.ofMillis(100), 10));
                    }
                    for (GapProbeWatermark probe : probes) {
                        Watermark base = probe.start(c, highest);
                        assertEquals(highest, probe.next(c, StreamRange.at(base)).high(), "nothing to probe above the highest id");
                        assertEquals(highest, probe.now(c).high());
                    }
                    if (keep.isZero()) {
                        assertTrue(listed.get() >= 3 * TABLES, "unshared, every table reads them: " + listed.get());
                    } else {
                        assertEquals(1, listed.get(), "shared: one read serves every table");
                    }
                }
            }
        }
    }
}
