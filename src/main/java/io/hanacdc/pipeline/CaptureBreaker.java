package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureSuspension;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The capture circuit breaker (hanacdc.capture.max-pending-rows): a CDC table that holds more rows than the limit
 * suspends its table's capture, as {@code bin/hana-cdc suspend} does, before it fills the source (SAP HANA caps an
 * unpartitioned column table at about 2 billion rows, and its CDC tables live in memory). The table then stops with
 * the reason; {@code resume} turns capture on and loads it anew. Row counts are the catalog's, one read for the schema.
 */
final class CaptureBreaker {
    private static final Logger LOG = LoggerFactory.getLogger(CaptureBreaker.class);
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final CaptureSuspension suspension;
    private final long maxRows;

    CaptureBreaker(SourceDialect dialect, CaptureNames names, CaptureSuspension suspension, long maxRows) {
        this.dialect = dialect;
        this.names = names;
        this.suspension = suspension;
        this.maxRows = maxRows;
    }

    /** Suspends the capture of each of the tables whose CDC table holds more than the limit; returns those suspended now. */
    List<TableId> check(Connection c, List<TableId> tables) throws SQLException {
        if (maxRows == 0) {
            return List.of();
        }
        Map<String, Long> rows = dialect.estimateRows(c, names.cdcSchema());
        List<TableId> over = tables.stream().filter(id -> !id.schema().equals(names.cdcSchema()))
                .filter(id -> rows.getOrDefault(names.cdcTable(id), 0L) > maxRows).toList();
        List<TableId> suspended = new ArrayList<>();
        for (TableId id : over) {
            long now = dialect.currentRows(c, new TableId(names.cdcSchema(), names.cdcTable(id))); // the catalog's count may be from before the purge
            if (now <= maxRows) {
                continue;
            }
            String why = "the CDC table of " + id + " holds " + now + " rows, beyond hanacdc.capture.max-pending-rows (" + maxRows + ")";
            try {
                if (suspension.suspend(c, id)) {
                    suspended.add(id);
                    LOG.error("{}: its capture is suspended (triggers disabled), so the source does not fill up. Find why the task does not"
                            + " apply it, then bin/hana-cdc resume --table {}: the table is loaded anew", why, id);
                }
            } catch (SQLException | RuntimeException e) {
                LOG.error("{}, and suspending its capture failed ({}): run bin/hana-cdc suspend --table {} as a user who may alter it", why,
                        e.getMessage(), id);
            }
        }
        return suspended;
    }
}
