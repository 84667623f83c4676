package io.hanacdc.sink.mysql;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.ValueText;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After a statement that writes a batch: a warning or note that a value was changed means the server stored something
 * other than what was sent (LOAD DATA LOCAL ignores strict mode and clips a value to the column's range with warning 1264; a DECIMAL rounds
 * surplus decimal places with note 1265 even in strict mode), so the batch fails, naming the table, the column and the
 * value, and its transaction is rolled back. The drivers ask the server for the warnings only when the statement's reply
 * counted some, so a clean batch costs nothing more. An error strict mode raises for one value ("Data too long for column
 * 'c' at row n") is named the same way.
 */
final class TargetWarnings {
    /** MySQL's and MariaDB's "… column 'c' at row n" (and MariaDB's "… column `db`.`t`.`c` at row n"). */
    private static final Pattern WHERE = Pattern.compile("column (?:`[^`]*`\\.`[^`]*`\\.)?[`']([^`']+)[`'] at row (\\d+)");
    private static final int SHOWN = 3;
    /**
     * The warnings and notes of a value stored other than sent: NULL into NOT NULL (1048, 1263), a LOAD DATA row with
     * too few or too many fields (1261, 1262), out of range (1264), truncated (1265), a wrong date or number (1292,
     * 1366, 1411, 1918), a string not in the column's character set (1300), too long (1406).
     */
    private static final Set<Integer> VALUE_CHANGED = Set.of(1048, 1261, 1262, 1263, 1264, 1265, 1292, 1300, 1366, 1406, 1411, 1918);
    private static final Logger LOG = LoggerFactory.getLogger(TargetWarnings.class);
    private static final Set<String> TOLD = ConcurrentHashMap.newKeySet();

    private TargetWarnings() {}

    /**
     * @param rows    the rows the statement wrote, in its order (a warning's "row n" is rows[first + n - 1])
     * @param columns their column names, in row order
     */
    static void check(Statement s, String table, List<Object[]> rows, int first, List<String> columns) throws SQLException {
        SQLWarning w = s.getWarnings();
        if (w == null) {
            return;
        }
        List<String> found = new ArrayList<>();
        int count = 0;
        for (; w != null; w = w.getNextWarning()) {
            if (!VALUE_CHANGED.contains(w.getErrorCode())) { // not about a value: unsafe for statement binlogs, deprecations, a trigger's own
                if (TOLD.add(table + " " + w.getErrorCode())) { // once per table and warning: it may come with every batch
                    LOG.warn("table {}: the target warns {} {} (batches go on: it changes no value)", table, w.getErrorCode(), w.getMessage());
                }
                continue;
            }
            if (count++ < SHOWN) {
                found.add(describe(w, rows, first, columns));
            }
        }
        if (count == 0) {
            return;
        }
        throw new CdcException("table " + table + ": the target would store a value other than the source's (" + String.join("; ", found)
                + (count > SHOWN ? "; " + (count - SHOWN) + " more" : "") + "); the table stops here so nothing is changed:"
                + " correct the value at the source or widen the target column, then re-load the table");
    }

    /** The error the server raised for one value, naming table, column and value; other errors as they are. */
    static SQLException explained(SQLException e, String table, List<Object[]> rows, int first, List<String> columns) {
        String where = describe(e, rows, first, columns);
        if (where.startsWith(e.getErrorCode() + " ")) {
            return e; // not about one value: a lost connection, a lock wait, a key
        }
        return new SQLException("table " + table + ": the target refuses a value (" + where + "); the table stops here so nothing is changed:"
                + " correct the value at the source or widen the target column, then re-load the table", e.getSQLState(), e.getErrorCode(), e);
    }

    private static String describe(SQLException w, List<Object[]> rows, int first, List<String> columns) {
        String text = w.getErrorCode() + " " + w.getMessage();
        Matcher m = WHERE.matcher(w.getMessage());
        if (!m.find()) {
            return text;
        }
        int column = -1;
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).toLowerCase(Locale.ROOT).equals(m.group(1).toLowerCase(Locale.ROOT))) {
                column = i;
            }
        }
        int row = first + Integer.parseInt(m.group(2)) - 1;
        return column < 0 || row < 0 || row >= rows.size() ? text
                : "column " + columns.get(column) + ": value " + ValueText.of(rows.get(row)[column]) + ": " + text;
    }
}
