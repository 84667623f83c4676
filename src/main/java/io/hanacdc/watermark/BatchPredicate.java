package io.hanacdc.watermark;

import static io.hanacdc.source.CdcColumns.DATA_ID;
import static io.hanacdc.source.CdcColumns.TRANSACTION_ID;

import io.hanacdc.source.SourceDialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * DESIGN §3's batch predicate as conditions on a capture table: what {@link StreamRange#selects}
 * states in Java, written as two index-friendly parts, and the conditions built from the same terms
 * (safe at a watermark, open at a watermark). Transaction ids are numbers, inlined as literals.
 */
public final class BatchPredicate {
    private final String id;
    private final String tx;

    public BatchPredicate(SourceDialect dialect) {
        this.id = dialect.quote(DATA_ID);
        this.tx = dialect.quote(TRANSACTION_ID);
    }

    /** New rows of the window: ids above max(cursor, H_base) that are safe at the window. */
    public String fresh(StreamRange r) {
        return id + " > " + Math.max(r.cursor(), r.base().high()) + " AND " + safe(r.window());
    }

    /**
     * Held-back rows now due: ids above the cursor up to H_base, of transactions open at the base that
     * have finished by the window (listed ones, and those in the base's open-ended range that fall below
     * the window's); empty when there can be none.
     */
    public Optional<String> heldBack(StreamRange r) {
        Watermark base = r.base();
        List<String> late = new ArrayList<>();
        long[] listed = base.finishedBy(r.window());
        if (listed.length > 0) {
            late.add(tx + " IN (" + list(listed) + ")");
        }
        if (base.openFrom() < r.window().openFrom()) {
            late.add("(" + tx + " >= " + base.openFrom() + notOpen(r.window()) + ")");
        }
        if (late.isEmpty() || r.cursor() >= base.high()) {
            return Optional.empty();
        }
        return Optional.of("(" + String.join(" OR ", late) + ") AND " + id + " > " + r.cursor() + " AND " + id + " <= " + base.high());
    }

    /**
     * The lowest and highest transaction id of {@link #heldBack}'s transactions (listed at the base and finished by
     * the window, or in the base's open-ended range and below the window's): every held-back row now due has its
     * transaction in this range, with an id above the cursor up to H_base. Empty when there can be none.
     */
    public static Optional<long[]> heldBackTransactions(StreamRange r) {
        Watermark base = r.base();
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (long t : base.finishedBy(r.window())) {
            lo = Math.min(lo, t);
            hi = Math.max(hi, t);
        }
        if (base.openFrom() < r.window().openFrom()) {
            lo = Math.min(lo, base.openFrom());
            hi = Math.max(hi, r.window().openFrom() - 1);
        }
        return lo > hi || r.cursor() >= base.high() ? Optional.empty() : Optional.of(new long[] {lo, hi});
    }

    /** Rows safe at w: id ≤ H and a transaction not open at w, so committed for good. */
    public String safe(Watermark w) {
        return id + " <= " + w.high() + notOpen(w);
    }

    /** "transaction is open at w" ("1 = 0" when nothing is). */
    public String open(Watermark w) {
        return (w.open().length == 0 ? "1 = 0" : tx + " IN (" + list(w.open()) + ")")
                + (w.openFrom() == Watermark.NO_BOUND ? "" : " OR " + tx + " >= " + w.openFrom());
    }

    /** " AND transaction is not open at w" (empty when nothing is open). */
    private String notOpen(Watermark w) {
        return (w.open().length == 0 ? "" : " AND " + tx + " NOT IN (" + list(w.open()) + ")")
                + (w.openFrom() == Watermark.NO_BOUND ? "" : " AND " + tx + " < " + w.openFrom());
    }

    private static String list(long[] ids) {
        return LongStream.of(ids).mapToObj(Long::toString).collect(Collectors.joining(","));
    }
}
