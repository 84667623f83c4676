package io.hanacdc.schema;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.HexFormat;

/**
 * A source value as an error message names it, as the source would print it: decimals without exponent, dates before
 * year 1 as BC, PostgreSQL's ±infinity (read by its driver as the largest and smallest Java dates) by that name, long
 * text and binary values cut short.
 */
public final class ValueText {
    private static final int MAX = 100;

    private ValueText() {}

    public static String of(Object v) {
        String s;
        if (v instanceof BigDecimal d) {
            s = d.toPlainString();
        } else if (v instanceof LocalDate d) {
            s = d.equals(LocalDate.MAX) ? "infinity" : d.equals(LocalDate.MIN) ? "-infinity" : bc(d.getYear(), d.toString(), d.toString().indexOf('-', 1));
        } else if (v instanceof LocalDateTime t) {
            s = t.equals(LocalDateTime.MAX) ? "infinity" : t.equals(LocalDateTime.MIN) ? "-infinity"
                    : bc(t.getYear(), t.toLocalDate() + " " + time(t.toLocalTime()), t.toString().indexOf('-', 1));
        } else if (v instanceof LocalTime t) {
            s = time(t);
        } else if (v instanceof byte[] b) {
            s = "0x" + HexFormat.of().formatHex(b, 0, Math.min(b.length, MAX / 2)) + (b.length > MAX / 2 ? "… (" + b.length + " bytes)" : "");
        } else {
            s = String.valueOf(v);
        }
        return s.length() <= MAX + 20 ? s : s.substring(0, MAX) + "… (" + s.length() + " characters)";
    }

    /** hh:mm:ss and the fraction's digits up to the last that is not zero (ISO's form groups them by three). */
    private static String time(LocalTime t) {
        String hms = String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
        return t.getNano() == 0 ? hms : hms + "." + String.format("%09d", t.getNano()).replaceAll("0+$", "");
    }

    /** Year 0 is 1 BC, year -1 is 2 BC (ISO counts a year 0, PostgreSQL and HANA do not). */
    private static String bc(int year, String iso, int yearEnd) {
        if (year > 0) {
            return iso;
        }
        return String.format("%04d", 1 - year) + iso.substring(yearEnd) + " BC";
    }
}
