package io.hanacdc.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** A failing table waits 1 s before its first retry, doubling up to a minute: what docs/how-it-works.md "Failures" says. */
class RetryBackoffTest {
    @Test
    void startsAtOneSecondAndDoublesToAMinute() {
        assertEquals(List.of(1_000L, 2_000L, 4_000L, 8_000L, 16_000L, 32_000L, 60_000L, 60_000L),
                IntStream.rangeClosed(1, 8).mapToObj(WorkerState::backoffMillis).toList());
        assertEquals(60_000L, WorkerState.backoffMillis(1_000));
    }
}
