package io.hanacdc.check;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CaptureNames;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.sink.Target;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * What probes work against: the task's settings, its source (as the configured user, through the
 * task's own pool settings) and target, and the subscribed tables as the task resolves them.
 * {@code shared}: the CDC schema's shared objects, created for scratch capture if missing;
 * {@code scratchSuffix} keeps scratch names of concurrent checks (replicas starting together) apart.
 * {@code captured}: the subscribed tables whose capture is installed already (by this task or a DBA):
 * running them needs no right to create triggers or objects, only to read and to keep the CDC tables.
 * {@code writer}: the source as a user that writes the captured tables (check --writer-user), when given.
 */
public record CheckContext(CdcConfig config, SourceDialect dialect, CaptureNames names, DataSource source, Target target,
        List<SourceTable> tables, SharedCaptureObjects shared, String scratchSuffix, Set<TableId> captured,
        Optional<Writer> writer) {

    /** A user that writes the captured tables, by name and as a source connection. */
    public record Writer(String user, DataSource source) {}

    /** Whether this run must create capture objects (a table without capture, or the shared objects missing). */
    public boolean installs() {
        return tables.stream().anyMatch(t -> !captured.contains(t.id()));
    }
}
