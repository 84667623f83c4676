package io.hanacdc.pipeline;

import io.hanacdc.capture.CaptureInstaller;
import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The capture install at start, which may race replicas of the task starting at the same time. */
final class CaptureRaces {
    private static final Logger LOG = LoggerFactory.getLogger(CaptureRaces.class);
    private static final int INSTALL_ATTEMPTS = 3;

    private CaptureRaces() {}

    /**
     * Installs what is missing. Replicas starting together install the same capture at the same time;
     * each table's install is atomic and idempotent, so the loser of such a race finds it installed
     * when it tries again. A table whose install still fails stops; a lost connection stops the task.
     */
    static void install(CaptureInstaller installer, Connection c, List<SourceTable> tables, StoppedTables stopped)
            throws SQLException {
        List<SourceTable> pending = tables;
        for (int attempt = 1; ; attempt++) {
            Map<TableId, CdcException> failed;
            try {
                failed = installer.install(c, pending);
            } catch (CdcException e) { // the shared objects or the heartbeat table, which a replica starting now may be creating
                if (attempt == INSTALL_ATTEMPTS || !(e.getCause() instanceof SQLException)) {
                    throw e;
                }
                LOG.info("capture install failed, maybe racing another process; trying again: {}", e.getMessage());
                pause(attempt);
                continue;
            }
            for (Map.Entry<TableId, CdcException> f : failed.entrySet()) {
                if (f.getValue().getCause() instanceof SQLException e && String.valueOf(e.getSQLState()).startsWith("08")) {
                    throw f.getValue(); // the connection is lost: no table can be installed now
                }
                if (!(f.getValue().getCause() instanceof SQLException) || attempt == INSTALL_ATTEMPTS) {
                    stopped.stop(f.getKey(), f.getValue().getMessage());
                }
            }
            pending = pending.stream().filter(t -> failed.containsKey(t.id()) && !stopped.contains(t.id())).toList();
            if (pending.isEmpty()) {
                return;
            }
            LOG.info("capture install failed, maybe racing another process; trying again: {}", failed.get(pending.get(0).id()).getMessage());
            pause(attempt);
        }
    }

    private static void pause(int attempt) {
        try {
            Thread.sleep(500L * attempt);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new CdcException("interrupted while installing capture", ie);
        }
    }
}
