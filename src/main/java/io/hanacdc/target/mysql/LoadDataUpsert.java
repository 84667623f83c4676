package io.hanacdc.target.mysql;

import io.hanacdc.sql.Identifiers;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Upserts a batch with LOAD DATA LOCAL INFILE ... REPLACE: the server parses no statement text and
 * converts no placeholders, which takes it about 40 % less CPU per row than a multi-row INSERT ... ON
 * DUPLICATE KEY UPDATE (bench/README.md). REPLACE writes whole rows, which equals that upsert only
 * where the row is the whole story, so it is used only for a target table that has exactly the
 * written columns, of plain types, a primary key, no other unique key, no trigger and no foreign key
 * pointing at it; anything else keeps the statement. Strict mode makes bad values fail here as they
 * fail there. A server or driver that refuses local files is noticed once and the statement used.
 */
final class LoadDataUpsert {
    static final String FORMAT = " CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' ";
    /** Below this a small statement costs no more than LOAD DATA's extra round trip. */
    static final int MIN_ROWS = 16;
    /** ER_LOAD_INFILE_CAPABILITY_DISABLED and ER_NOT_ALLOWED_COMMAND: the server or the driver said no. */
    private static final Set<Integer> REFUSED = Set.of(4166, 1148);
    private static final Set<String> PLAIN_TYPES = Set.of("tinyint", "smallint", "mediumint", "int", "bigint", "decimal", "float",
            "double", "char", "varchar", "tinytext", "text", "mediumtext", "longtext", "binary", "varbinary", "tinyblob", "blob",
            "mediumblob", "longblob", "date", "time", "datetime", "timestamp");
    private static final String OBSTACLES = "SELECT"
            + " (SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND TABLE_TYPE = 'BASE TABLE'),"
            + " (SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? AND INDEX_NAME = 'PRIMARY'),"
            + " (SELECT COUNT(DISTINCT INDEX_NAME) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?"
            + " AND NON_UNIQUE = 0 AND INDEX_NAME <> 'PRIMARY'),"
            + " (SELECT COUNT(*) FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = ? AND EVENT_OBJECT_TABLE = ?),"
            + " (SELECT COUNT(*) FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE UNIQUE_CONSTRAINT_SCHEMA = ? AND REFERENCED_TABLE_NAME = ?)";
    private static final String COLUMNS = "SELECT COLUMN_NAME, DATA_TYPE, EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?";
    private static final Logger LOG = LoggerFactory.getLogger(LoadDataUpsert.class);

    private final TargetTable table;
    private final MySqlFlavor flavor;
    private final ValueBinder binder;
    private final String sql;
    private Boolean usable;

    LoadDataUpsert(TargetTable table, MySqlFlavor flavor, ValueBinder binder) {
        this.table = table;
        this.flavor = flavor;
        this.binder = binder;
        this.sql = "LOAD DATA LOCAL INFILE 'hanacdc-rows.tsv' REPLACE INTO TABLE " + table.qualifiedName() + FORMAT
                + table.source().columnNames().stream().map(Identifiers::backtick).collect(Collectors.joining(", ", "(", ")"));
    }

    /** Writes the rows and returns true, or returns false having written nothing: the caller then uses the statement. */
    boolean write(Connection c, List<Object[]> rows) throws SQLException {
        if (rows.size() < MIN_ROWS || !flavor.loadsLocalFiles() || !usable(c) || !encodable(rows)) {
            return false;
        }
        try (Statement s = c.createStatement()) {
            flavor.feedLocalFile(s, new LoadDataText(rows));
            s.execute(sql);
            return true;
        } catch (SQLException e) {
            if (!REFUSED.contains(e.getErrorCode())) {
                throw e;
            }
            // A refused LOAD DATA changed nothing and leaves the transaction open.
            LOG.warn("table {}: the target refuses LOAD DATA LOCAL INFILE ({}); writing with INSERT ... ON DUPLICATE KEY UPDATE,"
                    + " which takes the server more CPU: set local_infile=ON on the server and leave allowLocalInfile on in the URL", table.source().id(), e.getMessage());
            usable = false;
            return false;
        }
    }

    private boolean encodable(List<Object[]> rows) {
        List<String> names = table.source().columnNames();
        for (Object[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                Object v = row[i];
                if (v == null || LoadDataText.plain(v.getClass())) {
                    continue; // the common case, checked by class identity: this loop sees every value of a batch
                }
                binder.checkStorable(v, names.get(i));
                if (!LoadDataText.encodable(v)) {
                    return false;
                }
            }
        }
        return true;
    }

    private boolean usable(Connection c) throws SQLException {
        if (usable == null) {
            List<String> obstacles = obstacles(c);
            usable = obstacles.isEmpty();
            if (!usable) {
                LOG.info("table {}: written with INSERT ... ON DUPLICATE KEY UPDATE rather than LOAD DATA ... REPLACE, because the target table {}",
                        table.source().id(), String.join(" and ", obstacles));
            }
        }
        return usable;
    }

    /** What in the target table would make REPLACE differ from the upsert; none when it is the table we would create. */
    private List<String> obstacles(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(OBSTACLES)) {
            for (int i = 1; i <= 10; i += 2) {
                ps.setString(i, table.database());
                ps.setString(i + 1, table.name());
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                add(out, rs.getInt(1) == 0, "is not a plain base table");
                add(out, rs.getInt(2) == 0, "has no primary key");
                add(out, rs.getInt(3) > 0, "has another unique key");
                add(out, rs.getInt(4) > 0, "has triggers");
                add(out, rs.getInt(5) > 0, "is referenced by a foreign key");
            }
        }
        Set<String> written = new HashSet<>();
        table.source().columnNames().forEach(n -> written.add(n.toLowerCase()));
        try (PreparedStatement ps = c.prepareStatement(COLUMNS)) {
            ps.setString(1, table.database());
            ps.setString(2, table.name());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    add(out, !written.remove(rs.getString(1).toLowerCase()), "has column " + rs.getString(1) + ", which is not written");
                    add(out, !PLAIN_TYPES.contains(rs.getString(2).toLowerCase()), "has column " + rs.getString(1) + " of type " + rs.getString(2));
                    add(out, rs.getString(3).toLowerCase().contains("generated"), "has generated column " + rs.getString(1));
                }
            }
        }
        return out;
    }

    private static void add(List<String> obstacles, boolean present, String obstacle) {
        if (present) {
            obstacles.add(obstacle);
        }
    }
}
