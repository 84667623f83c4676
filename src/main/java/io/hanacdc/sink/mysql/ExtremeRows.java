package io.hanacdc.sink.mysql;

import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One column of every mapped type and rows at the edges of what both sides hold — largest, smallest,
 * empty, escaping-prone text and bytes, NULL — as the source side reads them, for the target round trip.
 */
final class ExtremeRows {
    private static final String MAX65 = "9".repeat(35) + "." + "9".repeat(30);
    private static final LocalDateTime LAST = LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_000);
    private static final LocalDateTime FIRST = LocalDateTime.of(1, 1, 1, 0, 0);
    /** MariaDB's FLOAT ends at 3.402823466E+38, just below Float.MAX_VALUE (which it refuses as out of range). */
    private static final float REAL_MAX = Math.nextDown(Float.MAX_VALUE);
    private static final String TEXT = "tab\there line\nbreak\r\n back\\slash \\N nul\0 '\"` 😀 𝄞 ünïcödé";

    private ExtremeRows() {}

    static SourceTable table(String database, String suffix) {
        List<SourceColumn> cols = new ArrayList<>(List.of(col("id", ColumnType.of(Kind.BIGINT), false)));
        for (ColumnType t : List.of(ColumnType.of(Kind.BOOLEAN), ColumnType.of(Kind.UNSIGNED_TINYINT), ColumnType.of(Kind.SMALLINT),
                ColumnType.of(Kind.INTEGER), ColumnType.of(Kind.BIGINT), ColumnType.decimal(65, 30), ColumnType.of(Kind.FLOATING_DECIMAL),
                ColumnType.of(Kind.REAL), ColumnType.of(Kind.DOUBLE), ColumnType.sized(Kind.CHAR, 3), ColumnType.sized(Kind.VARCHAR, 60),
                ColumnType.of(Kind.TEXT), ColumnType.sized(Kind.BINARY, 4), ColumnType.sized(Kind.VARBINARY, 300), ColumnType.of(Kind.BLOB),
                ColumnType.of(Kind.DATE), ColumnType.fractional(Kind.TIME, 6), ColumnType.fractional(Kind.TIMESTAMP, 6),
                ColumnType.fractional(Kind.TIMESTAMP_TZ, 6), ColumnType.of(Kind.UUID), ColumnType.of(Kind.JSON),
                ColumnType.of(Kind.SOURCE_TEXT), ColumnType.of(Kind.ARRAY))) {
            cols.add(col("c_" + t.kind().name().toLowerCase(), t, true));
        }
        return new SourceTable(new TableId(database, "hanacdc_check_" + suffix), cols, List.of("id"));
    }

    /** {@code n} rows cycling through the largest, the smallest and the all-NULL row, keys 1..n. */
    static List<Object[]> rows(int n) {
        byte[] all = new byte[256];
        for (int b = 0; b < all.length; b++) {
            all[b] = (byte) b;
        }
        Object[][] kinds = {
            {true, 255, (int) Short.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE, new BigDecimal(MAX65), new BigDecimal(MAX65),
                REAL_MAX, Double.MAX_VALUE, "abc", TEXT, TEXT.repeat(100), new byte[] {(byte) 0xff, 0x5c, 0x0a, (byte) 0xc3},
                all, all, LAST.toLocalDate(), LocalTime.of(23, 59, 59, 999_999_000), LAST, LAST,
                "ffffffff-ffff-ffff-ffff-ffffffffffff", "{\"k\": \"a\\tb 😀\"}", TEXT, "[1, 2]"},
            {false, 0, (int) Short.MIN_VALUE, Integer.MIN_VALUE, Long.MIN_VALUE, new BigDecimal("-" + MAX65), new BigDecimal("1e-30"),
                1.4e-45f, 4.9e-324, "", "", "", new byte[4], new byte[0], new byte[0], FIRST.toLocalDate(), LocalTime.MIDNIGHT, FIRST, FIRST,
                "00000000-0000-0000-0000-000000000000", "[]", "", "[]"},
            new Object[23],
        };
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Object[] row = new Object[24];
            row[0] = (long) i + 1;
            System.arraycopy(kinds[i % kinds.length], 0, row, 1, 23);
            rows.add(row);
        }
        return rows;
    }

    /** Whether a value read back is the one written: decimals by value, bytes by content. */
    static boolean same(Object written, Object read) {
        if (written instanceof BigDecimal w && read instanceof BigDecimal r) {
            return w.compareTo(r) == 0;
        }
        if (written instanceof byte[] w && read instanceof byte[] r) {
            return Arrays.equals(w, r);
        }
        return Objects.equals(written, read);
    }

    private static SourceColumn col(String name, ColumnType type, boolean nullable) {
        return new SourceColumn(name, type.kind().name(), type, nullable);
    }
}
