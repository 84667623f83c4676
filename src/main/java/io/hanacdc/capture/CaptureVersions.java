package io.hanacdc.capture;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * The capture versions of one table as this process knows them: loaded at start and again when a
 * CDC row carries a version not known yet (capture moved on by this process's schema check or another's).
 */
public final class CaptureVersions {
    private final CaptureVersionStore store;
    private final TableId table;
    private volatile List<CaptureVersion> versions;

    private CaptureVersions(CaptureVersionStore store, TableId table, List<CaptureVersion> versions) {
        this.store = store;
        this.table = table;
        this.versions = versions;
    }

    public static CaptureVersions load(Connection c, CaptureVersionStore store, TableId table) throws SQLException {
        List<CaptureVersion> versions = store.load(c, table);
        if (versions.isEmpty()) {
            throw new CdcException("capture of " + table + " has no schema history: run 'uninstall' and 'install' to reinstall it");
        }
        return new CaptureVersions(store, table, versions);
    }

    /** A single version that is never reloaded (the capture tables were made by hand). */
    public static CaptureVersions of(CaptureVersion only) {
        return new CaptureVersions(null, only.layout().table().id(), List.of(only));
    }

    public TableId table() {
        return table;
    }

    public List<CaptureVersion> all() {
        return versions;
    }

    public CaptureVersion latest() {
        List<CaptureVersion> v = versions;
        return v.get(v.size() - 1);
    }

    public Optional<CaptureVersion> find(int captureVersion) {
        return versions.stream().filter(v -> v.number() == captureVersion).findFirst();
    }

    /** The given version, reloading the versions once if it is not known yet. */
    public CaptureVersion get(Connection source, int captureVersion) throws SQLException {
        Optional<CaptureVersion> found = find(captureVersion);
        if (found.isEmpty()) {
            reload(source);
            found = find(captureVersion);
        }
        return found.orElseThrow(() -> new CdcException("table " + table + ": CDC rows carry capture version " + captureVersion
                + ", which its schema history does not list"));
    }

    public void reload(Connection source) throws SQLException {
        if (store != null) {
            versions = store.load(source, table);
        }
    }
}
