package io.hanacdc.source.hana;

import java.lang.reflect.Proxy;
import java.sql.ResultSet;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Calendar;

/**
 * One HANA date/time column value as ngdbc 2.25.9 hands it out with emptyTimestampIsNull=false, taken
 * from its converters (DayDateConverter, SecondTimeConverter, SecondDateConverter, LongDateConverter):
 * the value's fields are set into the Calendar passed to getDate/getTime/getTimestamp, or into one of
 * the JVM's default zone when none is passed (getObject(…, LocalDateTime.class) too, which converts
 * that Timestamp with toLocalDateTime()); a TIME gets the current date. An empty value is a fixed
 * instant per converter, whatever the calendar. Only these getters are served: anything else the read
 * path calls fails the test.
 */
final class NgdbcDateTimeValue {
    enum Type { DATE, TIME, SECONDDATE, TIMESTAMP }

    private static final long ONE_DAY_BEFORE_HANA_EPOCH = -62135856000000L;
    private static final long ONE_SECOND_BEFORE_HANA_EPOCH = -62135769601000L;
    private static final long HUNDRED_NANOSECONDS_BEFORE_HANA_EPOCH = -62135769600001L;

    private final Type type;
    /** The value; for a TIME, its date is the day the driver converts on. Null for an empty value. */
    private final LocalDateTime value;

    private NgdbcDateTimeValue(Type type, LocalDateTime value) {
        this.type = type;
        this.value = value;
    }

    static ResultSet of(Type type, LocalDateTime value) {
        return new NgdbcDateTimeValue(type, value).resultSet();
    }

    static ResultSet empty(Type type) {
        return new NgdbcDateTimeValue(type, null).resultSet();
    }

    private ResultSet resultSet() {
        return (ResultSet) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {ResultSet.class}, (proxy, method, args) -> {
            Calendar cal = args != null && args.length == 2 && args[1] instanceof Calendar c ? c : null;
            return switch (method.getName()) {
                case "getDate" -> date(cal);
                case "getTime" -> time(cal);
                case "getTimestamp" -> timestamp(cal);
                case "getObject" -> args[1] == LocalDate.class ? date(null).toLocalDate()
                        : args[1] == LocalTime.class ? time(null).toLocalTime()
                        : args[1] == LocalDateTime.class ? timestamp(null).toLocalDateTime()
                        : unsupported(method.getName() + "(" + args[1] + ")");
                case "wasNull" -> false;
                default -> unsupported(method.getName());
            };
        });
    }

    private static Object unsupported(String what) {
        throw new UnsupportedOperationException("the fake ngdbc value does not serve " + what);
    }

    private java.sql.Date date(Calendar cal) {
        require(Type.DATE);
        return new java.sql.Date(value == null ? ONE_DAY_BEFORE_HANA_EPOCH : millis(cal, value.toLocalDate().atStartOfDay()));
    }

    private Time time(Calendar cal) {
        require(Type.TIME);
        return new Time(value == null ? ONE_SECOND_BEFORE_HANA_EPOCH : millis(cal, value.withNano(0)));
    }

    private Timestamp timestamp(Calendar cal) {
        if (type == Type.SECONDDATE) {
            return new Timestamp(value == null ? ONE_SECOND_BEFORE_HANA_EPOCH : millis(cal, value.withNano(0)));
        }
        require(Type.TIMESTAMP);
        Timestamp t = new Timestamp(value == null ? HUNDRED_NANOSECONDS_BEFORE_HANA_EPOCH : millis(cal, value.withNano(0)));
        t.setNanos(value == null ? 999_999_900 : value.getNano());
        return t;
    }

    private void require(Type expected) {
        if (type != expected) {
            unsupported("this getter on a " + type);
        }
    }

    private static long millis(Calendar given, LocalDateTime v) {
        Calendar c = given != null ? given : Calendar.getInstance();
        c.clear();
        c.set(v.getYear(), v.getMonthValue() - 1, v.getDayOfMonth(), v.getHour(), v.getMinute(), v.getSecond());
        return c.getTimeInMillis();
    }
}
