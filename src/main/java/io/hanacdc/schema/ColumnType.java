package io.hanacdc.schema;

/**
 * A source column's type, normalised so that the target side needs to know no source dialect.
 * length: characters or bytes; precision/scale: for DECIMAL and fractional seconds.
 * SOURCE_TEXT: a type the target has no counterpart for, carried as the source's text for its
 * values (length: the longest such text in characters, 0 when unbounded). ARRAY: a source array,
 * carried as its JSON text.
 */
public record ColumnType(Kind kind, int length, int precision, int scale) {
    public enum Kind {
        BOOLEAN, UNSIGNED_TINYINT, SMALLINT, INTEGER, BIGINT,
        DECIMAL, FLOATING_DECIMAL, REAL, DOUBLE,
        CHAR, VARCHAR, TEXT, BINARY, VARBINARY, BLOB,
        DATE, TIME, TIMESTAMP, TIMESTAMP_TZ,
        UUID, JSON, SOURCE_TEXT, ARRAY
    }

    public static ColumnType of(Kind kind) {
        return new ColumnType(kind, 0, 0, 0);
    }

    public static ColumnType sized(Kind kind, int length) {
        return new ColumnType(kind, length, 0, 0);
    }

    public static ColumnType decimal(int precision, int scale) {
        return new ColumnType(Kind.DECIMAL, 0, precision, scale);
    }

    public static ColumnType fractional(Kind kind, int fractionalDigits) {
        return new ColumnType(kind, 0, fractionalDigits, 0);
    }
}
