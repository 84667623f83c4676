package io.hanacdc.pipeline;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.TableResolver;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The tables of a task that cannot be replicated, each with its reason, found while the task starts:
 * each stops alone (no worker, nothing more installed for it) and says why in the status log, the
 * admin API, the metrics and health, while the other tables go on. It takes a restart to try again.
 */
final class StoppedTables {
    private static final Logger LOG = LoggerFactory.getLogger(StoppedTables.class);
    private final Map<TableId, String> reasons = new LinkedHashMap<>();

    void stop(TableId table, String reason) {
        if (reasons.putIfAbsent(table, reason) == null) {
            LOG.error("table {} is stopped: {}", table, reason);
        }
    }

    boolean contains(TableId table) {
        return reasons.containsKey(table);
    }

    /** With no table left to replicate, the task has nothing to do: it stops, naming every table's reason. */
    void requireSome(int running) {
        if (running == 0 && !reasons.isEmpty()) {
            throw new CdcException(TableResolver.Resolved.reasons(reasons));
        }
    }

    List<TableStatus> statuses() {
        return reasons.entrySet().stream().map(e -> TableStatus.stopped(e.getKey().toString(), e.getValue())).toList();
    }
}
