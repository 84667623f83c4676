package io.hanacdc.sink.kafka;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.source.JdbcValues;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * Dates, times and timestamps by time.precision.mode, as Debezium's connectors write them. adaptive (the default): a
 * date as io.debezium.time.Date (days since 1970-01-01, int32), a time or timestamp in the unit its fractional digits
 * need: Time/Timestamp (milliseconds) up to 3, MicroTime/MicroTimestamp (microseconds) up to 6, NanoTime/NanoTimestamp
 * beyond (SAP HANA's TIMESTAMP); adaptive_time_microseconds: times as MicroTime; connect: Connect's Date, Time and
 * Timestamp (milliseconds); isostring: ISO-8601 text as io.debezium.time.IsoDate, IsoTime, IsoTimestamp. A value the
 * unit cannot hold (digits below it, a timestamp beyond what a long of nanoseconds spans) is refused, never cut.
 * PostgreSQL's time 24:00:00 is the day's length in the unit.
 */
final class TimeCodecs {
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;
    private static final long MILLIS = 1_000_000;
    private static final long MICROS = 1_000;
    private static final long NANOS = 1;

    private TimeCodecs() {}

    static FieldCodec of(ColumnType t, TypeModes.Time mode) {
        if (mode == TypeModes.Time.ISOSTRING) {
            return iso(t.kind());
        }
        boolean connect = mode == TypeModes.Time.CONNECT;
        int digits = t.precision();
        return switch (t.kind()) {
            case DATE -> new FieldCodec("int32", connect ? "org.apache.kafka.connect.data.Date" : "io.debezium.time.Date",
                    (g, v) -> g.writeNumber(days((LocalDate) v)), v -> LocalDate.ofEpochDay(v.longValue()));
            case TIME -> connect ? time("int32", "org.apache.kafka.connect.data.Time", MILLIS)
                    : mode == TypeModes.Time.ADAPTIVE_TIME_MICROSECONDS ? time("int64", "io.debezium.time.MicroTime", MICROS)
                    : digits <= 3 ? time("int32", "io.debezium.time.Time", MILLIS)
                    : digits <= 6 ? time("int64", "io.debezium.time.MicroTime", MICROS) : time("int64", "io.debezium.time.NanoTime", NANOS);
            case TIMESTAMP -> connect ? timestamp("org.apache.kafka.connect.data.Timestamp", MILLIS)
                    : digits <= 3 ? timestamp("io.debezium.time.Timestamp", MILLIS)
                    : digits <= 6 ? timestamp("io.debezium.time.MicroTimestamp", MICROS) : timestamp("io.debezium.time.NanoTimestamp", NANOS);
            default -> throw new IllegalStateException("not a date or time: " + t);
        };
    }

    private static FieldCodec iso(ColumnType.Kind kind) {
        return switch (kind) {
            case DATE -> new FieldCodec("string", "io.debezium.time.IsoDate", (g, v) -> g.writeString(DateTimeFormatter.ISO_LOCAL_DATE.format((LocalDate) v)),
                    v -> LocalDate.parse(v.asText())); // signed years beyond 9999 and before year 1 included
            case TIME -> new FieldCodec("string", "io.debezium.time.IsoTime",
                    (g, v) -> g.writeString(v instanceof LocalTime t ? DateTimeFormatter.ISO_LOCAL_TIME.format(t) : v.toString()),
                    v -> v.asText().equals(JdbcValues.END_OF_DAY) ? JdbcValues.END_OF_DAY : LocalTime.parse(v.asText()));
            default -> new FieldCodec("string", "io.debezium.time.IsoTimestamp",
                    (g, v) -> g.writeString(DateTimeFormatter.ISO_LOCAL_DATE_TIME.format((LocalDateTime) v)), v -> LocalDateTime.parse(v.asText()));
        };
    }

    private static FieldCodec time(String type, String name, long unit) {
        return new FieldCodec(type, name, (g, v) -> g.writeNumber(units(v instanceof LocalTime t ? t.toNanoOfDay() : NANOS_PER_DAY, unit)),
                v -> v.longValue() * unit == NANOS_PER_DAY ? JdbcValues.END_OF_DAY : LocalTime.ofNanoOfDay(v.longValue() * unit));
    }

    private static FieldCodec timestamp(String name, long unit) {
        long perSecond = 1_000_000_000 / unit;
        return new FieldCodec("int64", name, (g, v) -> g.writeNumber(epochUnits((LocalDateTime) v, unit)),
                v -> LocalDateTime.ofEpochSecond(Math.floorDiv(v.longValue(), perSecond), (int) (Math.floorMod(v.longValue(), perSecond) * unit),
                        ZoneOffset.UTC));
    }

    private static int days(LocalDate d) {
        try {
            return Math.toIntExact(d.toEpochDay());
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("is beyond the days an int32 counts from 1970-01-01");
        }
    }

    /** A time of day in the unit, as an int where the unit is milliseconds (Connect's and Debezium's int32 types). */
    private static long units(long nanoOfDay, long unit) {
        if (nanoOfDay % unit != 0) {
            throw new IllegalArgumentException(belowUnit(unit));
        }
        return nanoOfDay / unit;
    }

    private static long epochUnits(LocalDateTime t, long unit) {
        if (t.getNano() % unit != 0) {
            throw new IllegalArgumentException(belowUnit(unit));
        }
        try {
            return Math.addExact(Math.multiplyExact(t.toEpochSecond(ZoneOffset.UTC), 1_000_000_000 / unit), t.getNano() / unit);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("is beyond what a long counts in " + unitName(unit) + " from 1970-01-01"
                    + (unit == NANOS ? " (1677 to 2262): set hanacdc.kafka.time.precision.mode=isostring" : ""));
        }
    }

    private static String belowUnit(long unit) {
        return "has digits below the " + unitName(unit) + " of its Connect type: set hanacdc.kafka.time.precision.mode=adaptive or isostring";
    }

    private static String unitName(long unit) {
        return unit == MILLIS ? "milliseconds" : unit == MICROS ? "microseconds" : "nanoseconds";
    }
}
