package io.hanacdc.config;

import static io.hanacdc.config.Setting.choice;
import static io.hanacdc.config.Setting.number;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** What runs beside the stream: heartbeat, purge, the vanished-row check, and how schema changes are followed. */
public final class MaintenanceSettings implements SettingGroup {
    public static final Setting HEARTBEAT_INTERVAL = number("hanacdc.heartbeat.interval-s", 5L, 1,
            "how often the task writes its heartbeat row on the source (among replicas, the one running the heartbeat table)");
    public static final Setting PURGE_INTERVAL = number("hanacdc.purge.interval-s", 60L, 1, "how often applied CDC rows are purged");
    public static final Setting PURGE_RETENTION = number("hanacdc.purge.retention-s", 0L, 0,
            "keep CDC rows at least this long after capture, even when applied");
    public static final Setting PURGE_CHUNK = number("hanacdc.purge.chunk-size", 10000L, 1, "most rows one purge DELETE removes");
    public static final Setting VANISH_CHECK = number(VanishCheckSettings.KEY, null, 0,
            "how often each streaming table is checked for rows that vanished at the source without a captured removal (a HANA"
                    + " `TRUNCATE`), which re-loads the table (see [What capture does not see](operations.md#what-capture-does-not-see));"
                    + " `0`: off").defaultText("`300` (SAP HANA), `0` (PostgreSQL)").perTableToo();
    public static final Setting SCHEMA_CHECK_INTERVAL = number("hanacdc.schema.check-interval-ms", 2000L, 1,
            "how often the shapes of the source tables are checked (see [Schema changes](how-it-works.md#schema-changes))");
    /** hanacdc.schema-changes.&lt;kind&gt;, one per kind of change (SchemaChangePolicy checks the values). */
    static final List<Setting> SCHEMA_CHANGES = Arrays.stream(SchemaChangePolicy.Kind.values())
            .map(k -> choice(k.setting(), choices(k), "what the target does on " + k.doc + " (see [Schema changes](how-it-works.md#schema-changes))")
                    .perTableToo())
            .toList();

    /** The default first; stop waits with a message naming the change and the key to set; only a dropped column may be ignored. */
    private static List<String> choices(SchemaChangePolicy.Kind kind) {
        List<String> others = kind == SchemaChangePolicy.Kind.DROP_COLUMN ? List.of("stop", "ignore") : List.of("stop");
        return kind.fallback == SchemaChangePolicy.Action.APPLY ? Stream.concat(Stream.of("apply"), others.stream()).toList() : List.of("stop", "apply");
    }

    @Override
    public String title() {
        return "Maintenance and schema changes";
    }

    @Override
    public int rank() {
        return 30;
    }

    @Override
    public List<Setting> settings() {
        return Stream.concat(Stream.of(HEARTBEAT_INTERVAL, PURGE_INTERVAL, PURGE_RETENTION, PURGE_CHUNK, VANISH_CHECK, SCHEMA_CHECK_INTERVAL),
                SCHEMA_CHANGES.stream()).toList();
    }
}
