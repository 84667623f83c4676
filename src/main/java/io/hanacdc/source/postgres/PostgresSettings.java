package io.hanacdc.source.postgres;

import io.hanacdc.config.Setting;
import io.hanacdc.config.SettingGroup;
import java.util.List;

/** The PostgreSQL source's own settings (read into the capture options where all settings are read). */
public final class PostgresSettings implements SettingGroup {
    static final Setting TRIGGER_LEVEL = Setting.choice("hanacdc.capture.trigger-level", List.of("statement", "row"),
            "`statement`: one trigger call per statement with transition tables, cheapest for multi-row statements; `row`: one"
                    + " call per changed row, cheaper when the application writes one row per statement (see"
                    + " [Performance](performance.md)). Same CDC rows either way. Changing it re-creates the triggers at the next start"
                    + " or `install`. Row triggers read the source table when an update changes a key, so the installing user needs"
                    + " SELECT on it. SAP HANA triggers are always per row");

    @Override
    public String title() {
        return "PostgreSQL source";
    }

    @Override
    public int rank() {
        return 46;
    }

    @Override
    public List<Setting> settings() {
        return List.of(TRIGGER_LEVEL);
    }
}
