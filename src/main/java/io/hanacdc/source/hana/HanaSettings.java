package io.hanacdc.source.hana;

import io.hanacdc.config.Setting;
import io.hanacdc.config.SettingGroup;
import java.util.List;

/** The SAP HANA source's own settings (read into the capture options where all settings are read). */
public final class HanaSettings implements SettingGroup {
    static final Setting ON_ERROR = Setting.choice("hanacdc.capture.on-error", List.of("record-and-resync", "fail"),
            "what a trigger does when writing the CDC row fails. `record-and-resync`: the business write goes through, the key is"
                    + " recorded in the table's capture-error table and the stream re-reads it; `fail`: the business write fails with"
                    + " the error. (PostgreSQL always fails the write: its trigger runs in the writer's transaction.)");
    static final Setting CDC_PARTITIONS = Setting.number("hanacdc.capture.cdc-partitions", 1L, 1,
            "CDC tables created from now on are hash-partitioned on the data id into this many partitions"
                    + " (`PARTITION BY HASH … PARTITIONS n`), for tables whose changes between two purges (or over an outage) may near"
                    + " 2 billion rows; `1`: not partitioned");

    @Override
    public String title() {
        return "SAP HANA source";
    }

    @Override
    public int rank() {
        return 45;
    }

    @Override
    public List<Setting> settings() {
        return List.of(ON_ERROR, CDC_PARTITIONS);
    }
}
