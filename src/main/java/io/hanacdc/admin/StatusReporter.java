package io.hanacdc.admin;

import io.hanacdc.capture.UnreadCapture;
import io.hanacdc.pipeline.TableStatus;
import io.hanacdc.pipeline.CdcTask;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs one line per table: target table, state, rows snapshotted and streamed, position and lag; and
 * one per captured table the task does not read, with the command that ends its capture. Called from
 * routes/status.yaml.
 */
public final class StatusReporter {
    private static final Logger LOG = LoggerFactory.getLogger("hanacdc.status");
    private final Supplier<CdcTask> task;

    /** @param task the running task, there once the context starts the routes that call this */
    public StatusReporter(Supplier<CdcTask> task) {
        this.task = task;
    }

    /** Every table's, the stopped ones (that cannot be replicated) with their reason. */
    public List<TableStatus> statuses() {
        List<TableStatus> out = new ArrayList<>();
        task.get().workers().forEach(w -> out.add(w.status()));
        out.addAll(task.get().stopped());
        return out;
    }

    public void log() {
        StringBuilder sb = new StringBuilder(String.format("%n%-32s %-32s %-10s %10s %10s %12s %9s  %s", "table", "target", "state", "snapshot", "streamed", "last id", "lag", "watermark"));
        for (TableStatus s : statuses()) {
            sb.append(String.format("%n%-32s %-32s %-10s %10d %10d %12d %8.1fs  %s", s.table(), s.target(), s.state().label(), s.rowsSnapshotted(), s.rowsStreamed(),
                    s.lastDataId(), s.lag().toMillis() / 1000.0, abbreviate(s.watermark())));
            if (s.key().startsWith("unique index")) { // no primary key: say what stands in for it
                sb.append(String.format("%n    key: %s", s.key()));
            }
            if (s.lastError() != null) {
                sb.append(String.format("%n    last error: %s", s.lastError()));
            }
        }
        List<UnreadCapture.Table> unreadTables = task.get().unread().current();
        for (UnreadCapture.Table t : unreadTables) {
            sb.append(String.format("%n%-32s %-10s captured, applied by nobody here: %s", t.id(), t.state(), t.command()));
        }
        if (unreadTables.isEmpty()) {
            LOG.info(sb.toString());
        } else { // growing CDC tables: said at every status, not only once at start
            LOG.warn(sb.toString());
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }
}
