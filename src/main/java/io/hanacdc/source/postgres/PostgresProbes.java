package io.hanacdc.source.postgres;

import io.hanacdc.check.NotApplicable;
import io.hanacdc.check.Probe;
import io.hanacdc.check.ProbeProvider;
import io.hanacdc.source.SourceDialect;
import java.util.List;

/**
 * check's probes of a PostgreSQL source. HANA's engine assumptions have no counterpart here: the trigger and the
 * watermark read the same transaction snapshot (the watermark probe covers it), and PostgreSQL's catalog and
 * TRUNCATE trigger are exercised by the CI suite.
 */
public final class PostgresProbes implements ProbeProvider {
    @Override
    public List<Probe> sourceProbes(SourceDialect dialect) {
        if (!(dialect instanceof PostgresDialect)) {
            return List.of();
        }
        return List.of(new PostgresPrivilegesProbe(),
                hanaOnly("transaction ids", "CURRENT_UPDATE_TRANSACTION() in a trigger = M_TRANSACTIONS.UPDATE_TRANSACTION_ID"),
                hanaOnly("catalog reads", "SYS.TABLE_COLUMNS: DEFAULT_VALUE, floating DECIMAL, COLUMN_ID across RENAME COLUMN"),
                hanaOnly("truncate", "whether TRUNCATE TABLE fires DELETE triggers (here: a TRUNCATE trigger captures it)"),
                hanaOnly("empty dates", "empty DATE, SECONDDATE, TIMESTAMP, TIME through capture (PostgreSQL has no empty dates)"),
                hanaOnly("trigger validity", "whether an ALTER of a column the triggers do not reference leaves them valid (PostgreSQL"
                        + " never invalidates a trigger)"),
                hanaOnly("trigger lock wait", "a lock wait timeout in a capture trigger fails the write (PostgreSQL's capture functions"
                        + " have no exception handler: the writer's statement fails as it is)"),
                hanaOnly("scale-out transactions", "one transaction writing a table at every index server is held back, then delivered"
                        + " (a PostgreSQL server is one host)"));
    }

    private static Probe hanaOnly(String name, String checks) {
        return new NotApplicable(name, checks, "SAP HANA only");
    }
}
