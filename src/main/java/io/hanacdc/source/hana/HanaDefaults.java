package io.hanacdc.source.hana;

import io.hanacdc.schema.ColumnDefault;
import io.hanacdc.schema.ColumnType;
import java.util.regex.Pattern;

/**
 * Reads SYS.TABLE_COLUMNS.DEFAULT_VALUE, which holds the default as text without quotes: on a
 * character column it is the string itself, on a number column a number; on date and time columns
 * only a literal date or time is a constant (anything else, e.g. CURRENT_DATE, is an expression).
 */
final class HanaDefaults {
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");
    private static final Pattern TEMPORAL = Pattern.compile("\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?)?|\\d{2}:\\d{2}:\\d{2}");

    private HanaDefaults() {}

    static ColumnDefault parse(String value, ColumnType type) {
        if (value == null) {
            return ColumnDefault.NONE;
        }
        return switch (type.kind()) {
            case CHAR, VARCHAR, TEXT -> ColumnDefault.string(value);
            case BOOLEAN -> value.equalsIgnoreCase("TRUE") ? ColumnDefault.number("1")
                    : value.equalsIgnoreCase("FALSE") ? ColumnDefault.number("0") : ColumnDefault.EXPRESSION;
            case UNSIGNED_TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL, FLOATING_DECIMAL, REAL, DOUBLE ->
                    NUMBER.matcher(value).matches() ? ColumnDefault.number(value) : ColumnDefault.EXPRESSION;
            case DATE, TIME, TIMESTAMP -> TEMPORAL.matcher(value).matches() ? ColumnDefault.string(value) : ColumnDefault.EXPRESSION;
            default -> ColumnDefault.EXPRESSION;
        };
    }
}
