package io.hanacdc.source;

/**
 * A of DESIGN §3 as the source reports it: the write transactions still open when it was read. The
 * listed ids, and every id from {@code from} on (PostgreSQL's snapshot xmax: running there without
 * being listed); {@link #NO_BOUND} where the source lists them all. The watermark package pairs it
 * with H.
 */
public record OpenTransactions(long[] listed, long from) {
    public static final long NO_BOUND = Long.MAX_VALUE;
}
