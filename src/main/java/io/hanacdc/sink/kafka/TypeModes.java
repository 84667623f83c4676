package io.hanacdc.sink.kafka;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.CdcConfig;
import io.hanacdc.config.Setting;
import io.hanacdc.schema.TableId;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * How values of decimal, temporal and binary columns are written, under the names, values and defaults of Debezium's
 * connectors' settings, as hanacdc.kafka.decimal.handling.mode (precise, string, double),
 * hanacdc.kafka.time.precision.mode (adaptive, adaptive_time_microseconds, connect, isostring) and
 * hanacdc.kafka.binary.handling.mode (bytes, base64, base64-url-safe, hex). FieldCodecs says what each writes.
 * hanacdc.kafka.column.propagate.source.type: regular expressions (comma-separated) of {@code schema.table.column}
 * names whose field schemas carry the source type as Debezium's __debezium.source.column.* parameters, from which
 * sinks create the column's own type (varchar(12) rather than longtext, and so declare its default).
 *
 * @param propagate the columns whose source type is propagated; null: none
 */
record TypeModes(Decimal decimal, Time time, Binary binary, Pattern propagate) {
    enum Decimal { PRECISE, STRING, DOUBLE }

    enum Time { ADAPTIVE, ADAPTIVE_TIME_MICROSECONDS, CONNECT, ISOSTRING }

    enum Binary { BYTES, BASE64, BASE64_URL_SAFE, HEX }

    static final Setting DECIMAL = Setting.choice(KafkaSettings.CLIENT_PREFIX + "decimal.handling.mode", List.of("precise", "string", "double"),
            "decimal values as Debezium's connectors write them: `precise`, Connect's `Decimal` (bytes, `VariableScaleDecimal` for a"
                    + " decimal without scale); `string`; `double` (inexact: refused where a value would change)");
    static final Setting TIME = Setting.choice(KafkaSettings.CLIENT_PREFIX + "time.precision.mode",
            List.of("adaptive", "adaptive_time_microseconds", "connect", "isostring"),
            "dates and times as Debezium's connectors write them: `adaptive` (`io.debezium.time.Date`, `MicroTime`, `MicroTimestamp`,"
                    + " `NanoTimestamp` by precision), `adaptive_time_microseconds`, `connect` (Connect's logical types), `isostring`"
                    + " (ISO-8601 text, what hana-cdc wrote before)");
    static final Setting BINARY = Setting.choice(KafkaSettings.CLIENT_PREFIX + "binary.handling.mode", List.of("bytes", "base64", "base64-url-safe", "hex"),
            "binary values as Debezium's connectors write them");
    static final Setting PROPAGATE = Setting.text(KafkaSettings.CLIENT_PREFIX + "column.propagate.source.type", "",
            "regular expressions (comma-separated) of `schema.table.column` names whose field schemas carry the source type as"
                    + " Debezium's `__debezium.source.column.*` parameters, from which sinks create the column's own type").defaultText("none");
    /** The settings, declared with the Kafka target's own (KafkaSettingGroup). */
    static final List<Setting> SETTINGS = List.of(DECIMAL, TIME, BINARY, PROPAGATE);
    /** Debezium's defaults. */
    static final TypeModes DEBEZIUM = new TypeModes(Decimal.PRECISE, Time.ADAPTIVE, Binary.BYTES, null);
    /** What hana-cdc wrote before these settings: decimals as text, dates and times as ISO-8601 text, binary as base64. */
    static final TypeModes TEXT = new TypeModes(Decimal.STRING, Time.ISOSTRING, Binary.BYTES, null);

    static TypeModes load(CdcConfig.Reader r) {
        return new TypeModes(Decimal.valueOf(name(r.choice(DECIMAL))), Time.valueOf(name(r.choice(TIME))), Binary.valueOf(name(r.choice(BINARY))),
                columns(r.text(PROPAGATE)));
    }

    /** Whether a column's field schema carries its source type. */
    boolean propagates(TableId table, String column) {
        return propagate != null && propagate.matcher(table.schema() + "." + table.name() + "." + column).matches();
    }

    private static Pattern columns(String list) {
        if (list.isBlank()) {
            return null;
        }
        try {
            return Pattern.compile(Arrays.stream(list.split(",")).map(String::strip).map(r -> "(?:" + r + ")").collect(Collectors.joining("|")));
        } catch (PatternSyntaxException e) {
            throw new CdcException(PROPAGATE.key() + "=" + list + " is not a list of regular expressions: " + e.getDescription());
        }
    }

    private static String name(String setting) {
        return setting.toUpperCase(Locale.ROOT).replace('-', '_');
    }
}
