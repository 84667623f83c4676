package io.hanacdc.source;

/**
 * A statement besides INSERT, UPDATE and DELETE that changes rows, on a table of an INTEGER key "k" and an
 * INTEGER "v" (%1$s: the table, qualified), with the row it leaves: {@code value} null when it deletes key
 * {@code key}. {@code optional}: a server of an older release may not know the statement.
 */
public record OtherWrite(String what, String sql, int key, Integer value, boolean optional) {}
