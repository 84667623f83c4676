package io.hanacdc.source.hana;

import io.hanacdc.schema.EmptyDate;
import java.sql.Date;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.Locale;
import java.util.TimeZone;

/**
 * HANA's DATE, TIME, SECONDDATE and TIMESTAMP as the wall-clock values HANA holds, whatever the JVM's
 * time zone. ngdbc builds its java.sql values through a Calendar, the JVM's zone when given none: a
 * wall-clock time in that zone's daylight-saving gap does not exist there and comes back an hour
 * later. Given a UTC calendar and taken apart in UTC (no gaps, the same calendar system both ways),
 * the fields are exactly the ones HANA sent.
 */
final class HanaDateTimes {
    /** ngdbc's empty DATE: a fixed instant, one day before HANA's first day (0001-01-01 UTC). */
    static final long EMPTY_DATE_MILLIS = -62135856000000L;
    /** ngdbc's empty SECONDDATE and empty TIME: one second before HANA's first day. */
    static final long EMPTY_SECONDDATE_MILLIS = -62135769601000L;
    /** ngdbc's empty TIMESTAMP: 100 ns before HANA's first day (as milliseconds, one before). */
    static final long EMPTY_TIMESTAMP_MILLIS = -62135769600001L;
    /** HANA's empty TIME is ABAP's initial time, midnight: a time like any other on every target. */
    static final LocalTime EMPTY_TIME = LocalTime.MIDNIGHT;
    private static final TimeZone UTC = TimeZone.getTimeZone("UTC");

    private HanaDateTimes() {}

    static Object date(ResultSet rs, int index) throws SQLException {
        Date d = rs.getDate(index, utc());
        return d == null ? null : d.getTime() == EMPTY_DATE_MILLIS ? EmptyDate.DATE : fields(d.getTime()).toLocalDate();
    }

    static Object time(ResultSet rs, int index) throws SQLException {
        Time t = rs.getTime(index, utc());
        return t == null ? null : t.getTime() == EMPTY_SECONDDATE_MILLIS ? EMPTY_TIME : fields(t.getTime()).toLocalTime();
    }

    static Object timestamp(ResultSet rs, int index) throws SQLException {
        Timestamp t = rs.getTimestamp(index, utc());
        if (t == null) {
            return null;
        }
        if (t.getTime() == EMPTY_TIMESTAMP_MILLIS || t.getTime() == EMPTY_SECONDDATE_MILLIS) {
            return EmptyDate.TIMESTAMP;
        }
        return fields(t.getTime()).withNano(t.getNanos()); // all of HANA's 100 ns: a target that keeps fewer digits refuses or cuts them
    }

    /** A new calendar per value: ngdbc sets its fields while converting, so one must not be shared. */
    private static Calendar utc() {
        return new GregorianCalendar(UTC, Locale.ROOT);
    }

    private static LocalDateTime fields(long millis) {
        Calendar c = utc();
        c.setTimeInMillis(millis);
        return LocalDateTime.of(c.get(Calendar.YEAR), c.get(Calendar.MONTH) + 1, c.get(Calendar.DAY_OF_MONTH),
                c.get(Calendar.HOUR_OF_DAY), c.get(Calendar.MINUTE), c.get(Calendar.SECOND), c.get(Calendar.MILLISECOND) * 1_000_000);
    }
}
