package io.hanacdc.stream;

import java.util.Arrays;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * The pair (H, A) of DESIGN §3: every CDC row with data id ≤ high was written by a transaction
 * that was either finished when this watermark was read, or is listed in open.
 */
public record Watermark(long high, long[] open) {
    public Watermark {
        open = LongStream.of(open).sorted().distinct().toArray();
    }

    public boolean isOpen(long transactionId) {
        return Arrays.binarySearch(open, transactionId) >= 0;
    }

    /** Transactions open at this watermark that are no longer open at the later one: their held-back rows are now due. */
    public long[] finishedBy(Watermark later) {
        return LongStream.of(open).filter(t -> !later.isOpen(t)).toArray();
    }

    /** Compact text form for the position table: "high;t1,t2,...". */
    public String encodeOpen() {
        return LongStream.of(open).mapToObj(Long::toString).collect(Collectors.joining(","));
    }

    public static long[] decodeOpen(String text) {
        if (text == null || text.isBlank()) {
            return new long[0];
        }
        return Arrays.stream(text.split(",")).mapToLong(Long::parseLong).toArray();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Watermark w && w.high == high && Arrays.equals(w.open, open);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(high) * 31 + Arrays.hashCode(open);
    }

    @Override
    public String toString() {
        return "H=" + high + " A=" + Arrays.toString(open);
    }
}
