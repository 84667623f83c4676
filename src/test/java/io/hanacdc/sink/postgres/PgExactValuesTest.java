package io.hanacdc.sink.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.EmptyDate;
import io.hanacdc.sink.ValueRules;
import io.hanacdc.sink.postgres.PgColumns.Column;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Values PostgreSQL would change silently are refused naming table, column and value, or cut where the rules allow. */
class PgExactValuesTest {
    private static final PgExactValues REFUSE = new PgExactValues("S.T", ValueRules.DEFAULT);
    private static final PgExactValues TRUNCATE = new PgExactValues("S.T", new ValueRules(false, true));
    private static final Column TS = new Column("ts", "timestamp without time zone", 0, 0, 0, 6, false);
    private static final Column TS_KEY = new Column("ts", "timestamp without time zone", 0, 0, 0, 6, true);
    private static final Column NUM = new Column("n", "numeric", 0, 10, 2, 0, false);

    @Test
    void aSeventhDigitOfHanaTimestampsIsRefusedOrCutByTheRules() {
        LocalDateTime t = LocalDateTime.of(2024, 1, 1, 0, 0, 0, 123_456_700);
        CdcException e = assertThrows(CdcException.class, () -> REFUSE.fit(TS, t));
        assertTrue(e.getMessage().contains("table S.T column ts: value 2024-01-01 00:00:00.1234567")
                && e.getMessage().contains(ValueRules.SUB_MICROSECONDS + "=truncate"), e.getMessage());
        assertEquals(t.withNano(123_456_000), TRUNCATE.fit(TS, t));
        assertThrows(CdcException.class, () -> TRUNCATE.fit(TS_KEY, t), "a key is never cut");
        LocalDateTime micros = t.withNano(123_456_000);
        assertSame(micros, REFUSE.fit(TS, micros));
        assertSame(LocalDateTime.MAX, REFUSE.fit(TS, LocalDateTime.MAX));
    }

    /** SAP HANA's empty date has no PostgreSQL value: refused naming it, never stored as another date or NULL. */
    @Test
    void hanasEmptyDateIsRefusedNamingIt() {
        Column d = new Column("d", "date", 0, 0, 0, 0, false);
        for (var v : List.of(new Object[] {d, EmptyDate.DATE}, new Object[] {TS, EmptyDate.TIMESTAMP})) {
            CdcException e = assertThrows(CdcException.class, () -> TRUNCATE.fit((Column) v[0], v[1]));
            assertTrue(e.getMessage().contains("table S.T column " + ((Column) v[0]).name() + ": value " + v[1] + " is SAP HANA's empty date"),
                    e.getMessage());
        }
    }

    @Test
    void timesOfANarrowerColumnAreRefusedNeverRounded() {
        Column t3 = new Column("t", "time without time zone", 0, 0, 0, 3, false);
        CdcException e = assertThrows(CdcException.class, () -> TRUNCATE.fit(t3, LocalTime.of(1, 2, 3, 123_400_000)));
        assertTrue(e.getMessage().contains("widen the target column to time(6) without time zone"), e.getMessage());
    }

    @Test
    void decimalPlacesBeyondTheScaleAreRefusedTrailingZerosAreNot() {
        assertThrows(CdcException.class, () -> REFUSE.fit(NUM, new BigDecimal("1.234")));
        BigDecimal zeros = new BigDecimal("1.2300");
        assertSame(zeros, REFUSE.fit(NUM, zeros));
        assertTrue(REFUSE.fit(new Column("n", "numeric", 0, 0, 0, 0, false), Double.NaN) instanceof Double d && d.isNaN(),
                "unconstrained numeric takes NaN");
    }

    @Test
    void trailingSpacesPastTheLengthFractionsIntoIntegersDoublesIntoRealAndNulAreRefused() {
        assertThrows(CdcException.class, () -> REFUSE.fit(new Column("v", "character varying", 3, 0, 0, 0, false), "ab  "));
        assertSame("ab😀", REFUSE.fit(new Column("v", "character varying", 3, 0, 0, 0, false), "ab😀"));
        assertThrows(CdcException.class, () -> REFUSE.fit(new Column("i", "integer", 0, 0, 0, 0, false), new BigDecimal("1.5")));
        assertThrows(CdcException.class, () -> REFUSE.fit(new Column("r", "real", 0, 0, 0, 0, false), 0.1d));
        assertThrows(CdcException.class, () -> REFUSE.fit(new Column("x", "text", 0, 0, 0, 0, false), "a\0b"));
    }

    @Test
    void rowsCutByTheRulesAreCopiesTheOthersThemselves() {
        Object[] row = {1, LocalDateTime.of(2024, 1, 1, 0, 0, 0, 100)};
        Column id = new Column("id", "integer", 0, 0, 0, 0, true);
        Object[] stored = TRUNCATE.rows(List.of(id, TS), List.<Object[]>of(row)).get(0);
        assertEquals(LocalDateTime.of(2024, 1, 1, 0, 0), stored[1]);
        assertEquals(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 100), row[1], "the batch's own row is left as it was");
    }
}
