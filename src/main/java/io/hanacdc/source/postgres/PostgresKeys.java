package io.hanacdc.source.postgres;

/**
 * Which index is a table's key, in one SQL expression that the catalog read, the schema poll's stamps and the
 * event trigger's comparison all take, so they never disagree: the primary key, else the unique index that
 * stands in for one. Such an index finds one row by its key columns as a primary key does: all of them NOT
 * NULL, no expression, no predicate (a partial index is unique only among its rows), checked at once (a
 * deferrable one allows duplicates inside a transaction) and valid (a failed CREATE INDEX CONCURRENTLY leaves
 * an invalid one). Among several, the oldest (lowest oid): adding or renaming a unique index never changes the key
 * of a table, only dropping the one that is its key does. Columns it only INCLUDEs are not key columns.
 */
final class PostgresKeys {
    private PostgresKeys() {}

    /** The oid of the key index of the table whose oid is {@code table} (an SQL expression), or NULL. */
    static String keyIndex(String table) {
        return "(SELECT x.indexrelid FROM pg_index x WHERE x.indrelid = " + table
                + " AND (x.indisprimary OR x.indisunique AND x.indimmediate AND x.indisvalid AND x.indpred IS NULL AND x.indexprs IS NULL"
                + " AND NOT EXISTS (SELECT 1 FROM pg_attribute xa WHERE xa.attrelid = x.indrelid"
                + " AND xa.attnum = ANY ((x.indkey::int2[])[0:x.indnkeyatts - 1]) AND NOT xa.attnotnull))"
                + " ORDER BY x.indisprimary DESC, x.indexrelid LIMIT 1)";
    }

    /** Whether attribute number {@code attnum} is among the key columns of index {@code i} (a pg_index row). */
    static String keyColumn(String i, String attnum) {
        return attnum + " = ANY ((" + i + ".indkey::int2[])[0:" + i + ".indnkeyatts - 1])";
    }
}
