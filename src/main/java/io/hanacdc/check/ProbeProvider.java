package io.hanacdc.check;

import io.hanacdc.source.SourceDialect;
import io.hanacdc.sink.Target;
import java.util.List;

/**
 * The probes a source's or target's home adds to {@code check}: its privileges and the engine behaviour its SQL
 * relies on. Found through java.util.ServiceLoader (META-INF/services), so the check names no database itself.
 */
public interface ProbeProvider {
    /** Probes of {@code dialect}'s source; empty when it is not this home's. Another source's assumptions are listed as not applicable. */
    default List<Probe> sourceProbes(SourceDialect dialect) {
        return List.of();
    }

    /** Probes of {@code target} (settings, privileges, the round trip of every mapped type); empty when it is not this home's. */
    default List<Probe> targetProbes(Target target) {
        return List.of();
    }
}
