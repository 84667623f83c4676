package io.hanacdc.sql;

import io.hanacdc.schema.ColumnType;
import java.util.List;
import java.util.Optional;

/**
 * The SQL one database needs to checksum a table's rows: each column rendered as the text the
 * comparison sees (docs/operations.md "Verifying"), the row's hash and the sum of hashes. Every database must
 * render the same row as the same text, so that equal rows hash equal on both sides; a rendering
 * must also tell apart any two values the row-by-row comparison tells apart, or a difference could
 * hide. A rendering that differs between the databases only costs time: ranges that differ are
 * compared row by row, which decides. Each source dialect gives its own ({@code SourceDialect.checksumSql()});
 * verify holds the target's.
 */
public interface ChecksumSql {
    String quote(String identifier);

    /**
     * The value of a column (a selected expression) as text in the common form, NULL when the value
     * is; empty when this database cannot render the type identically to the others. Free text
     * (which may hold '|') is written as "length:text", so the joined row text stays unambiguous;
     * other forms never hold '|' and are never "N".
     */
    Optional<String> text(String column, ColumnType type);

    /**
     * The row's hash: the first 15 hex digits (60 bits, so never negative) of the MD5 over the UTF-8
     * of the texts joined by '|', NULL written as "N". Each text is evaluated once per row.
     */
    String rowHash(List<String> texts);

    /** The sum of row hashes as an exact number (no 64-bit overflow). */
    String sum(String rowHash);
}
