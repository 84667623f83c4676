package io.hanacdc.sink.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The timestamp text equals what MariaDB Connector/J's LocalDateTimeCodec formats, for every value it is used for. */
class DateTimeTextTest {
    // the codec's two patterns (org.mariadb.jdbc.plugin.codec.LocalDateTimeCodec)
    private static final DateTimeFormatter FRACTIONAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSS");
    private static final DateTimeFormatter WHOLE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    @Test
    void sameTextAsTheDriversCodec() {
        for (LocalDateTime t : List.of(LocalDateTime.of(2024, 1, 2, 3, 4, 5), LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_000),
                LocalDateTime.of(1, 1, 1, 0, 0), LocalDateTime.of(999, 12, 31, 23, 59, 59, 1_000),
                LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999), LocalDateTime.of(1970, 1, 1, 0, 0, 0, 999))) {
            assertEquals(t.format(t.getNano() == 0 ? WHOLE : FRACTIONAL), DateTimeText.of(t), t.toString());
        }
    }

    @Test
    void yearsOutsideOneToNineThousandNineHundredNinetyNineAreLeftToTheDriver() {
        assertFalse(DateTimeText.covers(LocalDateTime.of(0, 1, 1, 0, 0)));
        assertFalse(DateTimeText.covers(LocalDateTime.of(10_000, 1, 1, 0, 0)));
    }
}
