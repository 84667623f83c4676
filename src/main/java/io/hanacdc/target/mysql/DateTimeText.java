package io.hanacdc.target.mysql;

import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * A LocalDateTime as the text MariaDB Connector/J's own codec sends for it ('yyyy-MM-dd HH:mm:ss',
 * plus '.SSSSSS' when there is a fraction, truncated to microseconds), built without a
 * DateTimeFormatter: formatting through one cost about 8 % of the apply path's CPU.
 */
final class DateTimeText {
    private DateTimeText() {}

    /** Whether {@link #of} writes this value as the codec would: years 1-9999 (the codec's year-of-era differs before year 1). */
    static boolean covers(LocalDateTime t) {
        return t.getYear() >= 1 && t.getYear() <= 9999;
    }

    static String of(LocalDateTime t) {
        char[] out = new char[t.getNano() == 0 ? 19 : 26];
        digits(out, 0, t.getYear(), 4);
        out[4] = '-';
        digits(out, 5, t.getMonthValue(), 2);
        out[7] = '-';
        digits(out, 8, t.getDayOfMonth(), 2);
        out[10] = ' ';
        time(out, 11, t.toLocalTime());
        return new String(out);
    }

    /** 'HH:mm:ss', plus '.SSSSSS' when there is a fraction, truncated to microseconds like {@link #of(LocalDateTime)}. */
    static String of(LocalTime t) {
        char[] out = new char[t.getNano() == 0 ? 8 : 15];
        time(out, 0, t);
        return new String(out);
    }

    private static void time(char[] out, int at, LocalTime t) {
        digits(out, at, t.getHour(), 2);
        out[at + 2] = ':';
        digits(out, at + 3, t.getMinute(), 2);
        out[at + 5] = ':';
        digits(out, at + 6, t.getSecond(), 2);
        if (t.getNano() != 0) {
            out[at + 8] = '.';
            digits(out, at + 9, t.getNano() / 1000, 6);
        }
    }

    private static void digits(char[] out, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            out[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
