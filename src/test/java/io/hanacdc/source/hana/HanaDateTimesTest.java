package io.hanacdc.source.hana;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hanacdc.config.CaptureOptions;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.EmptyDate;
import io.hanacdc.source.hana.NgdbcDateTimeValue.Type;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Calendar;
import java.util.GregorianCalendar;
import java.util.TimeZone;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The HANA read path's date and time values do not depend on the JVM's time zone: run in
 * America/New_York over wall-clock values in its daylight-saving gap and overlap, HANA's extreme
 * dates and the empty values (datetime-data-types-3f81ccc.md: DATE from 0001-01-01, TIMESTAMP to
 * 9999-12-31 23:59:59.9999999; "the EMPTY value ... ensures compatibility with ABAP"), against values
 * served as ngdbc serves them (NgdbcDateTimeValue).
 */
class HanaDateTimesTest {
    private static final HanaDialect HANA = new HanaDialect(CaptureOptions.DEFAULT);
    private TimeZone jvmZone;

    @BeforeEach
    void newYork() {
        jvmZone = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("America/New_York"));
    }

    @AfterEach
    void restoreZone() {
        TimeZone.setDefault(jvmZone);
    }

    private static Object read(ResultSet rs, String hanaType, int length, int scale) throws SQLException {
        ColumnType type = HanaTypes.map("c", hanaType, length, scale);
        return HANA.readValue(rs, 1, type);
    }

    private static Object timestamp(LocalDateTime v) throws SQLException {
        return read(NgdbcDateTimeValue.of(Type.TIMESTAMP, v), "TIMESTAMP", 27, 7);
    }

    private static Object seconddate(LocalDateTime v) throws SQLException {
        return read(NgdbcDateTimeValue.of(Type.SECONDDATE, v), "SECONDDATE", 19, 0);
    }

    private static Object date(LocalDate v) throws SQLException {
        return read(NgdbcDateTimeValue.of(Type.DATE, v.atStartOfDay()), "DATE", 10, 0);
    }

    @Test
    void wallClockValuesInTheDaylightSavingGapAndOverlapComeBackUnchanged() throws SQLException {
        LocalDateTime gap = LocalDateTime.of(2024, 3, 10, 2, 30, 15, 123_456_700); // clocks jump 02:00 → 03:00
        LocalDateTime overlap = LocalDateTime.of(2024, 11, 3, 1, 30, 0); // 01:00–02:00 happens twice
        assertEquals(gap, timestamp(gap));
        assertEquals(overlap, timestamp(overlap));
        assertEquals(gap.withNano(0), seconddate(gap.withNano(0)));
        assertEquals(LocalDate.of(2024, 3, 10), date(LocalDate.of(2024, 3, 10)));
        assertEquals(LocalTime.of(2, 30, 15), read(NgdbcDateTimeValue.of(Type.TIME, gap.withNano(0)), "TIME", 8, 0),
                "a TIME converted on the day of the gap");
    }

    @Test
    void hanasFirstAndLastValuesAndTheCalendarSwitchComeBackUnchanged() throws SQLException {
        for (LocalDateTime v : new LocalDateTime[] {LocalDateTime.of(1, 1, 1, 0, 0), LocalDateTime.of(1582, 10, 4, 23, 59, 59),
                LocalDateTime.of(1582, 10, 15, 0, 0), LocalDateTime.of(1883, 11, 18, 12, 0), LocalDateTime.of(9999, 12, 31, 23, 59, 59)}) {
            assertEquals(v, timestamp(v), v.toString());
            assertEquals(v, seconddate(v), v.toString());
            assertEquals(v.toLocalDate(), date(v.toLocalDate()), v.toString());
        }
        assertEquals(LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_900), timestamp(LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_900)),
                "HANA's 7th digit arrives: the target keeps it, or refuses or cuts it by hanacdc.target.sub-microseconds");
    }

    @Test
    void emptyDatesBecomeTheNeutralEmptyDate() throws SQLException {
        assertEquals(EmptyDate.DATE, read(NgdbcDateTimeValue.empty(Type.DATE), "DATE", 10, 0));
        assertEquals(EmptyDate.TIMESTAMP, read(NgdbcDateTimeValue.empty(Type.TIMESTAMP), "TIMESTAMP", 27, 7));
    }

    /** ngdbc's empty SECONDDATE and TIME are another instant than the empty TIMESTAMP's. */
    @Test
    void emptySeconddateAndTimeBecomeTheEmptyTimestampAndMidnight() throws SQLException {
        assertEquals(EmptyDate.TIMESTAMP, read(NgdbcDateTimeValue.empty(Type.SECONDDATE), "SECONDDATE", 19, 0));
        assertEquals(LocalTime.MIDNIGHT, read(NgdbcDateTimeValue.empty(Type.TIME), "TIME", 8, 0));
    }

    /**
     * ngdbc's empty TIMESTAMP is a fixed instant. Compared with a value converted in the JVM's zone, a real
     * value whose wall clock in that zone is that instant was taken for empty: east of UTC, a real value
     * shortly after midnight on 0001-01-01 in Berlin.
     */
    @Test
    void aRealValueIsNeverTakenForEmptyWhateverTheZone() throws SQLException {
        TimeZone.setDefault(TimeZone.getTimeZone("Europe/Berlin"));
        Calendar berlin = new GregorianCalendar(TimeZone.getTimeZone("Europe/Berlin"));
        berlin.setTimeInMillis(HanaDateTimes.EMPTY_TIMESTAMP_MILLIS);
        Assumptions.assumeTrue(berlin.get(Calendar.YEAR) == 1, "Berlin's zone data puts the empty instant in year 1");
        LocalDateTime real = LocalDateTime.of(1, 1, 1, berlin.get(Calendar.HOUR_OF_DAY), berlin.get(Calendar.MINUTE),
                berlin.get(Calendar.SECOND), 999_999_900);
        assertEquals(real, timestamp(real));
    }
}
