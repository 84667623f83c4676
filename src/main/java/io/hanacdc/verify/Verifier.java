package io.hanacdc.verify;

import com.zaxxer.hikari.HikariDataSource;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TablePattern;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.SourceDialects;
import io.hanacdc.source.SourcePools;
import io.hanacdc.source.TableResolver;
import io.hanacdc.sink.Positions;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetResolver;
import io.hanacdc.sink.TargetRows;
import io.hanacdc.sink.TargetSession;
import io.hanacdc.sink.TargetTable;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * The verify command: compares every table of the task (or the given ones) between source and
 * target and prints each differing key. While the task runs, a difference may just be a change not
 * applied yet, so differing keys are compared again every second until they are gone, or they stay
 * the same for a few seconds while the task applies nothing, or the wait is over; only then are they reported.
 */
public final class Verifier {
    private static final Duration RECHECK_INTERVAL = Duration.ofSeconds(1);
    /** Rechecks in a row with the same differences and nothing applied before they count as real (a poll or a retry may take that long). */
    private static final int QUIET_CHECKS = 3;
    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(5);
    private static final int CHUNK_SIZE = 1000;
    private final CdcConfig cfg;
    private final PrintStream out;
    private final Duration maxWait;

    public Verifier(CdcConfig cfg, PrintStream out, Duration maxWait) {
        this.cfg = cfg;
        this.out = out;
        this.maxWait = maxWait;
    }

    /** The figures of a run over all tables: rows compared, differences reported, rows read into this process to compare. */
    public record Result(int tables, long rowsCompared, long differences, long rowsRead) {}

    public Result run(List<TablePattern> tables) throws SQLException, InterruptedException {
        SourceDialect dialect = SourceDialects.forUrl(cfg.source().url(), cfg.capture());
        try (HikariDataSource source = SourcePools.open(cfg, dialect, 1);
             Target target = TargetResolver.open(cfg, 1);
             Connection s = source.getConnection(); TargetSession t = target.session()) {
            TableResolver.Resolved listed = new TableResolver(dialect, cfg.cdcSchema()).resolve(s, tables);
            List<SourceTable> resolved = listed.tables();
            Positions positions = target.positions();
            long compared = 0;
            long differences = listed.refused().size(); // a table that cannot be replicated is not equal on both sides
            long fetched = 0;
            listed.refused().forEach((id, reason) -> out.printf("%s: 1 difference(s): not compared, the table cannot be replicated: %s%n", id, reason));
            for (SourceTable table : resolved) {
                TargetTable targetTable = target.table(table);
                TableComparison comparison = new TableComparison(dialect, target, targetTable, CHUNK_SIZE);
                ChecksumComparison checksums = new ChecksumComparison(dialect, target, targetTable, comparison);
                try (TargetRows reads = comparison.target()) { // a table's reads hold no more than its comparison
                    long estimate = dialect.estimateRows(s, table.id());
                    long deadline = System.nanoTime() + maxWait.toNanos();
                    List<String> missing = awaitColumns(comparison.target(), t, deadline);
                    if (!missing.isEmpty()) {
                        out.printf("%s: 1 difference(s): the target table lacks column(s) %s of the source table%n", table.id(), missing);
                        differences++;
                        continue;
                    }
                    TableComparison.Outcome o;
                    List<Difference> persisting;
                    do { // more differences than listed: once the listed ones are gone, compare the whole table again
                        o = checksums.compare(s, t, progress(table, estimate));
                        persisting = settle(comparison, s, t, positions, o.listed(), deadline);
                    } while (o.unlisted() > 0 && persisting.isEmpty() && System.nanoTime() < deadline);
                    long found = persisting.size() + o.unlisted();
                    out.printf("%s: source %d rows, target %d rows, %d compared, %d difference(s); %s, %d rows read%n",
                            table.id(), o.sourceRows(), o.targetRows(), o.compared(), found, o.method(), o.fetched());
                    persisting.forEach(d -> out.println("  " + d));
                    if (o.unlisted() > 0) {
                        out.println("  ... and " + o.unlisted() + " more, not re-checked (only the first " + Findings.MAX_LISTED + " are listed)");
                    }
                    compared += o.compared();
                    fetched += o.fetched();
                    differences += found;
                }
            }
            out.printf("verify: %d table(s), %d rows compared, %d difference(s): %s%n", resolved.size(), compared, differences,
                    differences == 0 ? "source and target are equal" : "source and target differ");
            return new Result(resolved.size(), compared, differences, fetched);
        }
    }

    /**
     * The source columns the target table lacks once the wait is over: while the task runs, a column
     * added at the source reaches the target when the stream gets to the change (DESIGN §5).
     */
    private static List<String> awaitColumns(TargetRows table, TargetSession t, long deadline) throws SQLException, InterruptedException {
        while (true) {
            List<String> missing = table.missingColumns(t);
            if (missing.isEmpty() || System.nanoTime() >= deadline) {
                return missing;
            }
            Thread.sleep(RECHECK_INTERVAL.toMillis());
        }
    }

    private LongConsumer progress(SourceTable table, long estimate) {
        long[] next = {System.nanoTime() + PROGRESS_INTERVAL.toNanos()};
        return compared -> {
            if (System.nanoTime() >= next[0]) {
                next[0] = System.nanoTime() + PROGRESS_INTERVAL.toNanos();
                out.printf("%s: %d of ~%d rows compared (%d%%)%n", table.id(), compared, estimate,
                        estimate <= 0 ? 100 : Math.min(100, compared * 100 / estimate));
            }
        };
    }

    /** Re-checks the differing keys until none is left, or they are unchanged while the task applied nothing, or time is up. */
    private List<Difference> settle(TableComparison comparison, Connection s, TargetSession t, Positions positions,
                                    List<Difference> found, long deadline) throws SQLException, InterruptedException {
        List<Difference> current = found;
        long applied = appliedSoFar(t, positions);
        int quietChecks = 0;
        while (!current.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(RECHECK_INTERVAL.toMillis());
            List<Difference> again = comparison.recheck(s, t, current);
            long appliedNow = appliedSoFar(t, positions);
            boolean unchanged = again.size() == current.size();
            for (int i = 0; unchanged && i < again.size(); i++) {
                unchanged = again.get(i).sameAs(current.get(i));
            }
            quietChecks = unchanged && appliedNow == applied ? quietChecks + 1 : 0;
            current = again;
            applied = appliedNow;
            if (quietChecks == QUIET_CHECKS) {
                break;
            }
        }
        return current;
    }

    /** Batches applied plus rows loaded over the task's tables: unchanged between two checks means the task was quiet. */
    private static long appliedSoFar(TargetSession t, Positions positions) {
        try {
            return positions.list(t).stream().mapToLong(p -> p.batchesApplied() + p.snapshotRows()).sum();
        } catch (SQLException e) {
            return 0; // no position table: no task has run, so nothing is being applied
        }
    }
}
