package io.hanacdc.sink.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Rows in COPY's text format, each value as PostgreSQL prints it. */
class CopyTextTest {
    private static String row(Object... values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CopyText.row(out, values);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Else check's round trip would pass its large batch through the statement again and never test COPY. */
    @Test
    void everyExtremeOfTheRoundTripGoesThroughCopy() {
        assertTrue(PgRoundTripProbe.COPY_ROWS >= CopyUpsert.MIN_ROWS);
        PgRoundTripProbe.EXTREMES.stream().flatMap(Arrays::stream)
                .forEach(v -> assertTrue(CopyText.encodable(v), () -> v.getClass() + " is not written by COPY"));
    }

    @Test
    void textIsEscapedAndNullIsBackslashN() {
        assertEquals("a\\tb\\nc\\rd\\\\e\t\\N\tü😀\n", row("a\tb\nc\rd\\e", null, "ü😀"));
    }

    @Test
    void numbersKeepEveryDigitAndTheirSpecialValues() {
        assertEquals("1\t-9223372036854775808\t0.000000000000000000000000000001\tNaN\t-Infinity\t1.4E-45\tt\n",
                row(1, Long.MIN_VALUE, new BigDecimal("1E-30"), Double.NaN, Double.NEGATIVE_INFINITY, Float.MIN_VALUE, true));
    }

    @Test
    void binaryIsHex() {
        assertEquals("\\\\x00ff10\n", row((Object) new byte[] {0, -1, 16}));
    }

    @Test
    void datesBeforeYearOneAreBcAndTheEndsAreInfinity() {
        assertEquals("0001-01-01\t0001-01-01 BC\t0044-03-15 BC\t12345-06-07\tinfinity\t-infinity\n", row(LocalDate.of(1, 1, 1),
                LocalDate.of(0, 1, 1), LocalDate.of(-43, 3, 15), LocalDate.of(12345, 6, 7), LocalDate.MAX, LocalDate.MIN));
        assertEquals("2024-02-29 12:00:00.000001\t0001-01-01 00:00 BC\tinfinity\t-infinity\n", row(LocalDateTime.of(2024, 2, 29, 12, 0, 0, 1000),
                LocalDateTime.of(0, 1, 1, 0, 0), LocalDateTime.MAX, LocalDateTime.MIN));
        assertEquals("23:59:59.999999\t24:00:00\n", row(LocalTime.of(23, 59, 59, 999_999_000), "24:00:00"));
    }
}
