package io.hanacdc.sink;

import io.hanacdc.schema.SourceColumn;
import io.hanacdc.sql.KeyRange;
import io.hanacdc.sql.RangeChecksums;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * verify's reads of one target table, the target side of a comparison with the source: counts, rows by
 * key, keys in the target's own order, and sums of row hashes over ranges of the first key column.
 * Values come back as the Java values the source side produces for the same column type.
 */
public interface TargetRows extends AutoCloseable {
    /** The rows in the table; a table that does not exist is a CdcException naming it. */
    long count(TargetSession s) throws SQLException;

    /** The rows of the given keys that exist, values in source column order. */
    List<Object[]> rowsByKey(TargetSession s, List<Object[]> keys) throws SQLException;

    /** Up to limit keys after the given one (null: from the first), in the target's key order, within a range of the first key column when given. */
    List<Object[]> keysAfter(TargetSession s, Optional<KeyRange> range, Object[] after, int limit) throws SQLException;

    /**
     * How many passes a row-by-row comparison takes: a target that holds its rows in memory to compare them (a
     * topic's last state per key) splits its keys into passes that each fit; a database table is one pass.
     */
    default int passes(TargetSession s) throws SQLException {
        return 1;
    }

    /**
     * Starts pass {@code p} of {@link #passes}: from now on {@link #keysAfter} lists only the keys in it, and the
     * answer tells which source keys belong to it.
     */
    default Predicate<Object[]> pass(TargetSession s, int p) throws SQLException {
        return key -> true;
    }

    /** The source columns the table lacks. */
    List<String> missingColumns(TargetSession s) throws SQLException;

    /** Why this target computes no checksums at all (verify then compares row by row); empty when it does. */
    default Optional<String> checksumsUnavailable() {
        return Optional.empty();
    }

    /** The first column this target cannot render for checksums as the sources do; empty when checksums can compare the table. */
    Optional<SourceColumn> unrenderable();

    /** The row count and first-key bounds, for checksums. */
    RangeChecksums.Bounds bounds(TargetSession s) throws SQLException;

    /** The sums of the given consecutive parts of a range, for checksums. */
    List<RangeChecksums.Sum> sums(TargetSession s, List<KeyRange> parts) throws SQLException;

    /** Releases what the reads hold (a topic's states): verify closes each table's reads when its comparison ends. */
    @Override
    default void close() {
    }
}
