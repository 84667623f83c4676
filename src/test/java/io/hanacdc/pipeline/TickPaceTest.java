package io.hanacdc.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tick judges the quiet tables every poll interval while the source is quiet, every tick while changes keep coming. */
class TickPaceTest {
    private static final long MS = 1_000_000;

    /** The ticks (ms since the first) of {@code millis} ms of ticking every 25 ms that judge; rows are found at the ticks {@code rowsAt}. */
    private static List<Long> judging(TickPace pace, long millis, List<Long> rowsAt) {
        List<Long> judged = new ArrayList<>();
        for (long t = 0; t < millis; t += 25) {
            long now = 1_000_000_000L + t * MS + (t % 50 == 0 ? 0 : -MS); // a timer a little early at times
            if (pace.due(now)) {
                judged.add(t);
                pace.judged(now, rowsAt.contains(t));
            }
        }
        return judged;
    }

    @Test
    void aQuietSourceIsJudgedEveryPollInterval() {
        assertEquals(List.of(0L, 200L, 400L, 600L, 800L), judging(new TickPace(Duration.ofMillis(200), Duration.ofMillis(25)), 1000, List.of()));
        assertEquals(Duration.ofMillis(25), TickPace.timerPeriod(Duration.ofMillis(200), Duration.ofMillis(25)));
    }

    @Test
    void rowsFoundSetTheBusyPaceForTwoSeconds() {
        List<Long> judged = judging(new TickPace(Duration.ofMillis(200), Duration.ofMillis(25)), 3000, List.of(400L));
        List<Long> expected = new ArrayList<>(List.of(0L, 200L));
        for (long t = 400; t < 2400; t += 25) {
            expected.add(t);
        }
        expected.addAll(List.of(2575L, 2775L, 2975L)); // a poll interval after the last busy judgement
        assertEquals(expected, judged);
    }

    @Test
    void aBusyIntervalNearThePollIntervalNeverJudgesAQuietSourceMoreOften() {
        TickPace pace = new TickPace(Duration.ofMillis(200), Duration.ofMillis(150));
        List<Long> judged = new ArrayList<>();
        for (long t = 0; t < 1000; t += 150) {
            if (pace.due(t * MS)) {
                judged.add(t);
                pace.judged(t * MS, false);
            }
        }
        assertEquals(List.of(0L, 300L, 600L, 900L), judged);
    }

    @Test
    void aBusyIntervalAboveThePollIntervalLeavesOnePace() {
        TickPace pace = new TickPace(Duration.ofMillis(10), Duration.ofMillis(25));
        assertEquals(Duration.ofMillis(10), TickPace.timerPeriod(Duration.ofMillis(10), Duration.ofMillis(25)));
        long now = 0;
        for (int i = 0; i < 5; i++, now += 10 * MS) {
            assertEquals(true, pace.due(now));
            pace.judged(now, false);
        }
    }
}
