package io.hanacdc.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.pipeline.QuietTables.Window;
import io.hanacdc.watermark.StreamRange;
import io.hanacdc.watermark.Watermark;
import org.junit.jupiter.api.Test;

/**
 * What the tick concludes about a quiet table's window from W alone: on PostgreSQL H is the sequence's last value,
 * on HANA a NEXTVAL that takes an id of its own, so there an H one above the base means nothing was captured.
 */
class TickWindowTest {
    private static final long[] NONE = {};

    private static Window window(Watermark base, Watermark w, long idsTakenReadingHigh) {
        return QuietTables.window(StreamRange.at(base).open(w), idsTakenReadingHigh);
    }

    @Test
    void lastValueReadTakesNoId() {
        Watermark base = new Watermark(10, NONE, 500);
        assertEquals(Window.EMPTY, window(base, new Watermark(10, NONE, 500), 0));
        assertEquals(Window.MAYBE_ROWS, window(base, new Watermark(11, NONE, 500), 0), "an id was taken");
        assertEquals(Window.MAYBE_ROWS, window(base, new Watermark(10, NONE, 501), 0), "a transaction at or above xmax may have finished");
        assertEquals(Window.WENT_BACK, window(base, new Watermark(9, NONE, 500), 0));
    }

    @Test
    void nextvalTakesItsOwnId() {
        Watermark base = new Watermark(10, NONE);
        assertEquals(Window.EMPTY, window(base, new Watermark(11, NONE), 1), "the only id taken is W's own");
        assertEquals(Window.MAYBE_ROWS, window(base, new Watermark(12, NONE), 1), "a row may hold id 11");
        assertEquals(Window.MAYBE_ROWS, window(base, new Watermark(11, NONE), 0));
        assertEquals(Window.EMPTY, window(new Watermark(10, new long[] {7}), new Watermark(11, new long[] {7}), 1),
                "a transaction held back at the base and still open");
        assertEquals(Window.MAYBE_ROWS, window(new Watermark(10, new long[] {7}), new Watermark(11, NONE), 1),
                "a transaction held back at the base has finished");
        assertEquals(Window.WENT_BACK, window(base, new Watermark(5, NONE), 1));
    }
}
