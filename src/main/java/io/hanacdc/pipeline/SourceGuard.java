package io.hanacdc.pipeline;

import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether the source is still the one the watermark and the stored positions assume, checked at start and at
 * every schema check: the data-id sequence keeps its settings (a change stops every table until hana-cdc is
 * restarted, as ids handed out meanwhile may have been skipped), and no table's stored position is above the
 * sequence (a restore, a system copy or a system-replication takeover before the latest commits arrived: the
 * rows above the sequence are gone from the source, and their ids will be handed out again). Such a table stops
 * until its position is reset, which the restore runbook does.
 */
final class SourceGuard {
    private static final Logger LOG = LoggerFactory.getLogger(SourceGuard.class);
    private final SourceDialect dialect;
    private final CaptureNames names;
    private volatile String sequenceChanged;
    private final Map<TableId, String> rewound = new ConcurrentHashMap<>();

    SourceGuard(SourceDialect dialect, CaptureNames names) {
        this.dialect = dialect;
        this.names = names;
    }

    /**
     * @param high        the high-water mark just read
     * @param storedHighs the high-water mark of each table's stored position, where known
     */
    void check(Connection c, long high, Map<TableId, Long> storedHighs) throws SQLException {
        if (sequenceChanged == null) {
            dialect.sequenceDeparture(c, names.cdcSchema(), names.sequence()).ifPresent(d -> {
                sequenceChanged = "the data-id sequence " + dialect.qualified(names.cdcSchema(), names.sequence()) + " is " + d
                        + ". Its ids must be handed out one at a time and in order on every host, or the watermark skips rows: every table"
                        + " stops. Restore the settings, restart hana-cdc, and load again the tables written meanwhile (docs/source-impact.md"
                        + " \"System copy (PRD → QAS) and restores\")";
                LOG.error(sequenceChanged);
            });
        }
        storedHighs.forEach((table, stored) -> {
            if (stored <= high) {
                rewound.remove(table);
            } else if (rewound.put(table, rewound(table, stored, high)) == null) {
                LOG.error(rewound.get(table));
            }
        });
    }

    private static String rewound(TableId table, long stored, long high) {
        return "table " + table + ": the source's data-id sequence (" + high + ") is behind the table's stored position (" + stored
                + "): the source was restored or copied, or a system-replication secondary took over before it had received the latest"
                + " commits. The rows above " + high + " are gone from the source and their ids will be handed out again, so the table"
                + " stops until its position is reset: follow docs/source-impact.md \"System copy (PRD → QAS) and restores\" (empty the target table,"
                + " then bin/hana-cdc reset " + table + " --to latest and bin/hana-cdc resnapshot " + table + ")";
    }

    /** Why the table must stop, or null. */
    String stopReason(TableId table) {
        String all = sequenceChanged;
        return all != null ? all : rewound.get(table);
    }
}
