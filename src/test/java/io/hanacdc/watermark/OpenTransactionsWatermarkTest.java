package io.hanacdc.watermark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.HighAndOpen;
import io.hanacdc.source.OpenTransactions;
import io.hanacdc.source.SourceDialect;
import java.lang.reflect.Proxy;
import java.util.ArrayDeque;
import java.util.Deque;
import org.junit.jupiter.api.Test;

/**
 * When the watermark keeps the last A instead of reading it (the rule WatermarkModelTest runs against random schedules):
 * only after a watermark that held no transaction open, and while no id was taken but the one reading H takes (SAP HANA's
 * NEXTVAL); a PostgreSQL snapshot, whose open-ended part may hold a writer, is read every time.
 */
class OpenTransactionsWatermarkTest {
    /** A source whose H is scripted and whose A reads are counted. */
    private static final class Source {
        final Deque<Long> highs = new ArrayDeque<>();
        OpenTransactions open;
        int aReads;
        final SourceDialect dialect = (SourceDialect) Proxy.newProxyInstance(SourceDialect.class.getClassLoader(),
                new Class<?>[] {SourceDialect.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "readHighWaterMark" -> highs.removeFirst();
                    case "readOpenTransactions" -> {
                        aReads++;
                        yield open;
                    }
                    case "readWatermark" -> {
                        aReads++;
                        yield new HighAndOpen(highs.removeFirst(), open);
                    }
                    case "idsTakenReadingHigh" -> 1L; // as SAP HANA: reading H takes an id
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        final OpenTransactionsWatermark reader = new OpenTransactionsWatermark(dialect, new CaptureNames("hanacdc", 63));

        Watermark next(Watermark last, long high) throws Exception {
            highs.add(high);
            return reader.next(null, last == null ? null : StreamRange.at(last));
        }
    }

    @Test
    void theLastAIsKeptOnlyWhileNothingCanBeOpenBelowH() throws Exception {
        Source s = new Source();
        s.open = new OpenTransactions(new long[0], OpenTransactions.NO_BOUND);
        Watermark w = s.next(null, 100);
        assertEquals(1, s.aReads, "no last watermark: A is read");
        w = s.next(w, 101);
        assertEquals(1, s.aReads, "only the id reading H took: the last A is kept");
        assertEquals(new Watermark(101, new long[0]), w);
        w = s.next(w, 103);
        assertEquals(2, s.aReads, "another id was taken: A is read");

        s.open = new OpenTransactions(new long[] {7}, OpenTransactions.NO_BOUND); // a writer took id 104
        w = s.next(w, 105);
        assertEquals(3, s.aReads);
        w = s.next(w, 106);
        assertEquals(4, s.aReads, "the last A held a transaction open: A is read");
        assertEquals(new Watermark(106, new long[] {7}), w);

        s.open = new OpenTransactions(new long[0], 500); // a PostgreSQL snapshot: open from its xmax on
        w = s.next(w, 108);
        w = s.next(w, 109);
        assertEquals(6, s.aReads, "a snapshot's open-ended part may hold a writer: A is read");
        s.next(new Watermark(110, new long[0]), 109);
        assertEquals(7, s.aReads, "H below the last watermark's: A is read");
    }
}
