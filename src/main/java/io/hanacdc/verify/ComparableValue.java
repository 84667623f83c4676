package io.hanacdc.verify;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.ValuesKept;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * A value in the form source and target are compared in: what the type mapping makes of it on the
 * target. Decimals rounded to the target's scale and without trailing zeros, CHAR without its
 * padding, BINARY(n) padded to n bytes, times at microseconds, floats as floats. Values longer than
 * {@link #MAX_INLINE} characters are kept as length and SHA-256, so a chunk stays small in memory.
 */
final class ComparableValue {
    static final String NULL = "NULL";
    private static final int MAX_INLINE = 200;

    private ComparableValue() {}

    /** @param kept what the target keeps: decimals compared at its scale, -0 as 0 where it has one zero */
    static String of(ColumnType type, Object v, ValuesKept kept) {
        if (v == null) {
            return NULL;
        }
        String s = switch (type.kind()) {
            case BOOLEAN -> v instanceof Boolean b ? (b ? "true" : "false") : v.toString();
            case UNSIGNED_TINYINT, SMALLINT, INTEGER, BIGINT -> Long.toString(((Number) v).longValue());
            case DECIMAL, FLOATING_DECIMAL -> v instanceof BigDecimal d ? decimal(d, kept.decimalScale(type)) : v.toString(); // NaN, ±Infinity
            case REAL -> Float.toString((float) zero(((Number) v).floatValue(), kept)); // exact both ways
            case DOUBLE -> Double.toString(zero(((Number) v).doubleValue(), kept));
            case CHAR -> v.toString().replaceAll(" +$", "");
            case BINARY -> "0x" + HexFormat.of().formatHex(Arrays.copyOf((byte[]) v, Math.max(type.length(), ((byte[]) v).length)));
            case VARBINARY, BLOB -> "0x" + HexFormat.of().formatHex((byte[]) v);
            case TIME -> v instanceof LocalTime t ? t.truncatedTo(ChronoUnit.MICROS).toString() : v.toString();
            case TIMESTAMP, TIMESTAMP_TZ -> v instanceof LocalDateTime t ? t.truncatedTo(ChronoUnit.MICROS).toString() : v.toString();
            case DATE, VARCHAR, TEXT, UUID, JSON, SOURCE_TEXT, ARRAY -> v.toString();
        };
        return s.length() <= MAX_INLINE ? "'" + s + "'" : "'" + s.substring(0, 40) + "…' (" + s.length() + " characters, sha-256 " + sha256(s) + ")";
    }

    /** -0 as 0 where the target has one zero ({@code == 0} holds for both). */
    private static double zero(double d, ValuesKept kept) {
        return d == 0 && !kept.signedZero() ? 0 : d;
    }

    /** MySQL rounds surplus decimal places half away from zero, as HALF_UP does. */
    private static String decimal(BigDecimal d, int targetScale) {
        BigDecimal r = d.scale() > targetScale ? d.setScale(targetScale, RoundingMode.HALF_UP) : d;
        return r.signum() == 0 ? "0" : r.stripTrailingZeros().toPlainString();
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
