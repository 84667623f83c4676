package io.hanacdc.source.hana;

import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeProvider;
import io.hanacdc.source.SourceDialect;
import java.util.List;

/** check's probes of an SAP HANA source: its privileges and each engine behaviour the capture SQL relies on. */
public final class HanaProbes implements ProbeProvider {
    @Override
    public List<Probe> sourceProbes(SourceDialect dialect) {
        if (!(dialect instanceof HanaDialect)) {
            return List.of();
        }
        return List.of(new HanaPrivilegesProbe(), new HanaTransactionIdProbe(), new HanaCatalogProbe(), new HanaTruncateProbe(),
                new HanaEmptyDatesProbe(), new HanaTriggerValidityProbe(), new HanaTriggerLockWaitProbe(), new HanaScaleOutProbe(), new HanaUniqueKeyProbe());
    }
}
