package io.hanacdc.source.hana;

import java.time.LocalTime;

/**
 * HANA's empty DATE / SECONDDATE / TIMESTAMP / TIME (ABAP's initial value, distinct from NULL) as the
 * MySQL zero values, which the target session's sql_mode accepts. The dates are bound as text so no
 * driver converts them; MySQL's zero TIME is midnight, which is also ABAP's initial time.
 */
final class EmptyDates {
    static final String DATE = "0000-00-00";
    static final String TIMESTAMP = "0000-00-00 00:00:00";
    static final LocalTime TIME = LocalTime.MIDNIGHT;

    private EmptyDates() {}
}
