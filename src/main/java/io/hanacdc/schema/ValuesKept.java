package io.hanacdc.schema;

/** What a target keeps of a value where its type keeps less than the source's: verify compares what is kept. */
public interface ValuesKept {
    /** Decimal places kept for a DECIMAL column (more are rounded on the way in): decimals are compared at that scale. */
    int decimalScale(ColumnType type);

    /** Whether a float's zero keeps its sign: MariaDB stores -0 as 0 (the two compare equal), so -0 is compared as 0 there. */
    boolean signedZero();
}
