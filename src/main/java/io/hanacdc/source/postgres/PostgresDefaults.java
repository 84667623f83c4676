package io.hanacdc.source.postgres;

import io.hanacdc.schema.ColumnDefault;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a column default as pg_get_expr prints it: numbers, booleans and quoted strings are
 * constants, all else an expression. A money constant is printed in the currency format, which is
 * not the number the target holds: an expression.
 */
final class PostgresDefaults {
    private static final Pattern NUMBER = Pattern.compile("\\(?(-?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)\\)?(?:::[a-z ]+)?");
    private static final Pattern STRING = Pattern.compile("'((?:[^']|'')*)'(?:::[a-z0-9_ \"().\\[\\]]+)?");

    private PostgresDefaults() {}

    static ColumnDefault parse(String expression) {
        if (expression == null) {
            return ColumnDefault.NONE;
        }
        if (expression.equals("true") || expression.equals("false")) {
            return ColumnDefault.number(expression.equals("true") ? "1" : "0");
        }
        Matcher m = NUMBER.matcher(expression);
        if (m.matches()) {
            return ColumnDefault.number(m.group(1));
        }
        m = STRING.matcher(expression);
        if (m.matches() && !expression.endsWith("::money")) {
            return ColumnDefault.string(m.group(1).replace("''", "'"));
        }
        return ColumnDefault.EXPRESSION;
    }
}
