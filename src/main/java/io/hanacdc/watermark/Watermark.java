package io.hanacdc.watermark;

import io.hanacdc.source.OpenTransactions;
import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * The pair (H, A) of DESIGN §3: every CDC row with data id ≤ high was written by a transaction
 * that was either finished when this watermark was read, or is open: listed in {@code open}, or
 * numbered at or above {@code openFrom}. The open-ended part is PostgreSQL's snapshot xmax: a
 * transaction at or above it is running but not listed; sources without such a bound use
 * {@link #NO_BOUND}.
 */
public record Watermark(long high, long[] open, long openFrom) {
    public static final long NO_BOUND = OpenTransactions.NO_BOUND;

    public Watermark {
        open = LongStream.of(open).filter(t -> t < openFrom).sorted().distinct().toArray();
    }

    public Watermark(long high, long[] open) {
        this(high, open, NO_BOUND);
    }

    /** H with the A the source read after it. */
    public Watermark(long high, OpenTransactions a) {
        this(high, a.listed(), a.from());
    }

    public boolean isOpen(long transactionId) {
        return transactionId >= openFrom || Arrays.binarySearch(open, transactionId) >= 0;
    }

    /** Listed transactions open at this watermark that are no longer open at the later one: their held-back rows are now due. */
    public long[] finishedBy(Watermark later) {
        return LongStream.of(open).filter(t -> !later.isOpen(t)).toArray();
    }

    /** Text form for the position table: "t1,t2,...", followed by ";X" when transactions from X on are open. */
    public String encodeOpen() {
        String list = LongStream.of(open).mapToObj(Long::toString).collect(Collectors.joining(","));
        return openFrom == NO_BOUND ? list : list + ";" + openFrom;
    }

    public static Watermark decode(long high, String text) {
        if (text == null || text.isBlank()) {
            return new Watermark(high, new long[0]);
        }
        int semi = text.indexOf(';');
        String list = semi < 0 ? text : text.substring(0, semi);
        long from = semi < 0 ? NO_BOUND : Long.parseLong(text.substring(semi + 1));
        long[] ids = list.isEmpty() ? new long[0] : Arrays.stream(list.split(",")).mapToLong(Long::parseLong).toArray();
        return new Watermark(high, ids, from);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Watermark w && w.high == high && w.openFrom == openFrom && Arrays.equals(w.open, open);
    }

    @Override
    public int hashCode() {
        return (Long.hashCode(high) * 31 + Arrays.hashCode(open)) * 31 + Long.hashCode(openFrom);
    }

    @Override
    public String toString() {
        return "H=" + high + " A=" + Arrays.toString(open) + (openFrom == NO_BOUND ? "" : "+[" + openFrom + "..]");
    }
}
