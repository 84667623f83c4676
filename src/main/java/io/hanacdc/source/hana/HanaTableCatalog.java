package io.hanacdc.source.hana;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.CatalogReads;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.TableDescriptions;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Tables as SYS.TABLE_COLUMNS, SYS.CONSTRAINTS and SYS.INDEX_COLUMNS describe them, {@value #TABLES_PER_READ} tables
 * a statement (columns, primary keys, then unique indexes, one of which is the key of a table without a primary key:
 * HanaKeys; names as literals, as the trigger and schema reads take them): an install or a task of a thousand tables
 * reads its catalog in fifteen round trips, not three thousand. A table with a column of a type hana-cdc cannot
 * replicate is refused alone.
 */
final class HanaTableCatalog {
    static final int TABLES_PER_READ = 200;
    /** Columns, with a spatial column's SRID, which the CDC table's column must declare to accept its values. */
    static final String COLUMNS = "SELECT c.SCHEMA_NAME, c.TABLE_NAME, c.COLUMN_NAME, c.DATA_TYPE_NAME, c.LENGTH, c.SCALE, c.IS_NULLABLE,"
            + " c.DEFAULT_VALUE, g.SRS_ID FROM SYS.TABLE_COLUMNS c LEFT JOIN SYS.ST_GEOMETRY_COLUMNS g ON g.SCHEMA_NAME = c.SCHEMA_NAME"
            + " AND g.TABLE_NAME = c.TABLE_NAME AND g.COLUMN_NAME = c.COLUMN_NAME WHERE %s ORDER BY c.SCHEMA_NAME, c.TABLE_NAME, c.POSITION";
    static final String PRIMARY_KEYS = "SELECT c.SCHEMA_NAME, c.TABLE_NAME, c.COLUMN_NAME FROM SYS.CONSTRAINTS c WHERE c.IS_PRIMARY_KEY = 'TRUE'"
            + " AND %s ORDER BY c.SCHEMA_NAME, c.TABLE_NAME, c.POSITION";

    /** One column as the catalog gives it; scale and SRID -1 when NULL. */
    record Column(String name, String type, int length, int scale, boolean nullable, String defaultValue, int srid) {}

    private HanaTableCatalog() {}

    /** Each existing base table of {@code ids}, described or refused; a name that is no base table is left out. */
    static Map<TableId, SourceDialect.Description> describe(Connection c, List<TableId> ids) throws SQLException {
        Map<TableId, List<Column>> columns = new LinkedHashMap<>();
        Map<TableId, List<String>> keys = new LinkedHashMap<>();
        Map<TableId, Map<String, List<String>>> unique = new LinkedHashMap<>();
        for (int from = 0; from < ids.size(); from += TABLES_PER_READ) {
            String tables = CatalogReads.anyOf("c.SCHEMA_NAME", "c.TABLE_NAME", ids.subList(from, Math.min(ids.size(), from + TABLES_PER_READ)));
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(COLUMNS.formatted(tables))) {
                while (rs.next()) {
                    columns.computeIfAbsent(new TableId(rs.getString(1), rs.getString(2)), k -> new ArrayList<>())
                            .add(new Column(rs.getString(3), rs.getString(4), rs.getInt(5), intOr(rs, 6), "TRUE".equals(rs.getString(7)),
                                    rs.getString(8), intOr(rs, 9)));
                }
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(PRIMARY_KEYS.formatted(tables))) {
                while (rs.next()) {
                    keys.computeIfAbsent(new TableId(rs.getString(1), rs.getString(2)), k -> new ArrayList<>()).add(rs.getString(3));
                }
            }
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(HanaKeys.UNIQUE_INDEXES.formatted(tables))) {
                while (rs.next()) {
                    unique.computeIfAbsent(new TableId(rs.getString(1), rs.getString(2)), k -> new LinkedHashMap<>()) // oldest first
                            .computeIfAbsent(rs.getString(4), k -> new ArrayList<>()).add(rs.getString(5));
                }
            }
        }
        Map<TableId, String> keyIndexes = new LinkedHashMap<>();
        unique.forEach((id, indexes) -> {
            Set<String> notNull = columns.getOrDefault(id, List.of()).stream().filter(r -> !r.nullable()).map(Column::name).collect(Collectors.toSet());
            HanaKeys.Key key = HanaKeys.choose(keys.getOrDefault(id, List.of()), indexes, notNull);
            keys.put(id, key.columns());
            if (key.index() != null) {
                keyIndexes.put(id, key.index());
            }
        });
        return TableDescriptions.assemble(ids, columns, keys, keyIndexes, HanaTableCatalog::table);
    }

    /** The table from its catalog rows; an unsupported type or a spatial column without SRID refuses it, naming the column. */
    static SourceTable table(TableId id, List<Column> rows, List<String> key) {
        List<SourceColumn> columns = new ArrayList<>();
        for (Column r : rows) {
            String at = id + "." + r.name();
            ColumnType mapped = HanaTypes.map(at, r.type(), r.length(), r.scale());
            columns.add(new SourceColumn(r.name(), HanaTypes.ddl(at, r.type(), r.length(), r.scale(), r.srid()), mapped, r.nullable(),
                    HanaDefaults.parse(r.defaultValue(), mapped)));
        }
        return new SourceTable(id, columns, key);
    }

    private static int intOr(ResultSet rs, int i) throws SQLException {
        int v = rs.getInt(i);
        return rs.wasNull() ? -1 : v;
    }
}
