package io.hanacdc.source.hana;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which columns are a table's key: the primary key, else the unique index that stands in for one, which finds one
 * row by its columns as a primary key does, so all of them NOT NULL (a unique index takes any number of NULLs).
 * Among several, the oldest (lowest INDEX_OID): adding or renaming a unique index never changes a table's key, only
 * dropping the one that is its key does.
 * INDEX_COLUMNS names a unique index's constraint UNIQUE or NOT_NULL_UNIQUE, a primary key's PRIMARY_KEY
 * (index-columns-system-view-20a6a57.md); unique constraints are enforced by such indexes.
 */
final class HanaKeys {
    /** Each column's unique indexes with its position in each, for the tables of {@code %1$s}: part of the schema poll's stamps. */
    static final String UNIQUE_MEMBERSHIPS = "SELECT c.SCHEMA_NAME, c.TABLE_NAME, c.COLUMN_NAME, STRING_AGG(c.INDEX_NAME || ':'"
            + " || TO_NVARCHAR(c.POSITION), ',' ORDER BY c.INDEX_NAME) AS INDEXES FROM SYS.INDEX_COLUMNS c"
            + " WHERE c.\"CONSTRAINT\" IN ('UNIQUE', 'NOT_NULL_UNIQUE') AND %1$s GROUP BY c.SCHEMA_NAME, c.TABLE_NAME, c.COLUMN_NAME";
    /** The columns of the unique indexes of the tables of {@code %s}, oldest index first, in index order. */
    static final String UNIQUE_INDEXES = "SELECT c.SCHEMA_NAME, c.TABLE_NAME, c.INDEX_OID, c.INDEX_NAME, c.COLUMN_NAME FROM SYS.INDEX_COLUMNS c"
            + " WHERE c.\"CONSTRAINT\" IN ('UNIQUE', 'NOT_NULL_UNIQUE') AND %s ORDER BY c.SCHEMA_NAME, c.TABLE_NAME, c.INDEX_OID, c.POSITION";

    /** A table's key: its columns, and the unique index's name when it is no primary key. */
    record Key(List<String> columns, String index) {}

    private HanaKeys() {}

    /**
     * The primary key when there is one, else the first qualifying index of {@code unique} (name to columns, oldest first),
     * else none.
     */
    static Key choose(List<String> primaryKey, Map<String, List<String>> unique, Set<String> notNull) {
        if (!primaryKey.isEmpty()) {
            return new Key(primaryKey, null);
        }
        return unique.entrySet().stream().filter(e -> notNull.containsAll(e.getValue())).findFirst()
                .map(e -> new Key(e.getValue(), e.getKey())).orElse(new Key(List.of(), null));
    }
}
