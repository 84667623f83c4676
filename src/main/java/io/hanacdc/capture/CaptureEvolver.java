package io.hanacdc.capture;

import io.hanacdc.schema.SchemaDiff;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.source.CaptureLayout;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.CaptureSql;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.TableStamp;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves a table's capture to a new version after its source shape changed (DESIGN §5), in one source
 * transaction: new CDC columns, the triggers re-created under version v+1, the version recorded, and
 * a re-read row of v+1 for every key that rows of v captured after {@code windowFrom} (the changes made
 * between the source ALTER and now, whose images may lack what the ALTER changed). The triggers'
 * re-creation waits for writers in flight, so every row of v has a data id at most the high water mark
 * read after it: the version's switch point.
 */
public final class CaptureEvolver {
    private static final Logger LOG = LoggerFactory.getLogger(CaptureEvolver.class);
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final CaptureSql sql;
    private final CaptureRegistry registry;
    private final SchemaHistory history;
    private final Duration lockTimeout;

    public CaptureEvolver(SourceDialect dialect, CaptureNames names, Duration lockTimeout) {
        this.dialect = dialect;
        this.names = names;
        this.sql = dialect.captureSql(names);
        this.registry = new CaptureRegistry(dialect, names);
        this.history = new SchemaHistory(dialect, names);
        this.lockTimeout = lockTimeout;
    }

    /**
     * Records the table's new shape as the next version. Returns the version now in force, which is
     * another process's when it moved capture on first (then nothing is done here).
     */
    public CaptureVersion evolve(Connection c, List<CaptureVersion> versions, SourceTable now, TableStamp stamp, long windowFrom)
            throws SQLException {
        CaptureVersion current = versions.get(versions.size() - 1);
        boolean recreated = current.recreatedAs(stamp);
        SchemaDiff diff = SchemaDiff.of(current.layout().table(), current.columnIds(), now, stamp.columnIds(), dialect.columnIdsSurviveRenames());
        CaptureLayout next = new CaptureLayout(now, current.version() + 1, cdcColumns(versions, now, diff));
        List<SourceColumn> newCdcColumns = newCdcColumns(versions, next);
        CaptureVersion result = dialect.inTransaction(c, lockTimeout, tx -> {
            int registered = registry.lockVersion(tx, now.id());
            if (registered != current.version()) {
                return null; // another process moved capture on meanwhile
            }
            List<String> statements = new ArrayList<>(List.of(sql.lockSource(now.id())));
            if (!newCdcColumns.isEmpty()) {
                statements.addAll(sql.addCdcColumns(now.id(), newCdcColumns));
            }
            statements.addAll(sql.uninstallTriggers(now.id()));
            statements.addAll(sql.installTriggers(next));
            if (!recreated && !diff.keyChanged()) {
                statements.add(sql.resyncKeys(current.layout(), next, windowFrom));
            }
            CaptureInstaller.execute(tx, statements);
            CaptureVersion v = new CaptureVersion(next, stamp.columnIds(), stamp.objectId(), dialect.readHighWaterMark(tx, names));
            history.insert(tx, v);
            CaptureInstaller.execute(tx, List.of(registry.updateSql(now, keysOnly(), next.version())));
            return v;
        });
        if (result == null) {
            LOG.info("capture of {} was moved to a new version by another process", now.id());
            return history.load(c, now.id()).get(versions.size());
        }
        LOG.info("table {} changed at the source ({}): capture version {} installed{}", now.id(),
                recreated ? "dropped and re-created" : diff, next.version(),
                !recreated && !diff.keyChanged() ? ", keys changed since data id " + windowFrom + " will be re-read" : "");
        return result;
    }

    private boolean keysOnly() {
        return dialect.captureOptions().keysOnly();
    }

    /**
     * The CDC column of each column of the new shape: the same as before for a column whose type did
     * not change (renamed or not); a fresh one, never used by an earlier version, for a new or retyped column.
     */
    private List<String> cdcColumns(List<CaptureVersion> versions, SourceTable now, SchemaDiff diff) {
        CaptureLayout current = versions.get(versions.size() - 1).layout();
        Set<String> taken = allCdcColumns(versions);
        int version = current.version() + 1;
        List<String> out = new ArrayList<>();
        for (SourceColumn c : now.columns()) {
            if (keysOnly() && !now.primaryKey().contains(c.name())) {
                out.add(null);
                continue;
            }
            SourceColumn before = diff.changed().stream().filter(ch -> ch.after().name().equals(c.name()))
                    .map(SchemaDiff.Change::before).findFirst()
                    .orElse(diff.added().contains(c) ? null : c);
            String reused = before == null || !before.sourceType().equals(c.sourceType()) ? null : current.cdcColumn(before.name());
            if (reused != null) {
                out.add(reused);
                continue;
            }
            String name = names.cdcColumn(c.name(), "");
            for (int i = 0; taken.contains(name); i++) {
                name = names.cdcColumn(c.name(), "$v" + version + (i == 0 ? "" : "_" + i));
            }
            taken.add(name);
            out.add(name);
        }
        return out;
    }

    private static Set<String> allCdcColumns(List<CaptureVersion> versions) {
        Set<String> out = new HashSet<>();
        versions.forEach(v -> v.layout().cdcColumns().stream().filter(java.util.Objects::nonNull).forEach(out::add));
        return out;
    }

    /** Columns of the new layout the CDC table does not have yet, named and typed as the CDC table needs them. */
    private static List<SourceColumn> newCdcColumns(List<CaptureVersion> versions, CaptureLayout next) {
        Set<String> existing = allCdcColumns(versions);
        List<SourceColumn> out = new ArrayList<>();
        for (int i = 0; i < next.cdcColumns().size(); i++) {
            String cdc = next.cdcColumns().get(i);
            if (cdc != null && !existing.contains(cdc)) {
                out.add(next.table().columns().get(i).renamed(cdc));
            }
        }
        return out;
    }
}
