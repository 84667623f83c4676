package io.hanacdc.verify;

import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.sql.ChecksumSql;
import io.hanacdc.sql.KeyRange;
import io.hanacdc.sql.RangeChecksums;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetRows;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;

/**
 * Compares one table without reading it: each database sums the hashes of its rows' normalised
 * text per range of the first key column (an integer, so a range is the same rows on both sides).
 * Ranges with equal sums are done; a differing range is cut into {@link #PARTS} parts, all summed in
 * one pass, until it holds at most {@link #LEAF_ROWS} rows, and then compared row by row, which
 * names the keys and columns. Ranges are visited depth first in key order, so memory holds a few
 * dozen ranges and progress grows steadily. Tables whose key or columns have no common SQL form are
 * compared row by row as a whole, and the report says why.
 */
final class ChecksumComparison {
    static final int PARTS = 16;
    static final int LEAF_ROWS = 1000;
    private static final Set<Kind> ORDERED_ALIKE = EnumSet.of(Kind.UNSIGNED_TINYINT, Kind.SMALLINT, Kind.INTEGER, Kind.BIGINT);

    /** A range still to look at; its sums are null until computed. */
    private record Pending(KeyRange range, RangeChecksums.Sum source, RangeChecksums.Sum target) {}

    private final TableComparison rows;
    private final String rowByRowReason;
    private final RangeChecksums source;
    private final TargetRows target;

    ChecksumComparison(SourceDialect dialect, Target targets, TargetTable targetTable, TableComparison rows) {
        this.rows = rows;
        SourceTable t = targetTable.source();
        ChecksumSql sourceSql = dialect.checksumSql(targets).orElse(null);
        this.target = rows.target();
        this.rowByRowReason = whyNot(dialect, sourceSql, t, target).orElse(null);
        this.source = rowByRowReason == null
                ? new RangeChecksums(sourceSql, dialect.qualified(t.id().schema(), t.id().name()), t, dialect::selectExpression) : null;
    }

    private static Optional<String> whyNot(SourceDialect dialect, ChecksumSql sourceSql, SourceTable t, TargetRows target) {
        if (sourceSql == null) {
            return Optional.of("no checksum SQL for a " + dialect.name() + " source");
        }
        if (target.checksumsUnavailable().isPresent()) {
            return target.checksumsUnavailable();
        }
        SourceColumn key = t.keyColumns().get(0);
        if (!ORDERED_ALIKE.contains(key.type().kind())) {
            return Optional.of("key column " + key.name() + " is " + key.sourceType() + ", which the databases may order differently");
        }
        return RangeChecksums.unrenderable(sourceSql, t, dialect::selectExpression)
                .or(target::unrenderable)
                .map(c -> "column " + c.name() + " is " + c.sourceType() + ", which the databases render differently");
    }

    TableComparison.Outcome compare(Connection s, TargetSession t, LongConsumer progress) throws SQLException {
        if (rowByRowReason != null) {
            return rows.compare(s, t, "row by row: " + rowByRowReason, progress);
        }
        ExecutorService sourceSide = Executors.newSingleThreadExecutor(r -> new Thread(r, "verify-source-checksums"));
        try {
            return compare(s, t, sourceSide, progress);
        } finally {
            sourceSide.shutdownNow();
        }
    }

    /** Each database computes its sums while the other does: a step takes as long as the slower side. */
    private TableComparison.Outcome compare(Connection s, TargetSession t, ExecutorService sourceSide, LongConsumer progress) throws SQLException {
        Future<RangeChecksums.Bounds> sourceBounds = sourceSide.submit(() -> source.bounds(s));
        RangeChecksums.Bounds tb = target.bounds(t);
        RangeChecksums.Bounds sb = await(sourceBounds);
        Findings found = new Findings(progress);
        Deque<Pending> pending = new ArrayDeque<>();
        if (sb.rows() > 0 || tb.rows() > 0) {
            long lo = sb.rows() == 0 ? tb.min() : tb.rows() == 0 ? sb.min() : Math.min(sb.min(), tb.min());
            long hi = sb.rows() == 0 ? tb.max() : tb.rows() == 0 ? sb.max() : Math.max(sb.max(), tb.max());
            pending.push(new Pending(new KeyRange(lo, hi), null, null));
        }
        while (!pending.isEmpty()) {
            Pending p = pending.pop();
            if (p.source() != null && p.source().sameAs(p.target())) {
                found.compared(p.source().rows());
            } else if (p.source() != null && (p.range().singleValue() || Math.max(p.source().rows(), p.target().rows()) <= LEAF_ROWS)) {
                rows.compareRange(s, t, p.range(), found);
            } else {
                List<KeyRange> parts = p.range().split(PARTS);
                Future<List<RangeChecksums.Sum>> sourceSums = sourceSide.submit(() -> source.sums(s, parts));
                List<RangeChecksums.Sum> inTarget = target.sums(t, parts);
                List<RangeChecksums.Sum> inSource = await(sourceSums);
                for (int i = parts.size() - 1; i >= 0; i--) {
                    pending.push(new Pending(parts.get(i), inSource.get(i), inTarget.get(i)));
                }
            }
        }
        return found.outcome(sb.rows(), tb.rows(), "checksums over ranges of " + rows.table().primaryKey().get(0));
    }

    private static <T> T await(Future<T> f) throws SQLException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("interrupted while the source computed checksums", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof SQLException sql) {
                throw sql;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
