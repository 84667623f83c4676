package io.hanacdc.sink.mysql;

import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeProvider;
import io.hanacdc.sink.Target;
import java.util.List;

/** check's probes of a MySQL or MariaDB target: settings, privileges, the round trip of every mapped type, column extremes. */
public final class MySqlProbes implements ProbeProvider {
    @Override
    public List<Probe> targetProbes(Target target) {
        if (!(target instanceof MySqlTarget t)) {
            return List.of();
        }
        return List.of(new SettingsProbe(t), new PrivilegesProbe(t), new RoundTripProbe(t), new ColumnExtremesProbe(t));
    }
}
