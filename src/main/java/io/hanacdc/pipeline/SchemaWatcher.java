package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureBlockedException;
import io.hanacdc.capture.CaptureEvolver;
import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.capture.CaptureVersion;
import io.hanacdc.capture.CaptureVersions;
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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The schema check (DESIGN §5): reads the shape stamps of the tables this process runs in one
 * catalog query; a table whose stamp changed, or for which an ALTER recorded a cut, is described again
 * and, when its shape differs from its capture version's (always, after a cut), capture moves to the
 * next version. Keys changed since the last check that still saw the old shape are re-read (the ALTER
 * happened after it). Triggers, read for all tables in one catalog query, found missing, disabled or invalid are re-created — unless the table
 * changed after the stamps and cuts were read, which moves capture on instead. A table whose capture
 * the source user may not change stops, with the script a DBA runs, until the change is made. Each check first
 * makes {@link SourceGuard}'s checks of the source.
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
    /** Tables stopped until a DBA changes their capture, with the message that says how. */
    private final Map<TableId, String> stopped = new ConcurrentHashMap<>();
    private final SourceGuard guard;

    SchemaWatcher(SourceDialect dialect, CaptureNames names, CaptureEvolver evolver, CaptureInstaller installer) {
        this.dialect = dialect;
        this.names = names;
        this.evolver = evolver;
        this.installer = installer;
        this.guard = new SourceGuard(dialect, names);
    }

    /** The source's checks of {@link SourceGuard} alone (at start, before any table runs). */
    void guard(Connection c, Map<TableId, Long> storedHighs) throws SQLException {
        guard.check(c, dialect.readHighWaterMark(c, names), storedHighs);
    }

    /**
     * Checks the given tables; returns the high water mark read before the catalog (lowered to where
     * the change of a table not followed yet began): every row with a higher data id may have been
     * captured after a change this check did not follow yet, and be re-read when it does.
     */
    synchronized long check(Connection c, List<CaptureVersions> tables, Map<TableId, Long> storedHighs) throws SQLException {
        long high = dialect.readHighWaterMark(c, names);
        guard.check(c, high, storedHighs);
        long bound = high;
        List<CaptureVersions> user = tables.stream().filter(v -> !v.table().schema().equals(names.cdcSchema())).toList();
        Map<TableId, TableStamp> stamps = dialect.stamps(c, user.stream().map(CaptureVersions::table).toList());
        Map<TableId, Long> cuts = dialect.ddlCuts(c, names);
        Map<TableId, Set<String>> triggers = dialect.workingTriggers(c, stamps.keySet());
        for (CaptureVersions versions : user) {
            TableStamp stamp = stamps.get(versions.table());
            if (stamp == null) {
                if (seen.remove(versions.table()) != null) {
                    LOG.warn("source table {} no longer exists: its target table stays as it is until it is created again", versions.table());
                }
                continue;
            }
            Seen before = seen.get(versions.table());
            Long cut = cuts.get(versions.table());
            // the change happened after the exact cut, or after the last check that saw the old shape; unknown at the first check
            long windowFrom = cut != null ? cut : before != null ? before.highBefore() : versions.latest().switchHigh();
            try {
                if (suspended(c, versions, triggers.getOrDefault(versions.table(), Set.of()))) {
                    String reason = "capture of " + versions.table() + " is suspended (bin/hana-cdc suspend): its triggers are disabled and its"
                            + " changes are not captured; bin/hana-cdc resume --table " + versions.table() + " turns capture on and loads the table anew";
                    if (!reason.equals(stopped.put(versions.table(), reason))) {
                        LOG.warn(reason);
                    }
                    continue;
                }
                boolean changed = cut != null || before == null || !before.fingerprint().equals(stamp.fingerprint()) || before.objectId() != stamp.objectId();
                follow(c, versions, stamp, triggers.getOrDefault(versions.table(), Set.of()), windowFrom, changed, cut != null);
                stopped.remove(versions.table());
            } catch (CaptureBlockedException | KeyLostException e) {
                bound = Math.min(bound, windowFrom);
                if (!e.getMessage().equals(stopped.put(versions.table(), e.getMessage()))) {
                    LOG.error(e.getMessage());
                }
                continue;
            } catch (SQLException | RuntimeException e) {
                bound = Math.min(bound, windowFrom);
                LOG.warn("schema check of {} failed (retried at the next check): {}", versions.table(), e.getMessage());
                continue;
            }
            seen.put(versions.table(), new Seen(stamp.fingerprint(), stamp.objectId(), high));
        }
        return bound;
    }

    /**
     * Whether the table's capture is suspended: its triggers are not to be re-created. Read again from the schema
     * history while it was suspended or its triggers do not all work, as another process suspends and resumes.
     */
    private boolean suspended(Connection c, CaptureVersions versions, Set<String> working) throws SQLException {
        boolean broken = !working.containsAll(dialect.captureSql(names).triggerNames(versions.table()));
        if (versions.latest().state() == CaptureVersion.State.SUSPENDED || broken) {
            versions.reload(c);
        }
        return versions.latest().state() == CaptureVersion.State.SUSPENDED;
    }

    /** Why the table is stopped (the source is not the one its position assumes, or a DBA must change its capture), or null. */
    String stopReason(TableId table) {
        String source = guard.stopReason(table);
        return source != null ? source : stopped.get(table);
    }

    /**
     * @param triggers the table's working triggers, read for every table at once
     * @param changed  the stamp differs from the last check's, or a cut was recorded: the table is described again
     * @param switched an ALTER switched the table to fallback capture: capture moves on even if the shape is the same
     */
    private void follow(Connection c, CaptureVersions versions, TableStamp stamp, Set<String> triggers, long windowFrom, boolean changed,
                        boolean switched) throws SQLException {
        // one view of the versions for the decision and the move: the stream may reload them meanwhile (a move
        // another process made), and a move planned from the reloaded ones would add a version for no change
        List<CaptureVersion> view = versions.all();
        CaptureVersion latest = view.get(view.size() - 1);
        if (changed) {
            Optional<SourceTable> now = dialect.describe(c, versions.table());
            if (now.isEmpty()) {
                return; // dropped between the two catalog reads: the next check sees it
            }
            if (now.get().primaryKey().isEmpty()) {
                throw new KeyLostException(versions.table());
            }
            changed = !latest.layout().table().equals(now.get()) || latest.recreatedAs(stamp) || switched;
        }
        if (changed || !installer.checkInstalled(c, latest, stamp, triggers)) {
            evolver.evolve(c, view, windowFrom);
            versions.reload(c);
        } else if (latest.tableOid() == 0) {
            versions.reload(c); // the check recorded the table's ids
        }
    }
}
