package io.hanacdc.sink.mysql;

import io.hanacdc.schema.EmptyDate;
import java.io.InputStream;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;

/**
 * Rows as the text LOAD DATA reads with {@link LoadDataUpsert#FORMAT}: UTF-8, a tab between fields, a
 * newline after each row, {@code \N} for NULL, and backslash escapes for backslash, tab, newline, NUL
 * and a binary value's bytes above 0x7f. Values are written as the text the driver sends for them in
 * a statement, so both paths store the same. Encoded a few rows at a time as the driver reads, so a
 * batch of large rows is never held twice in memory.
 */
final class LoadDataText extends InputStream {
    private static final int REFILL = 32 * 1024;
    /**
     * MariaDB Connector/J 3.5 reads 8 KB at a time and sends each read as a packet behind a 4-byte
     * header in an 8 KB buffer: a full 8 KB read makes it allocate a 128 KB buffer, then a fresh 8 KB
     * one, for every packet (a third of all allocation while streaming). 4 bytes less fit as they are.
     */
    private static final int MAX_READ = 8192 - 4;
    private final List<Object[]> rows;
    private int nextRow;
    private byte[] buf = new byte[REFILL * 2];
    private int pos;
    private int limit;

    LoadDataText(List<Object[]> rows) {
        this.rows = rows;
    }

    /** Types written as they are, with no value out of MySQL's range: most values of most tables. */
    static boolean plain(Class<?> k) {
        return k == String.class || k == Long.class || k == Integer.class || k == BigDecimal.class || k == Boolean.class || k == Short.class;
    }

    /** Whether this class writes the value: anything else (a type a change route made) goes through a statement. */
    static boolean encodable(Object v) {
        return v == null || v instanceof String || v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte
                || v instanceof BigDecimal || v instanceof Double || v instanceof Float || v instanceof Boolean || v instanceof byte[]
                || v instanceof LocalDate || v instanceof LocalTime || v instanceof LocalDateTime t && DateTimeText.covers(t) || v instanceof EmptyDate;
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        while (pos == limit) {
            if (nextRow == rows.size()) {
                return -1;
            }
            fill();
        }
        int n = Math.min(Math.min(len, MAX_READ), limit - pos);
        System.arraycopy(buf, pos, b, off, n);
        pos += n;
        return n;
    }

    private void fill() {
        pos = 0;
        limit = 0;
        while (nextRow < rows.size() && limit < REFILL) {
            Object[] row = rows.get(nextRow++);
            for (int i = 0; i < row.length; i++) {
                if (i > 0) {
                    put((byte) '\t');
                }
                value(row[i]);
            }
            put((byte) '\n');
        }
    }

    private void value(Object v) {
        if (v == null) {
            put((byte) '\\');
            put((byte) 'N');
        } else if (v instanceof String s) {
            text(s);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            digits(((Number) v).longValue());
        } else if (v instanceof BigDecimal d) {
            ascii(d.toPlainString());
        } else if (v instanceof Boolean b) {
            put((byte) (b ? '1' : '0'));
        } else if (v instanceof byte[] bytes) {
            binary(bytes);
        } else if (v instanceof LocalDateTime t) {
            ensure(DateTimeText.MAX_LENGTH);
            limit = DateTimeText.put(t, buf, limit);
        } else if (v instanceof LocalTime t) {
            ensure(DateTimeText.MAX_LENGTH);
            limit = DateTimeText.put(t, buf, limit);
        } else if (v instanceof EmptyDate e) {
            ascii(DateTimeText.zero(e));
        } else {
            ascii(v.toString()); // Double, Float (their shortest round-trip digits), LocalDate (yyyy-MM-dd)
        }
    }

    private void text(String s) {
        ensure(s.length() * 4);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                escaped(c);
            } else if (c < 0x800) {
                buf[limit++] = (byte) (0xc0 | c >> 6);
                buf[limit++] = (byte) (0x80 | c & 0x3f);
            } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                buf[limit++] = (byte) (0xf0 | cp >> 18);
                buf[limit++] = (byte) (0x80 | cp >> 12 & 0x3f);
                buf[limit++] = (byte) (0x80 | cp >> 6 & 0x3f);
                buf[limit++] = (byte) (0x80 | cp & 0x3f);
            } else if (Character.isSurrogate(c)) {
                buf[limit++] = '?'; // a lone surrogate: what String.getBytes(UTF_8), and so the driver, writes for it
            } else {
                buf[limit++] = (byte) (0xe0 | c >> 12);
                buf[limit++] = (byte) (0x80 | c >> 6 & 0x3f);
                buf[limit++] = (byte) (0x80 | c & 0x3f);
            }
        }
    }

    /**
     * Bytes of 0x80 and above are escaped too: some MariaDB releases (10.11.5 among them) read an
     * unescaped one as the start of a UTF-8 character and swallow the tab or newline after it.
     */
    private void binary(byte[] bytes) {
        ensure(bytes.length * 2);
        for (byte b : bytes) {
            if (b < 0) {
                buf[limit++] = '\\';
                buf[limit++] = b;
            } else {
                escaped(b);
            }
        }
    }

    private void escaped(int b) {
        switch (b) {
            case '\\', '\t', '\n' -> {
                buf[limit++] = '\\';
                buf[limit++] = (byte) (b == '\t' ? 't' : b == '\n' ? 'n' : '\\');
            }
            case 0 -> {
                buf[limit++] = '\\';
                buf[limit++] = '0';
            }
            default -> buf[limit++] = (byte) b;
        }
    }

    /** A whole number's decimal digits, written without making a String of them. */
    private void digits(long n) {
        if (n == Long.MIN_VALUE) {
            ascii(Long.toString(n));
            return;
        }
        ensure(20);
        if (n < 0) {
            buf[limit++] = '-';
            n = -n;
        }
        int start = limit;
        do {
            buf[limit++] = (byte) ('0' + n % 10);
            n /= 10;
        } while (n != 0);
        for (int i = start, j = limit - 1; i < j; i++, j--) { // written from the last digit: reverse
            byte d = buf[i];
            buf[i] = buf[j];
            buf[j] = d;
        }
    }

    private void ascii(String s) {
        ensure(s.length());
        for (int i = 0; i < s.length(); i++) {
            buf[limit++] = (byte) s.charAt(i);
        }
    }

    private void put(byte b) {
        ensure(1);
        buf[limit++] = b;
    }

    private void ensure(int more) {
        if (limit + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, limit + more));
        }
    }
}
