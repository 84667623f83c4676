package io.hanacdc.schema;

/**
 * A column default, reduced to what replication can reproduce: none, a constant (which the target
 * can declare, so rows existing when the column is added get the same value on both sides), or an
 * expression (whose values in existing rows only a re-copy of the table can bring over).
 *
 * @param value the constant as text (a number, or the string itself); null unless kind is CONSTANT
 */
public record ColumnDefault(Kind kind, String value, boolean numeric) {
    public enum Kind { NONE, CONSTANT, EXPRESSION }

    public static final ColumnDefault NONE = new ColumnDefault(Kind.NONE, null, false);
    public static final ColumnDefault EXPRESSION = new ColumnDefault(Kind.EXPRESSION, null, false);

    public static ColumnDefault number(String text) {
        return new ColumnDefault(Kind.CONSTANT, text, true);
    }

    public static ColumnDefault string(String text) {
        return new ColumnDefault(Kind.CONSTANT, text, false);
    }
}
