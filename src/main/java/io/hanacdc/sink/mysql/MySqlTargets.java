package io.hanacdc.sink.mysql;

import io.hanacdc.config.CdcConfig;
import io.hanacdc.schema.TableId;
import io.hanacdc.sink.Target;
import io.hanacdc.sink.TargetKind;
import java.util.Optional;

/** MySQL and MariaDB as a kind of target: jdbc:mysql: and jdbc:mariadb: URLs. */
public final class MySqlTargets implements TargetKind {
    static boolean accepts(String url) {
        return url.startsWith("jdbc:mysql:") || url.startsWith("jdbc:mariadb:");
    }

    @Override
    public boolean handles(String url) {
        return accepts(url);
    }

    @Override
    public Target open(CdcConfig cfg, int poolSize) {
        return MySqlTarget.open(cfg, poolSize);
    }

    @Override
    public String deletePositionsSql(CdcConfig cfg, Optional<TableId> table) {
        return PositionStore.deleteSql(cfg.controlDatabase(), cfg.task(), table);
    }
}
