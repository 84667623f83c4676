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

    /**
     * Its text, as ABAP's tools show the initial date and as messages, change routes ({@code exclude}, the tee's JSON)
     * and stored load positions give it: {@code 0000-00-00}, {@code 0000-00-00 00:00:00}.
     */
    @Override
    public String toString() {
        return this == DATE ? "0000-00-00" : "0000-00-00 00:00:00";
    }

    /** The empty date a text of {@link #toString} stands for in a column of this kind, or null: a stored load position read back. */
    public static EmptyDate of(String text, boolean timestamp) {
        return text.startsWith("0000-00-00") ? timestamp ? TIMESTAMP : DATE : null;
    }
}
