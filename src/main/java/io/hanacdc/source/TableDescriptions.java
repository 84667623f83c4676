package io.hanacdc.source;

import io.hanacdc.common.CdcException;
import io.hanacdc.schema.SourceTable;
import io.hanacdc.schema.TableId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Many tables read from a catalog at once (columns, then keys), each described or refused alone, as
 * {@link SourceDialect#describeAll} promises: one unsupported column type refuses its table, not the task.
 */
public final class TableDescriptions {
    /** One table from its catalog rows and key; throws CdcException to refuse it. */
    public interface Builder<R> {
        SourceTable build(TableId id, List<R> rows, List<String> key);
    }

    private TableDescriptions() {}

    /**
     * The tables of {@code ids} that have columns, in that order; a name with none is no base table and left out.
     * {@code keyIndexes} names the unique index that is a table's key where it has no primary key.
     */
    public static <R> Map<TableId, SourceDialect.Description> assemble(List<TableId> ids, Map<TableId, List<R>> columns,
                                                                     Map<TableId, List<String>> keys, Map<TableId, String> keyIndexes,
                                                                     Builder<R> builder) {
        Map<TableId, SourceDialect.Description> out = new LinkedHashMap<>();
        for (TableId id : ids) {
            List<R> rows = columns.get(id);
            if (rows == null || out.containsKey(id)) {
                continue;
            }
            try {
                SourceTable table = builder.build(id, rows, keys.getOrDefault(id, List.of()));
                table.keyColumns(); // every key column among the columns read
                out.put(id, new SourceDialect.Description(table, null, keyIndexes.get(id)));
            } catch (CdcException e) {
                out.put(id, new SourceDialect.Description(null, e, null));
            } catch (IllegalArgumentException e) { // a key column added between the two reads, say: read again at the next check
                out.put(id, new SourceDialect.Description(null, new CdcException("table " + id + " could not be described (did it change"
                        + " while it was read?): " + e.getMessage(), e), null));
            }
        }
        return out;
    }
}
