package io.hanacdc.watermark;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * The transaction range the task's tick asks about (PendingTablesQuery) holds every transaction whose held-back rows
 * a batch would take: one open at the base and finished by the window, listed or in PostgreSQL's open-ended range.
 */
class HeldBackTransactionsTest {
    @Test
    void theRangeHoldsEveryTransactionHeldAtTheBaseAndFinishedByTheWindow() {
        Random random = new Random(7);
        for (int run = 0; run < 20_000; run++) {
            Watermark base = watermark(random);
            Watermark window = watermark(random);
            StreamRange range = StreamRange.at(base).open(window);
            Optional<long[]> held = BatchPredicate.heldBackTransactions(range);
            for (long tx = 0; tx < 60; tx++) {
                boolean due = base.isOpen(tx) && !window.isOpen(tx) && base.high() > 0;
                if (due) {
                    long t = tx;
                    assertTrue(held.isPresent() && held.get()[0] <= t && t <= held.get()[1],
                            "transaction " + tx + " held at " + base + ", finished by " + window + ", outside " + held.map(h -> h[0] + ".." + h[1]));
                }
            }
        }
    }

    private static Watermark watermark(Random random) {
        long[] open = LongStream.generate(() -> random.nextInt(50)).limit(random.nextInt(4)).toArray();
        long openFrom = random.nextBoolean() ? Watermark.NO_BOUND : 20 + random.nextInt(40);
        return new Watermark(random.nextInt(3), open, openFrom);
    }
}
