package io.hanacdc.schema;

/**
 * One column of a source table.
 *
 * @param sourceType the type as the source spells it in DDL (used verbatim for the CDC table)
 */
public record SourceColumn(String name, String sourceType, ColumnType type, boolean nullable) {}
