package io.hanacdc.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.pipeline.TableState;
import io.hanacdc.pipeline.TableStatus;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The page's series: the task's every second, each table's every ten, an hour of each, oldest first. */
class HistoryTest {
    private static TableStatus status(String table, long rows, double lagSeconds) {
        return new TableStatus(table, "db.t", "primary key (id)", TableState.STREAMING, "STREAMING", false, 0, rows, 0, 0, 0, null, "", 1,
                Duration.ofMillis((long) (lagSeconds * 1000)), null);
    }

    @Test
    void ratesAndWorstLagPerStep() {
        History h = new History();
        for (int s = 0; s <= 20; s++) {
            double lag = s == 5 ? 7.5 : 0.2;
            h.sample(List.of(status("public.a", 100L * s, lag), status("public.b", 0, 0.1)), 1_000_000L + 1000L * s);
        }
        Map<String, Object> task = h.task();
        List<?> rates = (List<?>) task.get("rowsPerSecond");
        assertEquals(21, rates.size());
        assertEquals(0f, rates.get(0), "no rate before the second sample");
        assertEquals(100f, rates.get(20));
        assertEquals(7.5f, ((List<?>) task.get("lagSeconds")).get(5), "the task's lag is its worst table's");
        Map<String, Object> a = h.table("public.a");
        assertEquals(10, a.get("stepSeconds"));
        assertEquals(List.of(90f, 100f), a.get("rowsPerSecond"), "the first step began at the first sample");
        assertEquals(List.of(7.5f, 0.2f), a.get("lagSeconds"), "a step keeps its worst lag");
        assertEquals(List.of(), h.table("public.nosuch").get("lagSeconds"), "not sampled yet: no point");
    }

    /** A table whose position is read again (after a failure, at start) reports no rows for a while: no dip, and no spike of its whole total after. */
    @Test
    void aTableReadingItsPositionAgainMakesNoSpike() {
        History h = new History();
        long[] rows = {1_000_000, 1_000_100, 0, 0, 1_000_300, 1_000_400};
        for (int s = 0; s < rows.length; s++) {
            h.sample(List.of(status("public.a", rows[s], 0)), 1000L * (s + 1));
        }
        assertEquals(List.of(0f, 100f, 0f, 0f, 200f, 100f), h.task().get("rowsPerSecond"));
    }

    /** A table another replica owns for a while: the rows that replica applied are not counted here when it comes back. */
    @Test
    void aTableBackFromAnotherReplicaMakesNoSpike() {
        History h = new History();
        TableState[] states = {TableState.STREAMING, TableState.STREAMING, TableState.STANDBY, TableState.STANDBY,
                TableState.STREAMING, TableState.STREAMING};
        long[] rows = {1_000, 1_100, 1_100, 1_100, 9_000, 9_100};
        for (int s = 0; s < rows.length; s++) {
            TableStatus t = status("public.a", rows[s], 0);
            h.sample(List.of(new TableStatus(t.table(), t.target(), t.key(), states[s], t.phase(), false, 0, rows[s], 0, 0, 0, null, "", 1,
                    Duration.ZERO, null)), 1000L * (s + 1));
        }
        assertEquals(List.of(0f, 100f, 0f, 0f, 0f, 100f), h.task().get("rowsPerSecond"));
    }

    @Test
    void anHourIsKeptAndNoMore() {
        History h = new History();
        for (int s = 0; s < History.SPAN_SECONDS + 50; s++) {
            h.sample(List.of(status("public.a", s, 0)), 1000L * s);
        }
        assertEquals(History.SPAN_SECONDS, ((List<?>) h.task().get("rowsPerSecond")).size());
        assertEquals(History.SPAN_SECONDS / History.TABLE_STEP_SECONDS, ((List<?>) h.table("public.a").get("lagSeconds")).size());
    }
}
