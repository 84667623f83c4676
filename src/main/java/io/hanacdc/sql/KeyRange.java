package io.hanacdc.sql;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The values lo..hi (both included) of a table's first key column, an integer column: an integer
 * range means the same rows on both databases, which a range of text keys would not (collations differ).
 */
public record KeyRange(long lo, long hi) {
    public boolean singleValue() {
        return lo == hi;
    }

    /** Up to n consecutive sub-ranges of nearly equal width covering this range, in key order. */
    public List<KeyRange> split(int n) {
        BigInteger low = BigInteger.valueOf(lo);
        BigInteger width = BigInteger.valueOf(hi).subtract(low).add(BigInteger.ONE);
        int parts = width.min(BigInteger.valueOf(n)).intValueExact();
        List<KeyRange> out = new ArrayList<>(parts);
        for (int i = 0; i < parts; i++) {
            long from = low.add(width.multiply(BigInteger.valueOf(i)).divide(BigInteger.valueOf(parts))).longValueExact();
            long to = low.add(width.multiply(BigInteger.valueOf(i + 1)).divide(BigInteger.valueOf(parts))).subtract(BigInteger.ONE).longValueExact();
            out.add(new KeyRange(from, to));
        }
        return out;
    }

    /** This range as a predicate on the (quoted) column; the bounds are numbers, never user text. */
    public String predicate(String column) {
        return column + " BETWEEN " + lo + " AND " + hi;
    }
}
