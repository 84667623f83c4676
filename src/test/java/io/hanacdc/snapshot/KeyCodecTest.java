package io.hanacdc.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.ColumnType.Kind;
import io.hanacdc.schema.EmptyDate;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The initial load's stored position (the last key copied) comes back as the very values that were read. */
class KeyCodecTest {
    private static final List<ColumnType> TYPES = List.of(ColumnType.of(Kind.DATE), ColumnType.of(Kind.TIMESTAMP), ColumnType.decimal(10, 2),
            ColumnType.of(Kind.VARCHAR));

    @Test
    void keysComeBackAsTheyWereRead() {
        Object[] key = {LocalDate.of(1, 1, 1), LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_900), new BigDecimal("1.50"), "empty DATE"};
        assertArrayEquals(key, KeyCodec.decode(KeyCodec.encode(key), TYPES));
    }

    /** A position the previous release stored held the empty date as MySQL's zero-date text: it reads back as the empty date. */
    @Test
    void zeroDatesStoredByThePreviousReleaseAreHanasEmptyDates() {
        assertArrayEquals(new Object[] {EmptyDate.DATE, EmptyDate.TIMESTAMP, BigDecimal.ONE, "x"},
                KeyCodec.decode("[\"0000-00-00\", \"0000-00-00 00:00:00\", \"1\", \"x\"]", TYPES));
    }

    /** A load resumed after a key holding SAP HANA's empty date goes on after it, not from a date that is none. */
    @Test
    void hanasEmptyDatesComeBackAsEmptyDates() {
        Object[] key = {EmptyDate.DATE, EmptyDate.TIMESTAMP, BigDecimal.ZERO, ""};
        assertArrayEquals(key, KeyCodec.decode(KeyCodec.encode(key), TYPES));
    }
}
