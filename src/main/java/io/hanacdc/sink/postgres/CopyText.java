package io.hanacdc.sink.postgres;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.HexFormat;

/**
 * Values as COPY's text format reads them (UTF-8, a tab between fields, a newline after each row, {@code \N} for NULL,
 * backslash escapes for backslash, tab, newline and carriage return; bytea in hex), each in the very text PostgreSQL
 * prints for it, so a value goes in as it came out of the source: doubles and reals in their shortest round-trip
 * digits, NaN and ±Infinity by name, dates before year 1 as BC and ±infinity by name.
 */
final class CopyText {
    private static final HexFormat HEX = HexFormat.of();

    private CopyText() {}

    /** Whether this class writes the value: anything else (a type a change route made) goes through a statement. */
    static boolean encodable(Object v) {
        return v == null || v instanceof String || v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte
                || v instanceof BigDecimal || v instanceof Double || v instanceof Float || v instanceof Boolean || v instanceof byte[]
                || v instanceof LocalDate || v instanceof LocalTime || v instanceof LocalDateTime;
    }

    static void row(ByteArrayOutputStream out, Object[] row) {
        for (int i = 0; i < row.length; i++) {
            if (i > 0) {
                out.write('\t');
            }
            value(out, row[i]);
        }
        out.write('\n');
    }

    private static void value(ByteArrayOutputStream out, Object v) {
        if (v == null) {
            out.write('\\');
            out.write('N');
        } else if (v instanceof String s) {
            text(out, s);
        } else if (v instanceof BigDecimal d) {
            ascii(out, d.toPlainString());
        } else if (v instanceof Boolean b) {
            out.write(b ? 't' : 'f');
        } else if (v instanceof byte[] b) {
            ascii(out, "\\\\x");
            ascii(out, HEX.formatHex(b));
        } else if (v instanceof LocalDate d) {
            ascii(out, date(d));
        } else if (v instanceof LocalDateTime t) {
            ascii(out, t.equals(LocalDateTime.MAX) ? "infinity" : t.equals(LocalDateTime.MIN) ? "-infinity" : dateTime(t));
        } else {
            ascii(out, v.toString()); // whole numbers, Double and Float (shortest round-trip digits, NaN, Infinity), LocalTime (ISO)
        }
    }

    /** A date as PostgreSQL writes it: no '+' before a year past 9999, year 0 and before as BC (PostgreSQL has no year 0). */
    static String date(LocalDate d) {
        if (d.equals(LocalDate.MAX) || d.equals(LocalDate.MIN)) {
            return d.equals(LocalDate.MAX) ? "infinity" : "-infinity";
        }
        int year = d.getYear();
        String monthDay = String.format("-%02d-%02d", d.getMonthValue(), d.getDayOfMonth());
        return year > 0 ? String.format("%04d", year) + monthDay : String.format("%04d", 1 - year) + monthDay + " BC";
    }

    private static String dateTime(LocalDateTime t) {
        String date = date(t.toLocalDate());
        String time = t.toLocalTime().toString();
        return date.endsWith(" BC") ? date.substring(0, date.length() - 3) + " " + time + " BC" : date + " " + time;
    }

    private static void text(ByteArrayOutputStream out, String s) {
        int plainFrom = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            char escape = c == '\\' ? '\\' : c == '\t' ? 't' : c == '\n' ? 'n' : c == '\r' ? 'r' : 0;
            if (escape != 0) {
                utf8(out, s.substring(plainFrom, i));
                out.write('\\');
                out.write(escape);
                plainFrom = i + 1;
            }
        }
        utf8(out, s.substring(plainFrom));
    }

    private static void utf8(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    private static void ascii(ByteArrayOutputStream out, String s) {
        for (int i = 0; i < s.length(); i++) {
            out.write(s.charAt(i));
        }
    }
}
