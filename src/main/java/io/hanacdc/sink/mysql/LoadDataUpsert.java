package io.hanacdc.sink.mysql;

import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Upserts a batch by LOAD DATA LOCAL INFILE into a temporary stage table, then one INSERT ... SELECT
 * ... ON DUPLICATE KEY UPDATE into the target: the server parses no statement text per row and
 * converts no placeholders (bench/README.md), while the target sees the very upsert the statement
 * path runs. Never REPLACE: it deletes the old row, which cascades to foreign keys, fires delete
 * triggers and removes rows of another unique key — all of which a user can add to a live target
 * between one batch and the next. The stage has no key and types that hold any value of its source
 * column, so every conversion and strict-mode error happens in the target's own columns. A server,
 * driver or user that refuses local files or temporary tables is noticed once and the statement used.
 */
final class LoadDataUpsert {
    static final String FORMAT = " CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' ";
    /** Below this a small statement costs no more than the stage's extra round trips. */
    static final int MIN_ROWS = 16;
    /**
     * ER_LOAD_INFILE_CAPABILITY_DISABLED and ER_NOT_ALLOWED_COMMAND (the server or the driver refuses
     * local files), ER_DBACCESS_DENIED_ERROR and ER_TABLEACCESS_DENIED_ERROR (no CREATE TEMPORARY TABLES).
     */
    private static final Set<Integer> REFUSED = Set.of(4166, 1148, 1044, 1142);
    private static final Logger LOG = LoggerFactory.getLogger(LoadDataUpsert.class);

    private final MySqlTable table;
    private final MySqlFlavor flavor;
    private final String name;
    private final List<String> columns;
    private final String drop;
    private final String create;
    private final String load;
    private final String merge;
    private boolean refused;

    LoadDataUpsert(MySqlTable table) {
        this.table = table;
        this.flavor = table.flavor();
        this.name = table.source().id().toString();
        this.columns = table.source().columnNames();
        String stage = Identifiers.backtick(table.database()) + "." + Identifiers.backtick("hanacdc_stage");
        String columns = table.source().columnNames().stream().map(Identifiers::backtick).collect(Collectors.joining(", "));
        this.drop = "DROP TEMPORARY TABLE IF EXISTS " + stage;
        // Aria, not InnoDB: a stage needs neither undo nor redo (it is dropped, never rolled back into use),
        // and bench/run's apply scenario (1c) measures the merge through an Aria stage clearly faster.
        // Only MariaDB loads local files (MySqlFlavor.loadsLocalFiles), and every MariaDB has Aria.
        this.create = "CREATE TEMPORARY TABLE " + stage + " (" + table.types().stageColumns(table.source().columns())
                + ") ENGINE=Aria DEFAULT CHARSET=utf8mb4 COLLATE=" + flavor.collation;
        this.load = "LOAD DATA LOCAL INFILE 'hanacdc-rows.tsv' INTO TABLE " + stage + FORMAT + "(" + columns + ")";
        this.merge = "INSERT INTO " + table.qualifiedName() + " (" + columns + ") SELECT " + columns + " FROM " + stage
                + " ON DUPLICATE KEY UPDATE " + table.source().columnNames().stream().map(Identifiers::backtick)
                        .map(c -> c + " = " + stage + "." + c).collect(Collectors.joining(", "));
    }

    /** Writes the rows and returns true, or returns false having written nothing: the caller then uses the statement. */
    boolean write(Connection c, List<Object[]> rows) throws SQLException {
        if (rows.size() < MIN_ROWS || refused || !flavor.loadsLocalFiles() || !encodable(rows)) {
            return false;
        }
        try (Statement s = c.createStatement()) {
            s.execute(drop); // a batch that failed half-way may have left its stage on this connection
            if (!staged(s, rows)) {
                return false;
            }
            TargetWarnings.check(s, name, rows, 0, columns); // LOAD DATA LOCAL is not strict: a value it clipped is a warning
            try {
                s.executeUpdate(merge);
            } catch (SQLException e) {
                throw TargetWarnings.explained(e, name, rows, 0, columns); // "row n": the stage's rows in the order they were loaded
            }
            TargetWarnings.check(s, name, rows, 0, columns);
            s.execute(drop);
            return true;
        }
    }

    /** Fills the stage, or returns false when the target refuses the means: nothing reached the target table then. */
    private boolean staged(Statement s, List<Object[]> rows) throws SQLException {
        try {
            s.execute(create);
            flavor.feedLocalFile(s, new LoadDataText(rows));
            s.execute(load);
            return true;
        } catch (SQLException e) {
            if (!REFUSED.contains(e.getErrorCode())) {
                throw e;
            }
            LOG.warn("table {}: the target refuses a staged LOAD DATA LOCAL INFILE ({}); writing with INSERT ... ON DUPLICATE KEY UPDATE,"
                    + " which takes the server more CPU: set local_infile=ON on the server, leave allowLocalInfile on in the URL"
                    + " and grant CREATE TEMPORARY TABLES on the target database", table.source().id(), e.getMessage());
            refused = true;
            return false;
        }
    }

    private static boolean encodable(List<Object[]> rows) {
        for (Object[] row : rows) {
            for (Object v : row) {
                if (v != null && !LoadDataText.plain(v.getClass()) && !LoadDataText.encodable(v)) { // class identity first: every value passes here
                    return false;
                }
            }
        }
        return true;
    }
}
