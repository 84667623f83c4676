package io.hanacdc.sink.postgres;

import io.hanacdc.common.CdcException;
import io.hanacdc.config.TargetNames;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import io.hanacdc.sink.ValueRules;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one place a source table's PostgreSQL target table is named: hanacdc.target.table-name, and
 * hanacdc.target.database-map naming the target schema (unmapped source schemas go to the URL's current schema).
 * Names are quoted, so kept exactly as written, case included; one longer than PostgreSQL's 63 bytes, which it would
 * cut silently, is refused.
 */
final class PgNaming {
    private static final int MAX_BYTES = 63;
    private final TargetNames names;
    private final String defaultSchema;
    private final ValueRules rules;

    PgNaming(TargetNames names, String defaultSchema, ValueRules rules) {
        this.names = names;
        this.defaultSchema = defaultSchema;
        this.rules = rules;
    }

    PgTable table(SourceTable source) {
        TableId id = source.id();
        String name = names.tableName(id);
        int bytes = name.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_BYTES || name.isEmpty() || name.indexOf('\0') >= 0) {
            throw new CdcException("table " + id + " would be written to target table " + name + ", which " + (bytes > MAX_BYTES ? "is "
                    + bytes + " bytes long, longer than the " + MAX_BYTES + " PostgreSQL keeps" : "PostgreSQL does not allow")
                    + ": change " + TargetNames.TEMPLATE_KEY + " (now " + names.template() + ") or replicate this table with another task");
        }
        return new PgTable(schema(id), name, source, rules);
    }

    String describe(TableId id) {
        return schema(id) + "." + names.tableName(id);
    }

    private String schema(TableId id) {
        return names.database(id).orElse(defaultSchema);
    }

    /** The target tables of the given source tables, refusing two with one name and schemas the target database lacks. */
    List<PgTable> tables(List<SourceTable> sources, Set<String> schemas) {
        Map<List<String>, PgTable> byName = new HashMap<>();
        List<PgTable> out = new ArrayList<>();
        for (SourceTable source : sources) {
            PgTable t = table(source);
            PgTable clash = byName.putIfAbsent(List.of(t.schema(), t.name()), t);
            if (clash != null) {
                throw new CdcException("tables " + clash.source().id() + " and " + source.id() + " would both be written to target table "
                        + t.qualifiedName() + ": give them distinct names with " + TargetNames.TEMPLATE_KEY + " (e.g. ${schema}_${table}) or "
                        + TargetNames.MAP_KEY + ", or replicate them with separate tasks");
            }
            if (!schemas.contains(t.schema())) {
                throw new CdcException("table " + source.id() + " would be written to target schema " + t.schema() + " (" + TargetNames.MAP_KEY
                        + "), which the target database does not have: create it, or change the map");
            }
            out.add(t);
        }
        return out;
    }
}
