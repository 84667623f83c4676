package io.hanacdc.target.mysql;

import io.hanacdc.check.Probe;
import java.util.List;

/** The target's preflight probes: settings, privileges, and the round trip of every mapped type. */
public final class TargetProbes {
    private TargetProbes() {}

    public static List<Probe> all() {
        return List.of(new SettingsProbe(), new PrivilegesProbe(), new RoundTripProbe());
    }
}
