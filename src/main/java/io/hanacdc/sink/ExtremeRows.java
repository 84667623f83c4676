package io.hanacdc.sink;

import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A scratch table with one column of every mapped type, and rows of a target's extreme values for it — largest,
 * smallest, empty, escaping-prone text and bytes, NULL — as the source side reads them, for check's round trip of
 * each target (each target's home gives its own extremes).
 */
public final class ExtremeRows {
    /** The mapped types, in the order of the scratch table's columns after its key {@code id}. */
    private static final List<ColumnType> TYPES = List.of(ColumnType.of(Kind.BOOLEAN), ColumnType.of(Kind.UNSIGNED_TINYINT),
            ColumnType.of(Kind.SMALLINT), ColumnType.of(Kind.INTEGER), ColumnType.of(Kind.BIGINT), ColumnType.decimal(65, 30),
            ColumnType.of(Kind.FLOATING_DECIMAL), ColumnType.of(Kind.REAL), ColumnType.of(Kind.DOUBLE), ColumnType.sized(Kind.CHAR, 3),
            ColumnType.sized(Kind.VARCHAR, 60), ColumnType.of(Kind.TEXT), ColumnType.sized(Kind.BINARY, 4), ColumnType.sized(Kind.VARBINARY, 300),
            ColumnType.of(Kind.BLOB), ColumnType.of(Kind.DATE), ColumnType.fractional(Kind.TIME, 6), ColumnType.fractional(Kind.TIMESTAMP, 6),
            ColumnType.fractional(Kind.TIMESTAMP_TZ, 6), ColumnType.of(Kind.UUID), ColumnType.of(Kind.JSON), ColumnType.of(Kind.SOURCE_TEXT),
            ColumnType.of(Kind.ARRAY));
    /** The largest DECIMAL(65,30). */
    public static final BigDecimal MAX65 = new BigDecimal("9".repeat(35) + "." + "9".repeat(30));
    /** Every byte value once. */
    public static final byte[] ALL_BYTES = allBytes();

    private ExtremeRows() {}

    public static SourceTable table(String schema, String suffix) {
        List<SourceColumn> cols = new ArrayList<>(List.of(col("id", ColumnType.of(Kind.BIGINT), false)));
        for (ColumnType t : TYPES) {
            cols.add(col("c_" + t.kind().name().toLowerCase(), t, true));
        }
        return new SourceTable(new TableId(schema, "hanacdc_check_" + suffix), cols, List.of("id"));
    }

    /** {@code n} rows cycling through {@code kinds} (one value per mapped type each) and the all-NULL row, keys 1..n. */
    public static List<Object[]> rows(int n, List<Object[]> kinds) {
        List<Object[]> cycle = new ArrayList<>(kinds);
        cycle.add(new Object[TYPES.size()]);
        for (Object[] kind : cycle) {
            if (kind.length != TYPES.size()) {
                throw new IllegalArgumentException("a row of extremes needs " + TYPES.size() + " values, got " + kind.length);
            }
        }
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Object[] row = new Object[TYPES.size() + 1];
            row[0] = (long) i + 1;
            System.arraycopy(cycle.get(i % cycle.size()), 0, row, 1, TYPES.size());
            rows.add(row);
        }
        return rows;
    }

    /**
     * Each value read back that is not the one written, as "path: column written came back as read", and a row missing;
     * {@code read} in the order of {@code written}.
     */
    public static List<String> differences(String path, List<SourceColumn> cols, List<Object[]> written, List<Object[]> read) {
        Set<String> wrong = new LinkedHashSet<>();
        for (int r = 0; r < written.size(); r++) {
            Object[] row = written.get(r);
            if (r >= read.size() || !row[0].equals(read.get(r)[0])) {
                wrong.add(path + ": row " + row[0] + " missing");
                break;
            }
            for (int i = 0; i < cols.size(); i++) {
                if (!same(row[i], read.get(r)[i])) {
                    wrong.add(path + ": " + cols.get(i).name() + " " + text(row[i]) + " came back as " + text(read.get(r)[i]));
                }
            }
        }
        return List.copyOf(wrong);
    }

    private static String text(Object v) {
        return v instanceof byte[] b ? "\\x" + HexFormat.of().formatHex(b) : String.valueOf(v);
    }

    /** Whether a value read back is the one written: decimals by value, bytes by content, a zero's sign and NaN as Double.equals. */
    static boolean same(Object written, Object read) {
        if (written instanceof BigDecimal w && read instanceof BigDecimal r) {
            return w.compareTo(r) == 0;
        }
        if (written instanceof byte[] w && read instanceof byte[] r) {
            return Arrays.equals(w, r);
        }
        return Objects.equals(written, read);
    }

    private static byte[] allBytes() {
        byte[] all = new byte[256];
        for (int b = 0; b < all.length; b++) {
            all[b] = (byte) b;
        }
        return all;
    }

    private static SourceColumn col(String name, ColumnType type, boolean nullable) {
        return new SourceColumn(name, type.kind().name(), type, nullable);
    }
}
