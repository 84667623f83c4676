package io.hanacdc.source;

import io.hanacdc.CdcException;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.schema.TablePattern;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns hanacdc.tables into described tables, checking all of them before anything is installed:
 * a missing table, an empty pattern, a table without primary key or with an unsupported column type
 * stops the task with a message naming it.
 */
public final class TableResolver {
    private final SourceDialect dialect;
    private final String cdcSchema;

    public TableResolver(SourceDialect dialect, String cdcSchema) {
        this.dialect = dialect;
        this.cdcSchema = cdcSchema;
    }

    public List<SourceTable> resolve(Connection c, List<TablePattern> patterns) throws SQLException {
        Map<TableId, SourceTable> out = new LinkedHashMap<>();
        for (TablePattern p : patterns) {
            if (p.schema().equals(cdcSchema)) {
                throw new CdcException("hanacdc.tables entry " + p + " points into the CDC schema " + cdcSchema + ", which holds hana-cdc's own tables");
            }
            for (TableId id : ids(c, p)) {
                SourceTable t = dialect.describe(c, id).orElseThrow(() -> new CdcException("table " + id
                        + " (from hanacdc.tables) does not exist in the source as a table; names are case-sensitive, check the spelling"));
                if (t.primaryKey().isEmpty()) {
                    throw new CdcException("table " + id + " has no primary key: hana-cdc needs one to apply updates and deletes."
                            + " Add a primary key, or leave the table out of hanacdc.tables");
                }
                out.putIfAbsent(id, t);
            }
        }
        return new ArrayList<>(out.values());
    }

    private List<TableId> ids(Connection c, TablePattern p) throws SQLException {
        if (!p.isWildcard()) {
            return List.of(new TableId(p.schema(), p.table()));
        }
        List<TableId> matched = dialect.listTables(c, p.schema()).stream().filter(p::matches).toList();
        if (matched.isEmpty()) {
            throw new CdcException("hanacdc.tables pattern " + p + " matches no table in schema " + p.schema()
                    + "; names are case-sensitive, check the spelling");
        }
        return matched;
    }
}
