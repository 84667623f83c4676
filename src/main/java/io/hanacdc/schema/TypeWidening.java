package io.hanacdc.schema;

import io.hanacdc.schema.ColumnType.Kind;
import java.util.List;

/** Whether a column type change keeps every existing value as it is (so the target may follow it without risk). */
final class TypeWidening {
    /** Integer and floating kinds in order of range: a later one holds every value of an earlier one. */
    private static final List<Kind> INTEGERS = List.of(Kind.UNSIGNED_TINYINT, Kind.SMALLINT, Kind.INTEGER, Kind.BIGINT);

    private TypeWidening() {}

    static boolean widens(SourceColumn before, SourceColumn after) {
        if (!before.nullable() && after.nullable() || before.nullable() == after.nullable()) {
            return widens(before.type(), after.type());
        }
        return false; // NULL to NOT NULL narrows
    }

    static boolean widens(ColumnType a, ColumnType b) {
        if (a.equals(b)) {
            return true;
        }
        Kind x = a.kind();
        Kind y = b.kind();
        if (INTEGERS.contains(x) && INTEGERS.contains(y)) {
            return INTEGERS.indexOf(y) >= INTEGERS.indexOf(x);
        }
        if (INTEGERS.contains(x) && y == Kind.DECIMAL) {
            return b.precision() - b.scale() >= List.of(3, 5, 10, 19).get(INTEGERS.indexOf(x));
        }
        if (x == Kind.DECIMAL && y == Kind.DECIMAL) {
            return b.scale() >= a.scale() && b.precision() - b.scale() >= a.precision() - a.scale();
        }
        if (x == Kind.REAL && y == Kind.DOUBLE || y == Kind.FLOATING_DECIMAL && (x == Kind.DECIMAL || INTEGERS.contains(x))) {
            return true;
        }
        if (x == y && (x == Kind.VARCHAR || x == Kind.VARBINARY)) {
            return b.length() >= a.length();
        }
        if (x == Kind.SOURCE_TEXT && y == Kind.SOURCE_TEXT) { // length 0: unbounded
            return b.length() == 0 || a.length() != 0 && b.length() >= a.length();
        }
        if (x == Kind.VARCHAR && y == Kind.TEXT || x == Kind.VARBINARY && y == Kind.BLOB) {
            return true;
        }
        if (x == y && (x == Kind.TIMESTAMP || x == Kind.TIME || x == Kind.TIMESTAMP_TZ)) {
            return b.precision() >= a.precision();
        }
        return false;
    }
}
