package io.hanacdc.check;

import io.hanacdc.source.SourceDialect;
import io.hanacdc.sink.Target;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Function;
import java.util.stream.Stream;

/** Every probe of a check, in the order it reports them: the source's, those of any source, the target's. */
public final class Probes {
    private static final List<ProbeProvider> PROVIDERS = ServiceLoader.load(ProbeProvider.class, ProbeProvider.class.getClassLoader())
            .stream().map(ServiceLoader.Provider::get).toList();

    private Probes() {}

    public static List<Probe> of(SourceDialect dialect, Target target) {
        return Stream.of(ofSource(dialect), common(), ofTarget(target)).flatMap(List::stream).toList();
    }

    public static List<Probe> ofSource(SourceDialect dialect) {
        return collect(p -> p.sourceProbes(dialect));
    }

    /** The source's probes and those of any source: what a gate knows before it opens the target. */
    static List<Probe> withoutTarget(SourceDialect dialect) {
        return Stream.of(ofSource(dialect), common()).flatMap(List::stream).toList();
    }

    static List<Probe> ofTarget(Target target) {
        return collect(p -> p.targetProbes(target));
    }

    /** The probes of what every source shares: the watermark, key shifts, rollbacks, sequences, other writers, captured types. */
    private static List<Probe> common() {
        return List.of(WatermarkProbe.ofTask(), WatermarkProbe.ofGapProbing(), new KeyShiftProbe(), RollbackProbe.ofTask(),
                RollbackProbe.ofScripts(), new SequenceSettingsProbe(), new OtherWritesProbe(), new WriterRightsProbe(),
                new CapturedTypesProbe());
    }

    private static List<Probe> collect(Function<ProbeProvider, List<Probe>> probes) {
        return PROVIDERS.stream().flatMap(p -> probes.apply(p).stream()).toList();
    }
}
