package io.hanacdc.config;

import io.hanacdc.schema.TableId;
import java.time.Duration;
import java.util.Optional;

/**
 * How often each streaming table is checked for rows that vanished at the source without a captured
 * removal: {@code hanacdc.vanish-check.interval-s} for all tables (default: the source dialect's),
 * {@code hanacdc.vanish-check.interval-s.<schema>.<table>} for one; 0 turns the check off.
 */
public final class VanishCheckSettings {
    public static final String KEY = "hanacdc.vanish-check.interval-s";
    private final CdcConfig.Reader reader;
    private final int seconds;

    VanishCheckSettings(CdcConfig.Reader reader, String sourceUrl) {
        this.reader = reader;
        this.seconds = reader.number(MaintenanceSettings.VANISH_CHECK, SourceKind.forUrl(sourceUrl).defaultVanishCheckSeconds());
    }

    /** The table's interval; empty when its check is off. */
    public Optional<Duration> interval(TableId table) {
        int s = reader.number(MaintenanceSettings.VANISH_CHECK.forTable(table.schema(), table.name()), seconds);
        return s == 0 ? Optional.empty() : Optional.of(Duration.ofSeconds(s));
    }
}
