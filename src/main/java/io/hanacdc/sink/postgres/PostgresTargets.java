package io.hanacdc.sink.postgres;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.TableId;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetKind;
import java.util.Optional;

/** PostgreSQL as a kind of target: jdbc:postgresql: URLs. */
public final class PostgresTargets implements TargetKind {
    @Override
    public boolean handles(String url) {
        return url.startsWith("jdbc:postgresql:");
    }

    @Override
    public Target open(CdcConfig cfg, int poolSize) {
        return PostgresTarget.open(cfg, poolSize);
    }

    @Override
    public String deletePositionsSql(CdcConfig cfg, Optional<TableId> table) {
        return PgPositions.deleteSql(cfg.controlDatabase(), cfg.task(), table);
    }
}
