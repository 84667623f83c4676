package io.hanacdc.check;

import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The CDC schema and the shared capture objects (sequence, registry) that scratch capture needs: created
 * by the first probe that needs them when the schema does not exist yet, and removed at the end of the
 * check unless install or run, whose gate passed, goes on to use them (removing them then could pull
 * them from under a replica installing at the same moment).
 */
public final class SharedCaptureObjects {
    private final SourceDialect dialect;
    private final CaptureNames names;
    private final Duration lockTimeout;
    private boolean created;

    SharedCaptureObjects(SourceDialect dialect, CaptureNames names, Duration lockTimeout) {
        this.dialect = dialect;
        this.names = names;
        this.lockTimeout = lockTimeout;
    }

    public synchronized void ensure(Connection c) throws SQLException {
        if (created || schemaExists(c)) {
            return;
        }
        try {
            dialect.executeAtomically(c, dialect.captureSql(names).installShared(), lockTimeout);
            created = true;
        } catch (SQLException e) {
            if (!schemaExists(c)) { // else a replica starting at the same moment created them
                throw e;
            }
        }
    }

    synchronized void removeIfCreated(Connection c) throws SQLException {
        if (!created) {
            return;
        }
        List<String> statements = new ArrayList<>(dialect.captureSql(names).uninstallShared());
        statements.add("DROP SCHEMA " + dialect.quote(names.cdcSchema()));
        dialect.executeAtomically(c, statements, lockTimeout);
        created = false;
    }

    private boolean schemaExists(Connection c) throws SQLException {
        try (ResultSet rs = c.getMetaData().getSchemas(null, null)) {
            while (rs.next()) {
                if (names.cdcSchema().equals(rs.getString("TABLE_SCHEM"))) {
                    return true;
                }
            }
        }
        return false;
    }
}
