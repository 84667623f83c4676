package io.hanacdc.schema;

/**
 * SAP HANA's empty DATE, SECONDDATE and TIMESTAMP (ABAP's initial value, written as '', distinct from NULL): a value of
 * a date or timestamp column that is no day. A source reads it as this neutral value and each target maps it: MySQL
 * and MariaDB to their zero date, targets without one refuse it naming table, column and value. HANA's empty TIME is
 * midnight, a time like any other.
 */
public enum EmptyDate {
    /** In a DATE column. */
    DATE,
    /** In a SECONDDATE or TIMESTAMP column. */
    TIMESTAMP;

    /** The value as messages and stored key positions name it. */
    @Override
    public String toString() {
        return "empty " + name();
    }

    /** The empty date a {@link #toString} names, or null. */
    public static EmptyDate named(String text) {
        for (EmptyDate e : values()) {
            if (e.toString().equals(text)) {
                return e;
            }
        }
        return null;
    }
}
