package io.hanacdc.sink.postgres;

import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeProvider;
import io.hanacdc.sink.Target;
import java.util.List;

/** check's probes of a PostgreSQL target: its settings, the target user's rights where the task writes, the round trip of every mapped type. */
public final class PgProbes implements ProbeProvider {
    @Override
    public List<Probe> targetProbes(Target target) {
        return target instanceof PostgresTarget t ? List.of(new PgSettingsProbe(t), new PgPrivilegesProbe(t), new PgRoundTripProbe(t)) : List.of();
    }
}
