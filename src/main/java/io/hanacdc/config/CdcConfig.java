package io.hanacdc.config;

import io.hanacdc.common.CdcException;
import io.hanacdc.common.Secrets;
import io.hanacdc.schema.TablePattern;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The task's settings (the hanacdc.* keys); README's configuration reference lists each one. {@code settings}
 * reads them as they were given, for what a kind of target reads itself (the Kafka target's hanacdc.kafka.*).
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
        String name = user.or(() -> props.apply("hanacdc.alter.user")).orElse(source.user());
        String password = new Reader(props).secret("hanacdc.alter.password").orElse(name.equals(source.user()) ? source.password() : "");
        return new Endpoint(source.url(), name, password);
    }

    /**
     * The source as a user that writes the captured tables (check --writer-user), with hanacdc.check.writer-password (or
     * the file hanacdc.check.writer-password-file names).
     */
    public static Endpoint writerSource(Function<String, Optional<String>> props, Endpoint source, String user) {
        return new Endpoint(source.url(), user, new Reader(props).secret("hanacdc.check.writer-password").orElse(""));
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
        return load(k -> props.apply(k).or(() -> k.equals("hanacdc.target.url") ? Optional.of(NO_TARGET) : Optional.empty()), true);
    }

    private static CdcConfig load(Function<String, Optional<String>> props, boolean tablesOptional) {
        Reader r = new Reader(props);
        return new CdcConfig(
                r.string("hanacdc.task", "default"),
                new Endpoint(r.required("hanacdc.source.url"), r.string("hanacdc.source.user", ""), r.secret("hanacdc.source.password").orElse("")),
                new Endpoint(r.required("hanacdc.target.url"), r.string("hanacdc.target.user", ""), r.secret("hanacdc.target.password").orElse("")),
                tablesOptional && r.string("hanacdc.tables", "").isEmpty() ? List.of() : TablePattern.parseList(r.required("hanacdc.tables")),
                r.string("hanacdc.cdc-schema", SourceKind.forUrl(r.required("hanacdc.source.url")).defaultCdcSchema()),
                r.string("hanacdc.target.control-database", ""),
                TargetNames.load(r),
                Duration.ofMillis(r.positiveInt("hanacdc.poll-interval-ms", 200)),
                r.positiveInt("hanacdc.batch-size", 5000),
                r.positiveInt("hanacdc.stream.parallel-tables", Math.max(2, Runtime.getRuntime().availableProcessors())),
                r.positiveInt("hanacdc.snapshot.chunk-size", 10000),
                Duration.ofMillis(r.positiveInt("hanacdc.install.lock-timeout-ms", 10000)),
                CaptureOptions.parse(r.string("hanacdc.capture.mode", "full"), r.string("hanacdc.capture.on-error", "record-and-resync"),
                        r.string("hanacdc.capture.trigger-level", "statement")).withCdcPartitions(r.positiveInt("hanacdc.capture.cdc-partitions", 1)),
                r.oneOf("hanacdc.watermark", "auto", "open-transactions", "gap-probe"),
                Duration.ofMillis(r.positiveInt("hanacdc.watermark.probe-timeout-ms", 1000)),
                r.positiveInt("hanacdc.watermark.probes-per-poll", 1000),
                AdminSettings.load(props),
                new Maintenance(Duration.ofSeconds(r.positiveInt("hanacdc.heartbeat.interval-s", 5)),
                        Duration.ofSeconds(r.positiveInt("hanacdc.purge.interval-s", 60)),
                        Duration.ofSeconds(r.nonNegativeInt("hanacdc.purge.retention-s", 0)),
                        r.positiveInt("hanacdc.purge.chunk-size", 10000),
                        Duration.ofMillis(r.positiveInt("hanacdc.schema.check-interval-ms", 2000)),
                        r.nonNegativeLong("hanacdc.capture.max-pending-rows", 1_000_000_000L)),
                new SchemaChangePolicy(props),
                new VanishCheckSettings(r, r.required("hanacdc.source.url")),
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

        public String required(String key) {
            String v = string(key, "");
            if (v.isEmpty()) {
                throw new CdcException(key + " is not set: set it in application.properties or as environment variable "
                        + Settings.environmentName(key));
            }
            return v;
        }

        public String oneOf(String key, String def, String... others) {
            String v = string(key, def);
            if (!v.equals(def) && !List.of(others).contains(v)) {
                throw new CdcException(key + "=" + v + " is not one of: " + def + ", " + String.join(", ", others));
            }
            return v;
        }

        public int nonNegativeInt(String key, int def) {
            return atLeast(key, def, 0);
        }

        public int positiveInt(String key, int def) {
            return atLeast(key, def, 1);
        }

        /** A count that may pass two billion (rows of a partitioned table). */
        public long nonNegativeLong(String key, long def) {
            return atLeast(key, def, 0);
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
