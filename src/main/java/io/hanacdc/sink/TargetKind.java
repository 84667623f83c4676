package io.hanacdc.sink;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.TableId;
import java.util.Optional;

/**
 * A kind of target (MySQL/MariaDB, PostgreSQL, Kafka), found by {@link TargetResolver} through
 * {@link java.util.ServiceLoader}: each declares the hanacdc.target.url it takes.
 */
public interface TargetKind {
    boolean handles(String url);

    /** Connects, checking the target is of this kind and usable; a {@link io.hanacdc.common.CdcException} says why not. */
    Target open(CdcConfig cfg, int poolSize);

    /** How a DBA removes the task's positions by hand, when the target cannot be reached (uninstall). */
    String deletePositionsSql(CdcConfig cfg, Optional<TableId> table);
}
