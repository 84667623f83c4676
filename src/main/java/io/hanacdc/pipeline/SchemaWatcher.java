package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureEvolver;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.capture.TableHistory;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.TableStamp;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The schema check (DESIGN §5): reads the shape stamps of the tables this process runs in one
 * catalog query; a table whose stamp changed is described again and, when its shape differs from its
 * capture version's, capture moves to the next version. Keys changed since the last check that still
 * saw the old shape are re-read (the ALTER happened after it). Triggers found missing, disabled or
 * invalid are re-created.
 */
final class SchemaWatcher {
    private static final Logger LOG = LoggerFactory.getLogger(SchemaWatcher.class);

    /** A stamp as last seen, and the high water mark read before the catalog query that saw it. */
    private record Seen(String fingerprint, long objectId, long highBefore) {}

    private final SourceDialect dialect;
    private final CaptureNames names;
    private final CaptureEvolver evolver;
    private final CaptureInstaller installer;
    private final Map<TableId, Seen> seen = new HashMap<>();

    SchemaWatcher(SourceDialect dialect, CaptureNames names, CaptureEvolver evolver, CaptureInstaller installer) {
        this.dialect = dialect;
        this.names = names;
        this.evolver = evolver;
        this.installer = installer;
    }

    /**
     * Checks the given tables; returns the high water mark read before the catalog: every row with a
     * higher data id may have been captured after a change this check did not see yet.
     */
    synchronized long check(Connection c, List<TableHistory> tables) throws SQLException {
        long high = dialect.readHighWaterMark(c, names);
        List<TableHistory> user = tables.stream().filter(h -> !h.table().schema().equals(names.cdcSchema())).toList();
        Map<TableId, TableStamp> stamps = dialect.stamps(c, user.stream().map(TableHistory::table).toList());
        Map<TableId, Long> cuts = dialect.ddlCuts(c, names);
        for (TableHistory history : user) {
            TableStamp stamp = stamps.get(history.table());
            if (stamp == null) {
                if (seen.remove(history.table()) != null) {
                    LOG.warn("source table {} no longer exists: its target table stays as it is until it is created again", history.table());
                }
                continue;
            }
            Seen before = seen.get(history.table());
            Long cut = cuts.get(history.table());
            if (cut != null || before == null || !before.fingerprint().equals(stamp.fingerprint()) || before.objectId() != stamp.objectId()) {
                follow(c, history, stamp, cut != null ? cut : before == null ? null : before.highBefore(), cut != null);
            } else if (installer.checkInstalled(c, history.latest(), stamp)) {
                history.reload(c);
            }
            seen.put(history.table(), new Seen(stamp.fingerprint(), stamp.objectId(), high));
        }
        return high;
    }

    /**
     * @param windowFrom the data id after which the change happened: the exact cut, or the last check that saw the old shape; null when unknown
     * @param switched   an ALTER switched the table to fallback capture: capture moves on even if the shape is the same
     */
    private void follow(Connection c, TableHistory history, TableStamp stamp, Long windowFrom, boolean switched) throws SQLException {
        Optional<SourceTable> now = dialect.describe(c, history.table());
        if (now.isEmpty()) {
            return; // dropped between the two catalog reads: the next check sees it
        }
        CaptureVersion latest = history.latest();
        if (latest.layout().table().equals(now.get()) && !latest.recreatedAs(stamp) && !switched) {
            if (installer.checkInstalled(c, latest, stamp)) {
                history.reload(c);
            }
            return;
        }
        // Unknown when the change happened (first check since start): every key its version captured is re-read.
        evolver.evolve(c, history.all(), now.get(), stamp, windowFrom == null ? latest.switchHigh() : windowFrom);
        history.reload(c);
    }
}
