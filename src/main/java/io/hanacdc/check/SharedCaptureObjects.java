package io.hanacdc.check;

import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The shared capture objects (sequence, registry) that scratch capture needs, and the CDC schema they
 * live in: created by the first probe that needs them when missing, and removed at the end of the
 * check, so that install finds the source as it was. Removal is one atomic unit that fails, leaving
 * them, while another process's scratch table still lives in a schema created here (replicas starting
 * at the same moment): then they stay, as install would create them anyway.
 */
public final class SharedCaptureObjects {
    private static final Logger LOG = LoggerFactory.getLogger(SharedCaptureObjects.class);
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final Duration lockTimeout;
    private final CaptureInstaller installer;
    private boolean created;
    private boolean createdSchema;

    SharedCaptureObjects(SourceDialect dialect, CaptureNames names, String task, Duration lockTimeout) {
        this.dialect = dialect;
        this.names = names;
        this.lockTimeout = lockTimeout;
        this.installer = new CaptureInstaller(dialect, names, task, lockTimeout);
    }

    public synchronized void ensure(Connection c) throws SQLException {
        if (created || installer.sharedObjectsExist(c)) {
            return;
        }
        boolean schemaExisted = CaptureInstaller.schemaExists(c, names.cdcSchema());
        try {
            dialect.executeAtomically(c, dialect.captureSql(names).installShared(), lockTimeout);
            created = true;
            createdSchema = !schemaExisted;
        } catch (SQLException e) {
            if (!installer.sharedObjectsExist(c)) { // else a replica starting at the same moment created them
                throw e;
            }
        }
    }

    synchronized void removeIfCreated(Connection c) {
        if (!created) {
            return;
        }
        List<String> statements = new ArrayList<>(dialect.captureSql(names).uninstallShared());
        if (createdSchema) {
            statements.add("DROP SCHEMA " + dialect.quote(names.cdcSchema()));
        }
        try {
            dialect.executeAtomically(c, statements, lockTimeout);
            created = false;
        } catch (SQLException e) {
            LOG.warn("the shared capture objects the check created in schema {} stay (in use by another process): {}", names.cdcSchema(), e.getMessage());
        }
    }
}
