package io.hanacdc.source;

import io.hanacdc.common.CdcException;
import io.hanacdc.common.StartupTimeline;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.schema.TablePattern;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns hanacdc.tables into described tables, checking all of them before anything is installed.
 * A table that cannot be replicated (missing, without a key, with a column hana-cdc cannot
 * carry) is refused with a message naming it, and the caller decides: the task stops that table
 * alone, the install command refuses. A pattern that matches nothing, or one pointing into the CDC
 * schema, is a mistake in the settings and stops everything.
 */
public final class TableResolver {
    private static final Logger LOG = LoggerFactory.getLogger(TableResolver.class);
    /**
     * The tables that can be replicated, and why each other one cannot; {@code keyIndexes}: of a table without a
     * primary key, the unique index that serves as its key.
     */
    public record Resolved(List<SourceTable> tables, Map<TableId, String> refused, Map<TableId, String> keyIndexes) {
        public Resolved {
            tables = List.copyOf(tables);
            refused = Collections.unmodifiableMap(new LinkedHashMap<>(refused));
            keyIndexes = Map.copyOf(keyIndexes);
        }

        /** Every table, or an error naming each refused one. */
        public List<SourceTable> all() {
            if (!refused.isEmpty()) {
                throw new CdcException(reasons(refused));
            }
            return tables;
        }

        /** The reasons, one per table, as one message. */
        public static String reasons(Map<TableId, String> refused) {
            return String.join("; ", refused.values());
        }
    }

    private final SourceDialect dialect;
    private final String cdcSchema;

    public TableResolver(SourceDialect dialect, String cdcSchema) {
        this.dialect = dialect;
        this.cdcSchema = cdcSchema;
    }

    /** Every listed table, described with one catalog read for all of them where the dialect can. */
    public Resolved resolve(Connection c, List<TablePattern> patterns) throws SQLException {
        long t = System.nanoTime();
        Set<TableId> ids = new LinkedHashSet<>();
        for (TablePattern p : patterns) {
            if (p.schema().equals(cdcSchema)) {
                throw new CdcException("hanacdc.tables entry " + p + " points into the CDC schema " + cdcSchema + ", which holds hana-cdc's own tables");
            }
            ids.addAll(ids(c, p));
        }
        Map<TableId, SourceDialect.Description> described = dialect.describeAll(c, List.copyOf(ids));
        Map<TableId, SourceTable> out = new LinkedHashMap<>();
        Map<TableId, String> refused = new LinkedHashMap<>();
        Map<TableId, String> keyIndexes = new LinkedHashMap<>();
        for (TableId id : ids) {
            try {
                out.put(id, checked(id, described.get(id)));
                if (described.get(id).keyIndex() != null) {
                    keyIndexes.put(id, described.get(id).keyIndex());
                }
            } catch (CdcException e) {
                refused.put(id, e.getMessage());
            }
        }
        StartupTimeline.took("catalog read: " + ids.size() + " table(s) resolved", t);
        return new Resolved(new ArrayList<>(out.values()), refused, keyIndexes);
    }

    private static SourceTable checked(TableId id, SourceDialect.Description d) {
        if (d == null) {
            throw new CdcException("table " + id + " (from hanacdc.tables) does not exist in the source as a table; names are case-sensitive,"
                    + " check the spelling");
        }
        if (d.refused() != null) {
            throw d.refused();
        }
        SourceTable t = d.table();
        if (t.primaryKey().isEmpty()) {
            throw new CdcException("table " + id + " has no primary key, nor a unique index over NOT NULL columns only: hana-cdc needs"
                    + " one to apply updates and deletes. Add a primary key, or leave the table out of hanacdc.tables");
        }
        if (d.keyIndex() != null) {
            LOG.info("table {} has no primary key: its unique index {} on ({}) serves as its key", id, d.keyIndex(), String.join(", ", t.primaryKey()));
        }
        return t;
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
