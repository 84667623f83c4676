package io.hanacdc.schema;

/**
 * One column of a source table.
 *
 * @param sourceType   the type as the source spells it in DDL (used verbatim for the CDC table)
 * @param defaultValue the column's default, as far as the target needs it (when the column is added later)
 */
public record SourceColumn(String name, String sourceType, ColumnType type, boolean nullable, ColumnDefault defaultValue) {
    public SourceColumn {
        defaultValue = defaultValue == null ? ColumnDefault.NONE : defaultValue;
    }

    public SourceColumn(String name, String sourceType, ColumnType type, boolean nullable) {
        this(name, sourceType, type, nullable, ColumnDefault.NONE);
    }

    public SourceColumn renamed(String newName) {
        return new SourceColumn(newName, sourceType, type, nullable, defaultValue);
    }
}
