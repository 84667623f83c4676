package io.hanacdc.source.postgres;

import io.hanacdc.schema.ColumnType;
import io.hanacdc.schema.SourceColumn;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.source.SourceDialect;
import io.hanacdc.source.TableDescriptions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tables as pg_catalog describes them, any number in two statements (columns, then keys), the tables bound
 * as two arrays: a task or an install of a thousand tables reads its catalog in two round trips, not two thousand.
 * A domain column takes its base type (and the domain's default when it has none); a table with a column of a type
 * hana-cdc cannot replicate, or a key column the target cannot find rows by, is refused alone. The key is the primary
 * key, else a unique index that stands in for one (PostgresKeys).
 */
final class PostgresTableCatalog {
    private static final String TABLES = "(n.nspname, c.relname) IN (SELECT * FROM unnest(?::text[], ?::text[]))";
    /**
     * The columns with every domain resolved to its base type (a domain over a domain too) with the
     * type modifier the domain gives it: the CDC table holds the base type, whose NULL no domain
     * constraint refuses (CDC rows of only the key leave the other columns NULL), and the default is
     * the column's own or else the nearest domain's.
     */
    private static final String COLUMNS = """
            WITH RECURSIVE col AS (
                SELECT n.nspname, c.relname, a.attrelid, a.attnum, a.attname, a.attnotnull, a.atttypid, a.atttypmod,
                       pg_get_expr(d.adbin, d.adrelid) AS dflt
                FROM pg_attribute a
                JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
                LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
                WHERE %s AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
            ), base AS (
                SELECT attrelid, attnum, atttypid AS typid, atttypmod AS typmod, dflt FROM col
                UNION ALL
                SELECT b.attrelid, b.attnum, t.typbasetype, t.typtypmod, coalesce(b.dflt, pg_get_expr(t.typdefaultbin, 0))
                FROM base b JOIN pg_type t ON t.oid = b.typid WHERE t.typtype = 'd'
            )
            SELECT c.attname, t.typname, t.typtype, format_type(b.typid, b.typmod), c.attnotnull,
                   CASE WHEN t.typtype = 'e' THEN current_setting('max_identifier_length')::int
                        ELSE information_schema._pg_char_max_length(b.typid, b.typmod) END,
                   information_schema._pg_numeric_precision(b.typid, b.typmod),
                   CASE WHEN t.oid = 'money'::regtype THEN scale('0'::money::numeric)
                        ELSE coalesce(information_schema._pg_numeric_scale(b.typid, b.typmod),
                                      information_schema._pg_datetime_precision(b.typid, b.typmod)) END,
                   b.dflt, c.nspname, c.relname
            FROM col c JOIN base b ON b.attrelid = c.attrelid AND b.attnum = c.attnum JOIN pg_type t ON t.oid = b.typid
            WHERE t.typtype <> 'd'
            ORDER BY c.nspname, c.relname, c.attnum""".formatted(TABLES);
    /** The key columns (PostgresKeys) in key order, with the index's name when it is no primary key. */
    private static final String KEYS = """
            SELECT a.attname, n.nspname, c.relname, CASE WHEN NOT i.indisprimary THEN x.relname END FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_index i ON i.indexrelid = %s JOIN pg_class x ON x.oid = i.indexrelid
            JOIN LATERAL unnest(i.indkey) WITH ORDINALITY k(attnum, ord) ON true
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
            WHERE k.ord <= i.indnkeyatts AND %s ORDER BY n.nspname, c.relname, k.ord""".formatted(PostgresKeys.keyIndex("c.oid"), TABLES);

    /** One column as the catalog gives it, before it is mapped to a type hana-cdc knows. */
    private record Column(String name, String typname, String typtype, String formatted, boolean notNull, int length, int precision,
                          int scale, String defaultExpression) {}

    private PostgresTableCatalog() {}

    /** Each existing base table of {@code ids}, described or refused; a name that is no base table is left out. */
    static Map<TableId, SourceDialect.Description> describe(Connection c, List<TableId> ids) throws SQLException {
        if (ids.isEmpty()) {
            return Map.of();
        }
        Map<TableId, List<Column>> rows = new LinkedHashMap<>();
        try (PreparedStatement ps = prepare(c, COLUMNS, ids); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                rows.computeIfAbsent(new TableId(rs.getString(10), rs.getString(11)), k -> new ArrayList<>())
                        .add(new Column(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getBoolean(5),
                                intOr(rs, 6), intOr(rs, 7), Math.max(intOr(rs, 8), 0), rs.getString(9)));
            }
        }
        Map<TableId, List<String>> keys = new LinkedHashMap<>();
        Map<TableId, String> keyIndexes = new LinkedHashMap<>();
        try (PreparedStatement ps = prepare(c, KEYS, ids); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                TableId id = new TableId(rs.getString(2), rs.getString(3));
                keys.computeIfAbsent(id, k -> new ArrayList<>()).add(rs.getString(1));
                if (rs.getString(4) != null) {
                    keyIndexes.put(id, rs.getString(4));
                }
            }
        }
        return TableDescriptions.assemble(ids, rows, keys, keyIndexes, PostgresTableCatalog::table);
    }

    private static SourceTable table(TableId id, List<Column> rows, List<String> key) {
        List<SourceColumn> columns = new ArrayList<>();
        for (Column r : rows) {
            ColumnType type = PostgresTypes.map(r.typname(), r.typtype(), r.formatted(), r.length(), r.precision(), r.scale());
            columns.add(new SourceColumn(r.name(), r.formatted(), type, !r.notNull(), PostgresDefaults.parse(r.defaultExpression())));
        }
        SourceTable t = new SourceTable(id, columns, key);
        t.keyColumns().forEach(k -> PostgresTypes.checkKey(id + "." + k.name(), k));
        return t;
    }

    private static PreparedStatement prepare(Connection c, String sql, List<TableId> ids) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        ps.setArray(1, c.createArrayOf("text", ids.stream().map(TableId::schema).toArray()));
        ps.setArray(2, c.createArrayOf("text", ids.stream().map(TableId::name).toArray()));
        return ps;
    }

    private static int intOr(ResultSet rs, int i) throws SQLException {
        int v = rs.getInt(i);
        return rs.wasNull() ? -1 : v;
    }
}
