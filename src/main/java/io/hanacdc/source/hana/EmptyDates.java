package io.hanacdc.source.hana;

/**
 * HANA's empty DATE / TIMESTAMP (ABAP's initial value, distinct from NULL) as the MySQL zero date,
 * which the target session's sql_mode accepts. Bound as text so no driver converts it.
 */
final class EmptyDates {
    static final String DATE = "0000-00-00";
    static final String TIMESTAMP = "0000-00-00 00:00:00";

    private EmptyDates() {}
}
