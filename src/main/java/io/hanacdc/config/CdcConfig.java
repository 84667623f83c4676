package io.hanacdc.config;

import io.hanacdc.common.CdcException;
import io.hanacdc.common.Secrets;
import io.hanacdc.schema.TablePattern;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The task's settings (the hanacdc.* keys, each declared once in a SettingGroup). {@code settings} reads them as
 * they were given, for what a kind of target reads itself (the Kafka target's hanacdc.kafka.*).
 */
public record CdcConfig(
        String task,
        Endpoint source,
        Endpoint target,
        List<TablePattern> tables,
        String cdcSchema,
        String controlDatabase,
        TargetNames targetNames,
        Duration pollInterval,
        Duration busyPollInterval,
        int batchSize,
        int parallelTables,
        int snapshotChunkSize,
        Duration lockTimeout,
        CaptureOptions capture,
        String watermark,
        Duration probeTimeout,
        int probesPerPoll,
        AdminSettings admin,
        Maintenance maintenance,
        SchemaChangePolicy schemaChanges,
        VanishCheckSettings vanishCheck,
        Reader settings) {

    /** Heartbeat and purge of applied CDC rows. */
    /** {@code maxPendingRows}: a CDC table holding more rows suspends its table's capture (0: never). */
    public record Maintenance(Duration heartbeatInterval, Duration purgeInterval, Duration purgeRetention, int purgeChunk,
                              Duration schemaCheckInterval, long maxPendingRows) {}

    /** A database connection: JDBC URL and credentials. */
    public record Endpoint(String url, String user, String password) {
        @Override
        public String toString() { // never print the password
            return Secrets.maskUrl(url) + (user == null || user.isEmpty() ? "" : " as " + user);
        }
    }

    /**
     * The source as the alter command connects: as {@code user} (--user), else hanacdc.alter.user, else the
     * task's user; with hanacdc.alter.password (or the file hanacdc.alter.password-file names), else, for the task's own
     * user only, its password.
     */
    public static Endpoint alterSource(Function<String, Optional<String>> props, Endpoint source, Optional<String> user) {
        String name = user.or(() -> props.apply(CommandSettings.ALTER_USER.key())).orElse(source.user());
        String password = new Reader(props).secret(CommandSettings.ALTER_PASSWORD).orElse(name.equals(source.user()) ? source.password() : "");
        return new Endpoint(source.url(), name, password);
    }

    /**
     * The source as a user that writes the captured tables (check --writer-user), with hanacdc.check.writer-password (or
     * the file hanacdc.check.writer-password-file names).
     */
    public static Endpoint writerSource(Function<String, Optional<String>> props, Endpoint source, String user) {
        return new Endpoint(source.url(), user, new Reader(props).secret(CommandSettings.WRITER_PASSWORD).orElse(""));
    }

    /** hanacdc.target.url of a configuration read for uninstall, which needs the source's settings alone. */
    public static final String NO_TARGET = "(not set)";

    public static CdcConfig load(Function<String, Optional<String>> props) {
        return load(props, false);
    }

    /**
     * The settings uninstall needs: the source's alone. Without hanacdc.target.url the target is
     * {@link #NO_TARGET}; without hanacdc.tables the task lists no table (uninstall reads what it
     * removes from the source's capture registry).
     */
    public static CdcConfig loadSourceOnly(Function<String, Optional<String>> props) {
        return load(k -> props.apply(k).or(() -> k.equals(TaskSettings.TARGET_URL.key()) ? Optional.of(NO_TARGET) : Optional.empty()), true);
    }

    private static CdcConfig load(Function<String, Optional<String>> props, boolean tablesOptional) {
        Reader r = new Reader(props);
        String sourceUrl = r.required(TaskSettings.SOURCE_URL);
        return new CdcConfig(
                r.text(TaskSettings.TASK),
                new Endpoint(sourceUrl, r.text(TaskSettings.SOURCE_USER), r.secret(TaskSettings.SOURCE_PASSWORD).orElse("")),
                new Endpoint(r.required(TaskSettings.TARGET_URL), r.text(TaskSettings.TARGET_USER), r.secret(TaskSettings.TARGET_PASSWORD).orElse("")),
                tablesOptional && r.text(TaskSettings.TABLES).isEmpty() ? List.of() : TablePattern.parseList(r.required(TaskSettings.TABLES)),
                r.string(TaskSettings.CDC_SCHEMA.key(), SourceKind.forUrl(sourceUrl).defaultCdcSchema()),
                r.text(TaskSettings.CONTROL_DATABASE),
                TargetNames.load(r),
                Duration.ofMillis(r.number(StreamSettings.POLL_INTERVAL)),
                Duration.ofMillis(r.number(StreamSettings.BUSY_POLL_INTERVAL)),
                r.number(StreamSettings.BATCH_SIZE),
                r.number(StreamSettings.PARALLEL_TABLES, Math.max(2, Runtime.getRuntime().availableProcessors())),
                r.number(StreamSettings.CHUNK_SIZE),
                Duration.ofMillis(r.number(StreamSettings.LOCK_TIMEOUT)),
                // the sources' own capture settings are declared in their homes, which config does not know
                CaptureOptions.parse(r.choice(StreamSettings.CAPTURE_MODE), r.choice(Settings.declared("hanacdc.capture.on-error")),
                        r.choice(Settings.declared("hanacdc.capture.trigger-level")))
                        .withCdcPartitions(r.number(Settings.declared("hanacdc.capture.cdc-partitions"))),
                r.choice(StreamSettings.WATERMARK),
                Duration.ofMillis(r.number(StreamSettings.PROBE_TIMEOUT)),
                r.number(StreamSettings.PROBES_PER_POLL),
                AdminSettings.load(props),
                new Maintenance(Duration.ofSeconds(r.number(MaintenanceSettings.HEARTBEAT_INTERVAL)),
                        Duration.ofSeconds(r.number(MaintenanceSettings.PURGE_INTERVAL)),
                        Duration.ofSeconds(r.number(MaintenanceSettings.PURGE_RETENTION)),
                        r.number(MaintenanceSettings.PURGE_CHUNK),
                        Duration.ofMillis(r.number(MaintenanceSettings.SCHEMA_CHECK_INTERVAL)),
                        r.longNumber(StreamSettings.MAX_PENDING_ROWS)),
                new SchemaChangePolicy(props),
                new VanishCheckSettings(r, sourceUrl),
                r);
    }

    /** Typed reads of settings, with messages naming the key. */
    public record Reader(Function<String, Optional<String>> props) {
        public String string(String key, String def) {
            return props.apply(key).map(String::strip).orElse(def);
        }

        /** A password or token: the key's value, or the content of the file its -file twin names (SecretFile). */
        public Optional<String> secret(String key) {
            return SecretFile.read(props, key);
        }

        public String text(Setting s) {
            return string(s.key(), s.fallback() == null ? "" : s.fallback());
        }

        public String required(Setting s) {
            String v = text(s);
            if (v.isEmpty()) {
                throw new CdcException(s + " is not set: set it in application.properties or as environment variable "
                        + Settings.environmentName(s.key()));
            }
            return v;
        }

        public Optional<String> secret(Setting s) {
            return secret(s.key());
        }

        /** One of the setting's choices, refused naming them all. */
        public String choice(Setting s) {
            String v = text(s);
            if (!s.choices().contains(v)) {
                throw new CdcException(s + "=" + v + " is not one of: " + String.join(", ", s.choices()));
            }
            return v;
        }

        public int number(Setting s) {
            return number(s, Integer.parseInt(s.fallback()));
        }

        /** A number whose default is worked out where it is read. */
        public int number(Setting s, int def) {
            return atLeast(s.key(), def, (int) s.min());
        }

        /** A count that may pass two billion (rows of a partitioned table). */
        public long longNumber(Setting s) {
            return atLeast(s.key(), Long.parseLong(s.fallback()), s.min());
        }

        private int atLeast(String key, int def, int min) {
            return (int) atLeast(key, def, min, Integer.MAX_VALUE);
        }

        private long atLeast(String key, long def, long min) {
            return atLeast(key, def, min, Long.MAX_VALUE);
        }

        private long atLeast(String key, long def, long min, long max) {
            String v = string(key, "");
            if (v.isEmpty()) {
                return def;
            }
            try {
                long n = Long.parseLong(v);
                if (n >= min && n <= max) {
                    return n;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new CdcException(key + "=" + v + " is not a whole number of at least " + min + (max < Long.MAX_VALUE ? " and at most " + max : ""));
        }
    }
}
