package io.hanacdc.watermark;

import java.sql.Connection;
import java.sql.SQLException;

/** Where the next window of a table's stream ends: rows up to it that are not held by open transactions are safe. */
public interface WatermarkReader {
    /** Reads the next watermark for a table whose stream stands at {@code range}; the connection is in autocommit mode. */
    Watermark next(Connection source, StreamRange range) throws SQLException;

    /** A watermark of "now", for resetting a table to the latest position. */
    Watermark now(Connection source) throws SQLException;

    /**
     * The base a table's stream starts from, read before its (re-)load copies a row: every change
     * at or below it is in the copy, or of a transaction the base lists as open. {@code floor}: no
     * transaction writing the table can hold a data id at or below it (the switch point of the
     * capture version the load copies).
     */
    Watermark start(Connection source, long floor) throws SQLException;
}
